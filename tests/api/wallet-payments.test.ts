// JazzCash at checkout, end to end in one process: the shop's handlers with real Request objects,
// the JazzCash stand-in (src/demo/jazzcash-stand-in.ts) on 127.0.0.1 as the wallet, its signed
// IPNs delivered to /api/payments/jazzcash/webhook over HTTP, a local SMTP catcher for the mails.
// The order is placed unpaid, the request goes to the stand-in's "phone", and only the verified
// IPN (or the read-back) marks it paid. Every hostile delivery changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { startJazzCashStandIn } from '../../src/demo/jazzcash-stand-in.ts';
import { CARD_MESSAGES } from '../../src/lib/cards.ts';
import { COD_CONFIRM_MESSAGES } from '../../src/lib/orders/cod-confirmation.ts';
import {
  CNIC_MESSAGES,
  WALLET_COD_MESSAGES,
  WALLET_DECLINED_NOTE,
} from '../../src/lib/wallet-api.ts';
import { money } from '../../src/lib/money.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { isPaidInFull } from '../../src/lib/orders/ledger.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { expireUnpaidCardOrders, JAZZCASH_PROVIDER } from '../../src/server/payments/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { startShopOverHttp } from '../fixtures/shop-server.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { captureLogLines } from '../fixtures/log-lines.ts';

const creds = {
  merchantId: 'MC10042',
  password: 'stand-in-pass',
  integritySalt: 'salt-0123456789',
};
const JAZZCASH_ENV = {
  JAZZCASH_ENVIRONMENT: 'sandbox',
  JAZZCASH_MERCHANT_ID: creds.merchantId,
  JAZZCASH_PASSWORD: creds.password,
  JAZZCASH_INTEGRITY_SALT: creds.integritySalt,
};
const WEBHOOK = 'http://localhost/api/payments/jazzcash/webhook';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let stand: Awaited<ReturnType<typeof startJazzCashStandIn>>;
let shopServer: Awaited<ReturnType<typeof startShopOverHttp>>;
let logLines: Record<string, unknown>[];

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  shopServer = await startShopOverHttp();
  stand = await startJazzCashStandIn({
    ...creds,
    ipnUrl: `${shopServer.origin}${JAZZCASH_PROVIDER.webhookPath}`,
  });
  Object.assign(process.env, JAZZCASH_ENV, {
    JAZZCASH_API_URL: stand.url,
    RATES_URL: rates.url,
    SMTP_URL: smtp.url,
    THROTTLE_ADDRESS_FACTOR: '100',
  });
  await stockShelves([
    makeProduct({
      _id: 'city-tote',
      productName: 'City Tote',
      price: 12_000,
      discountPercent: 0,
      wholesalePrice: null,
    }),
  ]);
});
afterAll(async () => {
  for (const name of [...Object.keys(JAZZCASH_ENV), 'JAZZCASH_API_URL']) delete process.env[name];
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  delete process.env.THROTTLE_ADDRESS_FACTOR;
  await stand.close();
  await shopServer.close();
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});
beforeEach(() => {
  logLines = captureLogLines();
  stand.state.phone = 'never';
});
afterEach(async () => {
  await stand.settled();
  await settleBackground();
  stand.state.mode = 'ok';
  vi.restoreAllMocks();
});

const webhookLines = () => logLines.filter((l) => l.msg === 'jazzcash webhook');
const stored = async (id: string) => (await (await getStore()).orders.get(id)) as OrderRecord;

/** Places a Lahore order paid by JazzCash, as the checkout does, for a new shopper. */
async function placeJazzCashOrder(wallet = { walletNumber: '0301 2345678', walletCnic: '345678' }) {
  const who = await signUp('Wallet Shopper');
  return call(account, '/api/order/COD', {
    token: who.token,
    headers: { 'idempotency-key': `jc-${randomUUID()}` },
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: lahoreAddress({ email: who.email }),
      currency: 'PKR',
      paymentMethod: 'JazzCash',
      ...wallet,
    },
  });
}

/** The phone answers the order's request; resolves once the IPN was taken in. */
async function phone(order: OrderRecord, approve: boolean) {
  expect(stand.answer(order.card!.reference, approve)).toBe(true);
  await stand.settled();
  await settleBackground();
}

/** An IPN as a Request to the shop, from the stand-in's signed fields (altered and re-signed). */
function ipn(fields: Record<string, string>) {
  return new Request(WEBHOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
}

async function deliver(request: Request) {
  const res = await shop(request);
  await settleBackground();
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('checkout with JazzCash', () => {
  it('places a Lahore order unpaid and sends the payment request for its total in paisa to the phone', async () => {
    const answer = await placeJazzCashOrder();
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({
      status: 'Order Placed',
      payment: false,
      paymentMethod: 'JazzCash',
    });
    const order = await stored(answer.body.orderId);
    expect(answer.body.payUrl).toBe(
      `http://localhost/yourOrders/order?n=${shortNumber(order.id)}&wallet=phone`,
    );
    expect(order.card).toEqual({
      reference: expect.stringMatching(/^T\d{14}[0-9a-f]{5}$/),
      chargeCurrency: 'PKR',
      chargeMinor: order.total * 100,
    });
    expect(stand.state.transactions.get(order.card!.reference)).toMatchObject({
      amount: order.total * 100,
      currency: 'PKR',
      mobile: '03012345678',
      billReference: order.id,
      code: '157',
    });
  });

  it('refuses an order without the CNIC digits, or with fewer than six, and places nothing', async () => {
    const before = stand.state.transactions.size;
    const none = await placeJazzCashOrder({ walletNumber: '03012345678', walletCnic: '' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('The last 6 digits of your CNIC are required');
    const short = await placeJazzCashOrder({ walletNumber: '03012345678', walletCnic: '12a45' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(CNIC_MESSAGES.invalid);
    expect(CNIC_MESSAGES.invalid).toBe('CNIC last 6 digits must be exactly 6 digits');
    expect(stand.state.transactions.size).toBe(before);
  });

  it('is paid once the phone approves: the IPN records JazzCash’s reference by JazzCash, and the shopper is mailed', async () => {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    await phone(order, true);
    const paid = await stored(order.id);
    expect(isPaidInFull(paid)).toBe(true);
    expect(paid.payments!.map((e) => [e.kind, e.method, e.reference, e.by.email])).toEqual([
      ['payment', 'JazzCash', order.card!.reference, 'JazzCash'],
    ]);
    expect(webhookLines().map((l) => l.verdict)).toEqual(['taken']);
    // Once paid, the confirmation says the wallet payment arrived.
    const placed = `Thank you for your order #${shortNumber(order.id)}.`;
    const confirmations = () =>
      smtp.mails.map((m) => mailText(m.raw)).filter((text) => text.includes(placed));
    await expect
      .poll(() => confirmations().filter((t) => t.includes('Your JazzCash payment was received.')))
      .toHaveLength(1);
  });

  it('confirms the order to the shopper once, when the phone approved it, not when it was placed', async () => {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    const placed = `Thank you for your order #${shortNumber(order.id)}.`;
    const confirmations = () =>
      smtp.mails.map((m) => mailText(m.raw)).filter((text) => text.includes(placed));
    await settleBackground();
    expect(confirmations()).toEqual([]);
    await phone(order, true);
    await expect.poll(() => confirmations().length).toBe(1);
    expect(confirmations()[0]).toContain('Your JazzCash payment was received. Thank you.');
    expect(confirmations()[0]).not.toContain('We will send');
  });

  it('confirms at once, to be paid by hand, an order whose request could not reach JazzCash', async () => {
    stand.state.mode = 'fail';
    const answer = await placeJazzCashOrder();
    expect(answer.status).toBe(201);
    const order = await stored(answer.body.orderId);
    expect(order.card).toBeUndefined();
    const placed = `Thank you for your order #${shortNumber(order.id)}.`;
    await expect
      .poll(() => smtp.mails.map((m) => mailText(m.raw)).filter((t) => t.includes(placed)))
      .toEqual([
        expect.stringContaining(
          'We will send a JazzCash payment request to 03012345678. Your order ships once it is paid.',
        ),
      ]);
  });

  it('stays Order Placed when the phone rejects, with the rejection on its timeline', async () => {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    await phone(order, false);
    const rejected = await stored(order.id);
    expect(rejected.status).toBe('Order Placed');
    expect(isPaidInFull(rejected)).toBe(false);
    expect(rejected.history!.at(-1)).toMatchObject({ note: WALLET_DECLINED_NOTE });
    expect(WALLET_DECLINED_NOTE).toBe('Payment not approved on the phone');
  });

  it('shows its owner the request waiting on the phone, then not approved, then waiting again after Pay again, and paid', async () => {
    const who = await signUp('Pay Again');
    const placed = await call(account, '/api/order/COD', {
      token: who.token,
      headers: { 'idempotency-key': `jc-${randomUUID()}` },
      body: {
        items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address: lahoreAddress({ email: who.email }),
        currency: 'PKR',
        paymentMethod: 'JazzCash',
        walletNumber: '03012345678',
        walletCnic: '345678',
      },
    });
    const number = shortNumber(placed.body.orderId);
    const view = async () =>
      (await call(account, '/api/order/show', { token: who.token, body: { number } })).body.order;
    expect(await view()).toMatchObject({ awaitsPhone: true, payment: false });
    expect(await view()).not.toHaveProperty('cardDeclined');
    const first = await stored(placed.body.orderId);
    await phone(first, false);
    expect(await view()).toMatchObject({ awaitsPhone: true, cardDeclined: true });
    const noCnic = await call(account, '/api/order/pay', {
      token: who.token,
      body: { orderId: first.id },
    });
    expect(noCnic.status).toBe(400);
    expect(noCnic.body.message).toBe('The last 6 digits of your CNIC are required');
    const again = await call(account, '/api/order/pay', {
      token: who.token,
      body: { orderId: first.id, walletCnic: '345678' },
    });
    expect(again.status).toBe(200);
    expect(again.body.redirectUrl).toBe(
      `http://localhost/yourOrders/order?n=${number}&wallet=phone`,
    );
    expect(await view()).not.toHaveProperty('cardDeclined');
    const second = await stored(first.id);
    expect(second.card!.earlier).toEqual([first.card!.reference]);
    await phone(second, true);
    expect(await view()).toMatchObject({ payment: true });
  });

  it('cannot be recorded by hand at the desk while its request waits on the phone', async () => {
    const answer = await placeJazzCashOrder();
    const owner = await enrol('owner', 'Wallet Desk');
    const typed = await deskCall('orders/payment', {
      token: owner.token,
      body: { order: answer.body.orderId, method: 'JazzCash', amount: 12_250, reference: 'TYPED1' },
    });
    expect(typed.status).toBe(409);
    expect(typed.body.message).toBe(CARD_MESSAGES.unpaidRecord);
  });

  it('shows the desk the wait and the reference of each request sent to the phone, then the payment under the last one', async () => {
    const who = await signUp('Wallet Requests');
    const answer = await call(account, '/api/order/COD', {
      token: who.token,
      headers: { 'idempotency-key': `jc-${randomUUID()}` },
      body: {
        items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address: lahoreAddress({ email: who.email }),
        currency: 'PKR',
        paymentMethod: 'JazzCash',
        walletNumber: '03012345678',
        walletCnic: '345678',
      },
    });
    const first = await stored(answer.body.orderId);
    const owner = await enrol('owner', 'Wallet Requests Desk');
    const show = async () =>
      (await deskCall('orders/show', { token: owner.token, body: { order: first.id } })).body.order;
    expect(await show()).toMatchObject({
      cardWait: 'awaiting card payment',
      walletRequests: [first.card!.reference],
    });
    await phone(first, false);
    expect(await show()).toMatchObject({ cardWait: 'card declined' });
    const again = await call(account, '/api/order/pay', {
      token: who.token,
      body: { orderId: first.id, walletCnic: '345678' },
    });
    expect(again.status).toBe(200);
    const second = await stored(first.id);
    await phone(second, true);
    const paid = await show();
    expect(paid.walletRequests).toEqual([first.card!.reference, second.card!.reference]);
    expect(paid).not.toHaveProperty('cardWait');
    expect(paid.payments.map((p: { reference: string }) => p.reference)).toEqual([
      second.card!.reference,
    ]);
  });

  it('is paid by the read-back when the IPN was lost and the hour ran out', async () => {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    const saved = stand.state.ipnUrl;
    stand.state.ipnUrl = null;
    expect(stand.answer(order.card!.reference, true)).toBe(true);
    stand.state.ipnUrl = saved;
    const later = new Date(Date.parse(order.date) + 61 * 60_000);
    const settled = await expireUnpaidCardOrders(await getDeps(), later);
    expect(settled.get(order.id)).toBe('paid');
    expect(isPaidInFull(await stored(order.id))).toBe(true);
  });
});

describe('the JazzCash webhook', () => {
  /** A placed order whose request the phone approved without its IPN reaching the shop. */
  async function approvedQuietly() {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    const saved = stand.state.ipnUrl;
    stand.state.ipnUrl = null;
    stand.answer(order.card!.reference, true);
    stand.state.ipnUrl = saved;
    return order;
  }

  it('refuses a forged pp_SecureHash with 401 and changes nothing', async () => {
    const order = await approvedQuietly();
    const fields = { ...stand.ipnOf(order.card!.reference), pp_SecureHash: 'AB'.repeat(32) };
    expect((await deliver(ipn(fields))).status).toBe(401);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines().map((l) => l.reason)).toEqual(['bad-signature']);
  });

  it('refuses an IPN signed with another salt', async () => {
    const order = await approvedQuietly();
    const other = await startJazzCashStandIn({ ...creds, integritySalt: 'another-salt-000' });
    const fields = other.sign({ ...stand.ipnOf(order.card!.reference) });
    await other.close();
    expect((await deliver(ipn(fields))).status).toBe(401);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
  });

  it('refuses a stale IPN, signed two hours ago, with 400', async () => {
    const order = await approvedQuietly();
    const old = new Date(Date.now() - 2 * 3_600_000 + 5 * 3_600_000);
    const fields = stand.sign({
      ...stand.ipnOf(order.card!.reference),
      pp_TxnDateTime: old.toISOString().slice(0, 19).replace(/[-:T]/g, ''),
    });
    expect((await deliver(ipn(fields))).status).toBe(400);
    expect(webhookLines().map((l) => l.reason)).toEqual(['stale-timestamp']);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
  });

  it('takes a replayed IPN once: the payment is recorded once', async () => {
    const order = await approvedQuietly();
    const fields = stand.ipnOf(order.card!.reference);
    expect((await deliver(ipn(fields))).status).toBe(200);
    expect((await deliver(ipn(fields))).status).toBe(200);
    expect((await stored(order.id)).payments).toHaveLength(1);
    expect(webhookLines().map((l) => l.verdict)).toEqual(['taken', 'replay']);
  });

  it('records nothing for a signed IPN of another amount', async () => {
    const order = await approvedQuietly();
    const base = stand.ipnOf(order.card!.reference);
    const less = stand.sign({ ...base, pp_Amount: String(order.card!.chargeMinor - 100) });
    expect((await deliver(ipn(less))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines().map((l) => l.outcome)).toEqual([
      `amount ${order.card!.chargeMinor - 100} is not the charge ${order.card!.chargeMinor}`,
    ]);
  });

  it('records nothing for a signed IPN of another currency', async () => {
    const order = await approvedQuietly();
    const usd = stand.sign({ ...stand.ipnOf(order.card!.reference), pp_TxnCurrency: 'USD' });
    expect((await deliver(ipn(usd))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines().map((l) => l.outcome)).toEqual(["currency USD is not the charge's PKR"]);
  });

  it('records nothing on someone else’s order named in a signed IPN', async () => {
    const mine = await approvedQuietly();
    const theirs = await stored((await placeJazzCashOrder()).body.orderId);
    const fields = stand.sign({
      ...stand.ipnOf(mine.card!.reference),
      pp_BillReference: theirs.id,
    });
    expect((await deliver(ipn(fields))).status).toBe(200);
    expect(isPaidInFull(await stored(theirs.id))).toBe(false);
    expect(isPaidInFull(await stored(mine.id))).toBe(false);
    expect(webhookLines().at(-1)).toMatchObject({
      verdict: 'mismatch',
      outcome: 'payment reference not opened for this order',
    });
  });

  it('refuses an oversized body with 413 and a malformed one with 400', async () => {
    const big = ipn({ pp_Description: 'x'.repeat(70 * 1024) });
    expect((await deliver(big)).status).toBe(413);
    const broken = new Request(WEBHOOK, { method: 'POST', body: '{"pp_TxnRefNo":' });
    expect((await deliver(broken)).status).toBe(400);
    const nested = ipn({ pp_TxnRefNo: { $ne: 1 } } as unknown as Record<string, string>);
    expect((await deliver(nested)).status).toBe(400);
  });
});

describe('refunds to a JazzCash wallet', () => {
  it('go from the desk through JazzCash’s refund API, reserved then sent, and end refunded', async () => {
    const answer = await placeJazzCashOrder();
    const order = await stored(answer.body.orderId);
    await phone(order, true);
    const owner = await enrol('owner', 'Wallet Refunds');
    const refund = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: order.id, method: 'JazzCash', amount: order.total, note: 'Changed mind' },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.order).toMatchObject({ payment: 'refunded', held: 0 });
    expect(stand.state.transactions.get(order.card!.reference)!.refunded).toBe(order.total * 100);
    const refunds = (await stored(order.id)).payments!.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.method, e.pending, e.charge])).toEqual([
      ['JazzCash', true, { currency: 'PKR', minor: order.total * 100 }],
    ]);
    expect((await stored(order.id)).refundOutcomes).toEqual({ [refunds[0]!.id]: 'sent' });
  });
});

describe('switching a declined JazzCash order to Cash on Delivery', () => {
  /** A new shopper's JazzCash order, placed as the checkout does; the shopper and the stored order. */
  async function placed() {
    const who = await signUp('Cod Switcher');
    const answer = await call(account, '/api/order/COD', {
      token: who.token,
      headers: { 'idempotency-key': `jc-${randomUUID()}` },
      body: {
        items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address: lahoreAddress({ email: who.email }),
        currency: 'PKR',
        paymentMethod: 'JazzCash',
        walletNumber: '03012345678',
        walletCnic: '345678',
      },
    });
    return { who, order: await stored(answer.body.orderId) };
  }
  const switchToCod = (token: string, orderId: string) =>
    call(account, '/api/order/switch-to-cod', { token, body: { orderId } });

  it('switches it for its shopper: COD on the order page and the desk, confirmed by mail, and packable', async () => {
    const { who, order } = await placed();
    await phone(order, false);
    const switched = await switchToCod(who.token, order.id);
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ success: true, message: WALLET_COD_MESSAGES.switched });
    expect(WALLET_COD_MESSAGES.switched).toBe(
      'Your order is now Cash on Delivery: pay in cash when it arrives.',
    );
    const number = shortNumber(order.id);
    const view = (await call(account, '/api/order/show', { token: who.token, body: { number } }))
      .body.order;
    expect(view).toMatchObject({ paymentMethod: 'COD', payment: false });
    expect(view).not.toHaveProperty('awaitsPhone');
    const owner = await enrol('owner', 'Cod Desk');
    const desk = (await deskCall('orders/show', { token: owner.token, body: { order: order.id } }))
      .body.order;
    expect(desk).toMatchObject({ paymentMethod: 'COD', payments: [], status: 'Order Placed' });
    expect(desk).not.toHaveProperty('cardWait');
    const placedMail = `Thank you for your order #${number}.`;
    await expect
      .poll(() => smtp.mails.map((m) => mailText(m.raw)).filter((t) => t.includes(placedMail)))
      .toEqual([expect.stringContaining('Payment: Cash on Delivery, in cash when it arrives\n')]);
    expect(
      smtp.mails.map((m) => mailText(m.raw)).find((t) => t.includes(placedMail)),
    ).not.toContain('payment request');
    const packed = await deskCall('orders/move', {
      token: owner.token,
      body: { order: order.id, from: 'Order Placed', to: 'Packing' },
    });
    expect(packed.status).toBe(200);
    // Once switched it is COD: no Pay again, and no second switch.
    const payAgain = await call(account, '/api/order/pay', {
      token: who.token,
      body: { orderId: order.id, walletCnic: '345678' },
    });
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.message).toBe(CARD_MESSAGES.notCard);
    const again = await switchToCod(who.token, order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WALLET_COD_MESSAGES.notWallet);
  });

  it('makes it wait for the shopper’s confirmation when the owner holds every COD order', async () => {
    const owner = await enrol('owner', 'Cod Rule');
    const rule = (codConfirmation: unknown) =>
      deskCall('settings/save', { token: owner.token, body: { codConfirmation } });
    expect((await rule({ rule: 'all', hours: 24 })).status).toBe(200);
    try {
      const { who, order } = await placed();
      await phone(order, false);
      expect((await switchToCod(who.token, order.id)).status).toBe(200);
      await settleBackground();
      const waiting = await stored(order.id);
      expect(waiting).toMatchObject({
        paymentMethod: 'COD',
        codConfirmation: { state: 'waiting', channel: 'email' },
      });
      const number = shortNumber(order.id);
      expect(
        smtp.mails.map((m) => mailText(m.raw)).find((t) => t.includes(`order #${number}.`)),
      ).toMatch(/^Confirm: \S+\/order\/confirm\?n=/m);
      const packed = await deskCall('orders/move', {
        token: owner.token,
        body: { order: order.id, from: 'Order Placed', to: 'Packing' },
      });
      expect({ status: packed.status, message: packed.body.message }).toEqual({
        status: 409,
        message: COD_CONFIRM_MESSAGES.packingRefused,
      });
    } finally {
      expect((await rule({ rule: 'off', hours: 48 })).status).toBe(200);
    }
  });

  it('refuses someone else’s order with 404, and changes nothing', async () => {
    const { order } = await placed();
    await phone(order, false);
    const intruder = await signUp('Cod Intruder');
    const refused = await switchToCod(intruder.token, order.id);
    expect(refused.status).toBe(404);
    expect((await stored(order.id)).paymentMethod).toBe('JazzCash');
  });

  it('refuses while its request still waits on the phone, which could yet approve it', async () => {
    const { who, order } = await placed();
    const refused = await switchToCod(who.token, order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WALLET_COD_MESSAGES.stillWaiting);
    expect((await stored(order.id)).paymentMethod).toBe('JazzCash');
  });

  it('refuses a paid order: the payment recorded first wins', async () => {
    const { who, order } = await placed();
    await phone(order, false);
    const again = await call(account, '/api/order/pay', {
      token: who.token,
      body: { orderId: order.id, walletCnic: '345678' },
    });
    expect(again.status).toBe(200);
    await phone(await stored(order.id), true);
    const refused = await switchToCod(who.token, order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CARD_MESSAGES.alreadyPaid);
    expect((await stored(order.id)).paymentMethod).toBe('JazzCash');
  });

  it('refuses an order not paid by a wallet’s API, and a malformed body, changing nothing', async () => {
    const who = await signUp('Cod Already');
    const cod = await call(account, '/api/order/COD', {
      token: who.token,
      headers: { 'idempotency-key': `cod-${randomUUID()}` },
      body: {
        items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address: lahoreAddress({ email: who.email }),
        currency: 'PKR',
        paymentMethod: 'COD',
      },
    });
    const refused = await switchToCod(who.token, cod.body.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WALLET_COD_MESSAGES.notWallet);
    const malformed = await call(account, '/api/order/switch-to-cod', {
      token: who.token,
      body: { orderId: 'x'.repeat(65) },
    });
    expect(malformed.status).toBe(400);
  });

  it('records a payment of a request sent just before the switch by JazzCash: the COD order is paid, nothing is collected', async () => {
    const { who, order } = await placed();
    await phone(order, false);
    // A Pay again that passed its checks just before the switch sends its request just after.
    const deps = await getDeps();
    const gateway = JAZZCASH_PROVIDER.gateway(deps.config)!;
    expect((await switchToCod(who.token, order.id)).status).toBe(200);
    const late = await gateway.createPayment({
      orderId: order.id,
      amount: money(order.card!.chargeMinor, 'PKR'),
      returnUrl: 'http://localhost/return',
      cancelUrl: 'http://localhost/cancel',
      payer: { mobile: '03012345678', cnicLast6: '345678' },
    });
    await deps.store.orders.setCard(order.id, { ...order.card!, reference: late.reference });
    await phone(await stored(order.id), true);
    const paid = await stored(order.id);
    expect(paid.paymentMethod).toBe('COD');
    expect(isPaidInFull(paid)).toBe(true);
    expect(paid.payments!.map((e) => [e.method, e.reference, e.by.email])).toEqual([
      ['JazzCash', late.reference, 'JazzCash'],
    ]);
  });
});
