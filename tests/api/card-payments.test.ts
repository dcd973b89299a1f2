// Cards online, end to end in one process: the shop's handlers with real Request objects, the
// Safepay stand-in (src/demo/safepay-stand-in.ts) as the gateway on 127.0.0.1, its signed webhooks
// delivered to the shop over HTTP, a local SMTP catcher for the mails. A card order is placed
// unpaid, the shopper pays on the test page, and only the verified webhook marks it paid. Every
// hostile delivery (forged, replayed, stale, mismatched, oversized, malformed) changes nothing,
// is answered as the gateway expects, and leaves exactly one log line.
import fc from 'fast-check';
import {
  financialState,
  isPaidInFull,
  ledgerSums,
  pendingRefunds,
} from '../../src/lib/orders/ledger.ts';
import { deskCall, enrol } from '../fixtures/desk.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { pressTestPage, startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import { CARD_MESSAGES } from '../../src/lib/cards.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { ORDER_MESSAGES } from '../../src/lib/messages.ts';
import { orderTotalPkr } from '../../src/lib/orders/money.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { moveDeskOrder } from '../../src/server/orders/index.ts';
import { moveOrderStatus } from '../../src/server/orders/orders.ts';
import {
  PENDING_GRACE_MS,
  SAFEPAY_WEBHOOK_PATH,
  cardGateway,
  expireUnpaidCardOrders,
  reconcileCards,
} from '../../src/server/payments/index.ts';
import { CARD_REFUND_MESSAGES, sentCardMinor } from '../../src/server/payments/card-refunds.ts';
import { REFUND_MESSAGES } from '../../src/lib/contract/payments.ts';
import { currencyDigits, fromMinorUnits, money, roundToShown } from '../../src/lib/money.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { startShopOverHttp } from '../fixtures/shop-server.ts';
import { captureLogLines } from '../fixtures/log-lines.ts';

const keys = {
  apiKey: 'sec_3f9a2c1e-test-0001',
  secretKey: 'stand-in-secret-key-0001',
  webhookSecret: Buffer.alloc(32, 0x5a).toString('base64'),
};
const SAFEPAY_ENV = {
  SAFEPAY_ENVIRONMENT: 'sandbox',
  SAFEPAY_API_KEY: keys.apiKey,
  SAFEPAY_SECRET_KEY: keys.secretKey,
  SAFEPAY_WEBHOOK_SECRET: keys.webhookSecret,
};
const ukAddress = (email: string) =>
  lahoreAddress({ email, country: 'United Kingdom', state: 'England', city: 'Leeds' });

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let stand: Awaited<ReturnType<typeof startSafepayStandIn>>;
let shopServer: Awaited<ReturnType<typeof startShopOverHttp>>;
let shopper: { token: string; email: string };
let logLines: Record<string, unknown>[];

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  // The shop's API over HTTP, as `npm start` serves it, for the stand-in's webhook deliveries.
  shopServer = await startShopOverHttp();
  stand = await startSafepayStandIn({
    ...keys,
    webhookUrl: `${shopServer.origin}${SAFEPAY_WEBHOOK_PATH}`,
    retryDelaysMs: [],
  });
  Object.assign(process.env, SAFEPAY_ENV, {
    SAFEPAY_API_URL: stand.url,
    SAFEPAY_TIMEOUT_MS: '2000',
    RATES_URL: rates.url,
    SMTP_URL: smtp.url,
    // Every order here comes from one test address.
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
  for (const name of [...Object.keys(SAFEPAY_ENV), 'SAFEPAY_API_URL', 'SAFEPAY_TIMEOUT_MS'])
    delete process.env[name];
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  delete process.env.THROTTLE_ADDRESS_FACTOR;
  await stand.close();
  await shopServer.close();
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});
beforeEach(() => {
  logLines = captureLogLines();
});
afterEach(async () => {
  await stand.idle();
  await settleBackground();
  stand.state.mode = 'ok';
  stand.state.refundDelayMs = 0;
  stand.state.loseRefundAnswers = 0;
  stand.state.downAfterLostRefund = false;
  vi.restoreAllMocks();
});

const webhookLines = () => logLines.filter((l) => l.msg === 'card webhook');

/**
 * Places a card order as the checkout does, for a new shopper (the shop throttles orders per
 * shopper) shipping to the UK unless told otherwise; `shopper` is then that shopper.
 */
async function placeCardOrder(
  place: (email: string) => { address: ReturnType<typeof ukAddress>; currency: string } = (
    email,
  ) => ({ address: ukAddress(email), currency: 'GBP' }),
) {
  const who = await signUp('Card Shopper');
  shopper = who;
  const { address, currency } = place(who.email);
  const answer = await call(account, '/api/order/COD', {
    token: who.token,
    headers: { 'idempotency-key': `card-${randomUUID()}` },
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address,
      currency,
      paymentMethod: 'Card',
    },
  });
  return answer;
}

const stored = async (id: string) => (await (await getStore()).orders.get(id)) as OrderRecord;

/** Opens the hosted page and presses one of its buttons, as the shopper's browser would. */
async function press(payUrl: string, choice: 'pay' | 'decline' | 'cancel') {
  const { location } = await pressTestPage(payUrl, choice);
  await stand.idle();
  await settleBackground();
  return location;
}

/** A webhook delivery signed as Safepay signs it (or with another key), as a Request to the shop. */
function delivery(
  body: unknown,
  opts: { at?: Date; secret?: string; extraBytes?: number } = {},
): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = (opts.at ?? new Date()).toISOString();
  const key = Buffer.from(opts.secret ?? keys.webhookSecret, 'base64');
  const signature = createHmac('sha256', key).update(`${timestamp}.${text}`).digest('hex');
  return new Request(`http://localhost${SAFEPAY_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sfpy-signature': signature,
      'x-sfpy-timestamp': timestamp,
    },
    body: text,
  });
}

/** A payment event for `order` as the stand-in sends it, with fields overridden. */
function paidEvent(order: OrderRecord, data: Record<string, unknown> = {}) {
  return {
    token: `evt_${randomUUID()}`,
    type: 'payment.succeeded',
    data: {
      tracker: order.card!.reference,
      amount: order.card!.chargeMinor,
      currency: order.card!.chargeCurrency,
      metadata: { order_id: order.id },
      ...data,
    },
  };
}

async function deliver(request: Request) {
  const res = await shop(request);
  await settleBackground();
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('checkout with a card', () => {
  it('places a UK order unpaid, charged in pounds, and answers the hosted page to go to', async () => {
    const answer = await placeCardOrder();
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      message: ORDER_MESSAGES.placed,
      order: { status: 'Order Placed', payment: false, paymentMethod: 'Card', currency: 'GBP' },
    });
    const order = await stored(answer.body.orderId);
    const payUrl = new URL(answer.body.payUrl);
    expect(`${payUrl.origin}${payUrl.pathname}`).toBe(`${stand.url}/embedded/`);
    expect(payUrl.searchParams.get('tracker')).toBe(order.card!.reference);
    expect(payUrl.searchParams.get('redirect_url')).toBe(
      `http://localhost/yourOrders/order?n=${shortNumber(order.id)}&card=return`,
    );
    expect(order.card).toEqual({
      reference: expect.stringMatching(/^track_/),
      chargeCurrency: 'GBP',
      chargeMinor: Math.round(order.total * 100),
    });
    expect(stand.state.trackers.get(order.card!.reference)).toMatchObject({
      currency: 'GBP',
      amount: Math.round(order.total * 100),
    });
    // Nothing is confirmed to the shopper, nor announced to the owner, before the card is paid.
    await settleBackground();
    expect(smtp.mails.filter((m) => mailText(m.raw).includes(shortNumber(order.id)))).toEqual([]);
  });

  it('charges an order in a currency Safepay does not take in rupees: the order in PKR to the paisa', async () => {
    const answer = await placeCardOrder((email) => ({
      address: lahoreAddress({ email, country: 'Japan', state: 'Tokyo', city: 'Tokyo' }),
      currency: 'JPY',
    }));
    expect(answer.status).toBe(201);
    const order = await stored(answer.body.orderId);
    expect(order.card).toMatchObject({
      chargeCurrency: 'PKR',
      chargeMinor: orderTotalPkr(order) * 100,
    });
  });

  it('Pay on the test page: the signed webhook marks it paid once, mails the shopper once, and tells the owner "paid by card"', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    const back = await press(placed.body.payUrl, 'pay');
    expect(back).toContain(`/yourOrders/order?n=${shortNumber(id)}&card=return`);
    const order = await stored(id);
    expect(isPaidInFull(order)).toBe(true);
    expect(order.payments).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        kind: 'payment',
        method: 'Card',
        amount: order.total,
        amountPkr: expect.any(Number),
        reference: order.card!.reference,
        by: { id: 'gateway', email: 'Safepay' },
        status: 'Order Placed',
      },
    ]);
    const mails = smtp.mails.filter((m) => mailText(m.raw).includes(`#${shortNumber(id)}`));
    const confirmations = mails.filter((m) => m.to.includes(shopper.email));
    expect(confirmations).toHaveLength(1);
    expect(mailText(confirmations[0]!.raw)).toContain('Your card payment was received. Thank you.');
    const alerts = mails.filter((m) => !m.to.includes(shopper.email));
    expect(alerts).toHaveLength(1);
    expect(mailText(alerts[0]!.raw)).toContain(
      `A new order #${shortNumber(id)} was placed and paid by card.`,
    );
    expect(mailText(alerts[0]!.raw)).toContain('Payment: Card (Visa, Mastercard), paid by card');
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'taken', outcome: 'recorded payment' }),
    ]);
  });

  it('Decline and Cancel leave the order unpaid and placed', async () => {
    const placed = await placeCardOrder();
    expect(await press(placed.body.payUrl, 'decline')).toContain('&card=cancelled');
    const order = await stored(placed.body.orderId);
    expect(order).toMatchObject({ status: 'Order Placed' });
    expect(isPaidInFull(order)).toBe(false);
    expect(order.payments).toBeUndefined();
  });
});

describe('the webhook', () => {
  let order: OrderRecord;
  beforeEach(async () => {
    const placed = await placeCardOrder();
    order = await stored(placed.body.orderId);
    // Paid on the gateway, its own webhook lost: each test sends its own delivery.
    stand.state.trackers.get(order.card!.reference)!.state = 'TRACKER_ENDED';
    logLines.length = 0;
  });

  it('records a valid signed event once, read back from the gateway', async () => {
    expect(await deliver(delivery(paidEvent(order)))).toEqual({
      status: 200,
      body: { success: true, message: CARD_MESSAGES.webhookTaken },
    });
    expect(isPaidInFull(await stored(order.id))).toBe(true);
    expect(webhookLines()).toHaveLength(1);
  });

  it('refuses a forged signature with 401, changing nothing, in one log line', async () => {
    const forged = delivery(paidEvent(order), { secret: Buffer.alloc(32, 1).toString('base64') });
    expect((await deliver(forged)).status).toBe(401);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'refused', reason: 'bad-signature' }),
    ]);
  });

  it('answers a replay of the same event id 200 and records nothing more', async () => {
    const event = paidEvent(order);
    await deliver(delivery(event));
    logLines.length = 0;
    expect(await deliver(delivery(event))).toMatchObject({ status: 200 });
    expect((await stored(order.id)).payments).toHaveLength(1);
    expect(webhookLines()).toEqual([expect.objectContaining({ verdict: 'replay' })]);
  });

  it('lets one of ten racing deliveries of one event record the payment', async () => {
    const event = paidEvent(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery(event))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await stored(order.id)).payments).toHaveLength(1);
    expect(webhookLines().filter((l) => l.verdict === 'taken')).toHaveLength(1);
  });

  it('refuses a timestamp older than 5 minutes with 400', async () => {
    const stale = delivery(paidEvent(order), { at: new Date(Date.now() - 5 * 60_000 - 1000) });
    expect((await deliver(stale)).status).toBe(400);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'refused', reason: 'stale-timestamp' }),
    ]);
  });

  it('takes an amount that is not the charge but records nothing', async () => {
    const answer = await deliver(
      delivery(paidEvent(order, { amount: order.card!.chargeMinor - 1 })),
    );
    expect(answer.status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([
      expect.objectContaining({
        verdict: 'mismatch',
        outcome: `amount ${order.card!.chargeMinor - 1} is not the charge ${order.card!.chargeMinor}`,
      }),
    ]);
  });

  it('takes a currency that is not the charge but records nothing', async () => {
    expect((await deliver(delivery(paidEvent(order, { currency: 'USD' })))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([
      expect.objectContaining({
        verdict: 'mismatch',
        outcome: "currency USD is not the charge's GBP",
      }),
    ]);
  });

  it('takes an event for an unknown order, or a payment not opened for the order, and records nothing', async () => {
    const unknown = paidEvent(order, { metadata: { order_id: randomUUID() } });
    expect((await deliver(delivery(unknown))).status).toBe(200);
    const other = paidEvent(order, { tracker: `track_${randomUUID()}` });
    expect((await deliver(delivery(other))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines().map((l) => l.outcome)).toEqual([
      'unknown order',
      'payment reference not opened for this order',
    ]);
  });

  it('records nothing when the gateway reads the payment as not paid, whatever the event says', async () => {
    stand.state.trackers.get(order.card!.reference)!.state = 'TRACKER_STARTED';
    expect((await deliver(delivery(paidEvent(order)))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([expect.objectContaining({ verdict: 'mismatch' })]);
  });

  it('refuses a body over 64 KB with 413 before reading it whole', async () => {
    const huge = paidEvent(order, { padding: 'x'.repeat(70 * 1024) });
    expect((await deliver(delivery(huge))).status).toBe(413);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'refused', reason: 'body-too-large' }),
    ]);
  });

  it('refuses a signed body that is not JSON with 400', async () => {
    expect((await deliver(delivery('{"token": "evt_1", "type":'))).status).toBe(400);
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'refused', reason: 'malformed-body' }),
    ]);
  });

  it('answers 500 and takes the event back when the gateway cannot be asked, so the retry records it', async () => {
    const event = paidEvent(order);
    stand.state.mode = 'fail';
    expect((await deliver(delivery(event))).status).toBe(500);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    stand.state.mode = 'ok';
    expect((await deliver(delivery(event))).status).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(true);
  });
});

describe('a card paid for an order cancelled meanwhile', () => {
  it('is refunded to the card through the gateway, and the owner is alerted', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    const cancelled = await call(account, '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id, reason: 'Ordered by mistake' },
    });
    expect(cancelled.status).toBe(200);
    await press(placed.body.payUrl, 'pay');
    const order = await stored(id);
    expect(order).toMatchObject({ status: 'Cancelled' });
    expect(isPaidInFull(order)).toBe(false);
    expect(stand.state.trackers.get(order.card!.reference)).toMatchObject({
      state: 'TRACKER_REFUNDED',
      refunded: order.card!.chargeMinor,
    });
    expect(
      logLines.some(
        (l) =>
          l.alert === 'card-after-cancel' &&
          String(l.msg).includes(`order #${shortNumber(id)}, which is cancelled`),
      ),
    ).toBe(true);
  });
});

describe('the gateway down at checkout', () => {
  it('keeps the order, says so plainly, and Pay now opens a fresh payment later', async () => {
    stand.state.mode = 'fail';
    const placed = await placeCardOrder();
    expect(placed.status).toBe(201);
    const id = placed.body.orderId as string;
    expect(placed.body).toMatchObject({
      message: CARD_MESSAGES.placedGatewayDown,
      payUrl: `http://localhost/yourOrders/order?n=${shortNumber(id)}&card=unopened`,
    });
    expect(await stored(id)).toMatchObject({ status: 'Order Placed' });
    expect(isPaidInFull(await stored(id))).toBe(false);
    const refused = await call(account, '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    expect(refused).toMatchObject({
      status: 503,
      body: { message: CARD_MESSAGES.gatewayDown },
    });
    stand.state.mode = 'ok';
    const payNow = await call(account, '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    expect(payNow.status).toBe(200);
    await press(payNow.body.redirectUrl, 'pay');
    expect(isPaidInFull(await stored(id))).toBe(true);
  });

  it("refuses Pay now on someone else's order, on a paid one and on a cancelled one", async () => {
    const placed = await placeCardOrder();
    const owner = shopper;
    const other = await signUp('Other Shopper');
    const id = placed.body.orderId as string;
    expect(
      await call(account, '/api/order/pay', { token: other.token, body: { orderId: id } }),
    ).toMatchObject({ status: 404, body: { message: ORDER_MESSAGES.notFound } });
    await press(placed.body.payUrl, 'pay');
    expect(
      await call(account, '/api/order/pay', { token: owner.token, body: { orderId: id } }),
    ).toMatchObject({ status: 409, body: { message: CARD_MESSAGES.alreadyPaid } });
  });

  it('keeps the earlier payment page: a card paid on it after Pay now still pays the order', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    const payNow = await call(account, '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    expect((await stored(id)).card?.earlier).toHaveLength(1);
    await press(placed.body.payUrl, 'pay');
    expect(isPaidInFull(await stored(id))).toBe(true);
    // The second page paid too: that card is refunded, the order paid once.
    await press(payNow.body.redirectUrl, 'pay');
    const order = await stored(id);
    expect(order.payments).toHaveLength(1);
    expect(stand.state.trackers.get(order.card!.reference)?.state).toBe('TRACKER_REFUNDED');
  });
});

describe('unpaid card orders', () => {
  async function overdueOrder() {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    return { id, payUrl: placed.body.payUrl as string };
  }
  const after61Minutes = () => new Date(Date.now() + 61 * 60_000);

  it('are cancelled after 60 minutes with "payment not completed", and the shopper is mailed', async () => {
    const { id } = await overdueOrder();
    const deps = await getDeps();
    expect((await expireUnpaidCardOrders(deps, new Date())).get(id)).toBeUndefined();
    expect((await expireUnpaidCardOrders(deps, after61Minutes())).get(id)).toBe('cancelled');
    await settleBackground();
    expect(await stored(id)).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'payment not completed',
    });
    const mail = smtp.mails.find(
      (m) =>
        m.to.includes(shopper.email) &&
        mailText(m.raw).includes(`Your order #${shortNumber(id)} has been cancelled.`),
    );
    expect(mail && mailText(mail.raw)).toContain('Reason: payment not completed');
  });

  it('are recorded as paid instead when the gateway says the card was paid and the webhook was lost', async () => {
    const { id } = await overdueOrder();
    stand.state.trackers.get((await stored(id)).card!.reference)!.state = 'TRACKER_ENDED';
    const deps = await getDeps();
    expect((await expireUnpaidCardOrders(deps, after61Minutes())).get(id)).toBe('paid');
    expect(await stored(id)).toMatchObject({ status: 'Order Placed' });
    expect(isPaidInFull(await stored(id))).toBe(true);
  });

  it('wait for the next run while the gateway cannot be asked', async () => {
    const { id } = await overdueOrder();
    stand.state.mode = 'fail';
    const deps = await getDeps();
    expect((await expireUnpaidCardOrders(deps, after61Minutes())).get(id)).toBe('left');
    expect((await stored(id)).status).toBe('Order Placed');
  });

  it('racing their webhook, are paid once and never cancelled, whichever comes first', async () => {
    const deps = await getDeps();
    for (let round = 0; round < 4; round++) {
      const { id } = await overdueOrder();
      const order = await stored(id);
      stand.state.trackers.get(order.card!.reference)!.state = 'TRACKER_ENDED';
      const [answer, settled] = await Promise.all([
        deliver(delivery(paidEvent(order))),
        expireUnpaidCardOrders(deps, after61Minutes()),
      ]);
      expect(answer.status).toBe(200);
      expect(['paid', 'left', undefined]).toContain(settled.get(id));
      const after = await stored(id);
      expect(after).toMatchObject({ status: 'Order Placed' });
      expect(isPaidInFull(after)).toBe(true);
      expect(after.payments).toHaveLength(1);
      await settleBackground();
      const confirmations = smtp.mails.filter(
        (m) =>
          m.to.includes(shopper.email) && m.raw.includes(`order #${shortNumber(id)} is placed`),
      );
      expect(confirmations).toHaveLength(1);
    }
  });

  it('cannot be moved to Packing, at the desk or by the CLI, until the card is paid', async () => {
    const { id, payUrl } = await overdueOrder();
    const deps = await getDeps();
    await expect(moveDeskOrder(deps, null, { order: id, to: 'Packing' })).rejects.toThrow(
      CARD_MESSAGES.unpaidPacking,
    );
    await expect(moveOrderStatus(deps.store, id, 'Packing')).rejects.toThrow(
      CARD_MESSAGES.unpaidPacking,
    );
    expect((await stored(id)).status).toBe('Order Placed');
    await press(payUrl, 'pay');
    expect((await moveDeskOrder(deps, null, { order: id, to: 'Packing' })).order.status).toBe(
      'Packing',
    );
  });
});

describe('an unpaid card order is its own state', () => {
  const toPack = async (token: string) =>
    (await deskCall('counts', { token })).body.ordersToPack as number;

  it('reads "awaiting card payment" at the desk, is not counted to pack, and counts once paid', async () => {
    const owner = await enrol('owner', 'Card Waits');
    const before = await toPack(owner.token);
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    expect(await toPack(owner.token)).toBe(before);
    const shown = await deskCall('orders/show', { token: owner.token, body: { order: id } });
    expect(shown.body.order).toMatchObject({
      cardWait: 'awaiting card payment',
      payment: 'unpaid',
    });
    const listed = await deskCall('orders/list', { token: owner.token, body: {} });
    expect(listed.body.orders.find((o: { id: string }) => o.id === id)).toMatchObject({
      cardWait: 'awaiting card payment',
    });
    await press(placed.body.payUrl, 'pay');
    expect(await toPack(owner.token)).toBe(before + 1);
    const paid = await deskCall('orders/show', { token: owner.token, body: { order: id } });
    expect(paid.body.order.payment).toBe('paid');
    expect(paid.body.order).not.toHaveProperty('cardWait');
  });

  it('a declined card is a "Card declined" event by the gateway; the desk reads "card declined" and the shopper is told the card was declined', async () => {
    const owner = await enrol('owner', 'Card Declines');
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'decline');
    const order = await stored(id);
    expect(order.status).toBe('Order Placed');
    expect(order.history).toEqual([
      {
        at: expect.any(String),
        from: 'Order Placed',
        to: 'Order Placed',
        by: { id: 'gateway', email: 'Safepay' },
        note: 'Card declined',
      },
    ]);
    expect(webhookLines()).toEqual([
      expect.objectContaining({ verdict: 'taken', outcome: 'noted decline' }),
    ]);
    const shown = await deskCall('orders/show', { token: owner.token, body: { order: id } });
    expect(shown.body.order.cardWait).toBe('card declined');
    expect(
      shown.body.order.timeline.map((e: { kind: string; note: string | null }) => [e.kind, e.note]),
    ).toEqual([
      ['placed', null],
      ['move', 'Card declined'],
    ]);
    const mine = await call(account, '/api/order/userorders', { token: shopper.token });
    expect(mine.body.orders.find((o: { _id: string }) => o._id === id)).toMatchObject({
      payment: false,
      cardDeclined: true,
    });
  });

  it('a declined card that is then paid is paid, and no longer reads declined', async () => {
    const owner = await enrol('owner', 'Card Retries');
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'decline');
    await press(placed.body.payUrl, 'pay');
    expect(isPaidInFull(await stored(id))).toBe(true);
    const shown = await deskCall('orders/show', { token: owner.token, body: { order: id } });
    expect(shown.body.order).not.toHaveProperty('cardWait');
    const mine = await call(account, '/api/order/userorders', { token: shopper.token });
    expect(mine.body.orders.find((o: { _id: string }) => o._id === id)).not.toHaveProperty(
      'cardDeclined',
    );
  });

  it('a declined card order is still cancelled at 60 minutes with "payment not completed"', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'decline');
    const deps = await getDeps();
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await expireUnpaidCardOrders(deps, later)).get(id)).toBe('cancelled');
    expect(await stored(id)).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'payment not completed',
    });
  });

  it('the desk cannot record a payment by hand on a card order waiting for (or declined by) its card', async () => {
    const owner = await enrol('owner', 'Card Hand Payments');
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    const order = await stored(id);
    const body = { order: id, method: 'Bank Transfer', amount: order.total, reference: `FT-${id}` };
    const waiting = await deskCall('orders/payment', { token: owner.token, body });
    expect({ status: waiting.status, message: waiting.body.message }).toEqual({
      status: 409,
      message: CARD_MESSAGES.unpaidRecord,
    });
    await press(placed.body.payUrl, 'decline');
    const declined = await deskCall('orders/payment', { token: owner.token, body });
    expect({ status: declined.status, message: declined.body.message }).toEqual({
      status: 409,
      message: CARD_MESSAGES.unpaidRecord,
    });
    expect((await stored(id)).payments).toBeUndefined();
  });
});

describe('card refunds in every currency the shop sells in', () => {
  // One shipping country per currency the rates know: charged in its own currency where Safepay
  // takes it (PKR, GBP, USD, AED, SAR, EUR), in rupees where it does not (INR, JPY, KWD).
  const PLACES = [
    { country: 'Pakistan', state: 'Punjab', city: 'Lahore', zip: '54000', currency: 'PKR' },
    { country: 'United Kingdom', state: 'England', city: 'Leeds', zip: 'LS1 4AP', currency: 'GBP' },
    {
      country: 'United States',
      state: 'California',
      city: 'Fresno',
      zip: '93650',
      currency: 'USD',
    },
    {
      country: 'United Arab Emirates',
      state: 'Abu Dhabi',
      city: 'Abu Dhabi',
      zip: '',
      currency: 'AED',
    },
    { country: 'Saudi Arabia', state: 'Ar Riyad', city: 'Riyadh', zip: '12211', currency: 'SAR' },
    {
      country: 'Germany',
      state: 'Nordrhein-Westfalen',
      city: 'Köln',
      zip: '50667',
      currency: 'EUR',
    },
    { country: 'India', state: 'Maharashtra', city: 'Pune', zip: '411001', currency: 'INR' },
    { country: 'Japan', state: 'Tokyo', city: 'Tokyo', zip: '100-0001', currency: 'JPY' },
    { country: 'Kuwait', state: 'Al Aḩmadi', city: 'Fahaheel', zip: '64000', currency: 'KWD' },
  ];
  /** A share of `heldMinor`, as the desk's form takes it: in the digits the currency is shown in. */
  const shownShare = (heldMinor: number, share: number, currency: string) =>
    Math.max(
      roundToShown(fromMinorUnits(Math.round(heldMinor * share), currency), currency),
      1 / 10 ** currencyDigits(currency),
    );
  /** A refund the owner may try: the item, the delivery fee, or a share of what is still held. */
  const refundMove = fc.oneof(
    fc.constant({ lines: [{ index: 0, quantity: 1 }] }),
    fc.constant({ lines: [{ index: -1, quantity: 1 }] }),
    fc.record({ share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  );

  // Each run places, pays and refunds one order through the handlers and the stand-in: about a
  // second of work, so 20 runs are given two minutes on a loaded machine.
  it(
    "keeps the gateway's charge and refunded total equal to the ledger's, in minor units, for any charge and any sequence of refunds",
    { timeout: 120_000 },
    async () => {
      const owner = await enrol('owner', 'Refunds In Every Currency');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PLACES),
          fc.array(refundMove, { minLength: 1, maxLength: 4 }),
          async (place, moves) => {
            const placed = await placeCardOrder((email) => ({
              address: lahoreAddress({ email, ...place }),
              currency: place.currency,
            }));
            expect(placed.status).toBe(201);
            const id = placed.body.orderId as string;
            await press(placed.body.payUrl, 'pay');
            let order = await stored(id);
            expect(isPaidInFull(order)).toBe(true);
            const tracker = () => stand.state.trackers.get(order.card!.reference)!;
            expect(tracker().amount).toBe(order.card!.chargeMinor);
            for (const move of moves) {
              const held = ledgerSums(order).heldMinor;
              const body =
                'lines' in move
                  ? { lines: move.lines }
                  : { amount: shownShare(held, move.share, order.currency) };
              const answer = await deskCall('orders/refund', {
                token: owner.token,
                body: { order: id, method: 'Card', note: 'Property of refunds', ...body },
              });
              expect([200, 409]).toContain(answer.status);
              order = await stored(id);
              expect(pendingRefunds(order)).toEqual([]);
              expect(tracker().refunded).toBe(sentCardMinor(order));
              expect(tracker().refunded).toBeLessThanOrEqual(tracker().amount);
            }
            // Charged in the order's own currency, the gateway's total is the ledger's amounts
            // too; charged in rupees, it is their rupee charges (sentCardMinor above).
            expect(tracker().refunded).toBe(
              order.card!.chargeCurrency === order.currency
                ? ledgerSums(order).refundedMinor
                : sentCardMinor(order),
            );
          },
        ),
        { numRuns: 20 },
      );
    },
  );
});

describe('refunds to a card', () => {
  it('go from the desk through the gateway and end in "refunded", part then the rest', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const staff = await enrol('owner', 'Card Refunds');
    const part = await deskCall('orders/refund', {
      token: staff.token,
      body: { order: id, method: 'Card', amount: 10, note: 'Strap frayed' },
    });
    expect(part.status).toBe(200);
    expect(part.body.message).toBe(
      `Refunded £10.00 by Card (Visa, Mastercard) on order #${shortNumber(id)}. The order is now partly refunded.`,
    );
    expect(stand.state.trackers.get(paid.card!.reference)).toMatchObject({
      state: 'TRACKER_PARTIAL_REFUND',
      refunded: 1000,
    });
    const rest = paid.total - 10;
    const all = await deskCall('orders/refund', {
      token: staff.token,
      body: { order: id, method: 'Card', amount: Math.round(rest * 100) / 100, note: 'Sent back' },
    });
    expect(all.status).toBe(200);
    expect(all.body.order).toMatchObject({ payment: 'refunded', held: 0 });
    expect(stand.state.trackers.get(paid.card!.reference)).toMatchObject({
      state: 'TRACKER_REFUNDED',
      refunded: paid.card!.chargeMinor,
    });
    const refunds = (await stored(id)).payments!.filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => [e.method, e.by.email])).toEqual([
      ['Card', staff.email],
      ['Card', staff.email],
    ]);
  });

  it('are refused for an order not paid by card, changing nothing', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    const staff = await enrol('owner', 'Card Refunds Unpaid');
    const before = await stored(id);
    const answer = await deskCall('orders/refund', {
      token: staff.token,
      body: { order: id, method: 'Card', amount: 1, note: 'Asked by phone' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'No payment is recorded on this order, so nothing can be refunded.',
    );
    expect(await stored(id)).toEqual(before);
  });

  it('go back at once when the shopper cancels a paid card order: the order ends refunded', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const cancelled = await call(account, '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id, reason: 'Ordered by mistake' },
    });
    expect(cancelled.status).toBe(200);
    await settleBackground();
    const order = await stored(id);
    expect(financialState(order)).toBe('refunded');
    expect(order.payments!.at(-1)).toMatchObject({
      kind: 'refund',
      method: 'Card',
      amount: order.total,
      reason: 'cancelled',
      by: { email: 'automatic card refund' },
    });
    expect(stand.state.trackers.get(order.card!.reference)).toMatchObject({
      state: 'TRACKER_REFUNDED',
      refunded: order.card!.chargeMinor,
    });
    // The shop hears of the cancel after the refund: it says the money went back, never that a
    // refund is due (acting on that would pay twice); the shopper is mailed the refund.
    const about = smtp.mails.filter((m) => mailText(m.raw).includes(`#${shortNumber(id)}`));
    const alert = about.find(
      (m) => !m.to.includes(shopper.email) && mailText(m.raw).includes('cancel'),
    );
    const total = `£${order.total.toFixed(2)}`;
    expect(mailText(alert!.raw)).toContain(`${total} was refunded already.`);
    expect(mailText(alert!.raw)).not.toContain('is due');
    const refundMail = about.find(
      (m) => m.to.includes(shopper.email) && mailText(m.raw).includes('We have refunded'),
    );
    expect(mailText(refundMail!.raw)).toContain(
      `We have refunded ${total} for your order #${shortNumber(id)} by Card (Visa, Mastercard).`,
    );
  });

  it('send a rupee order’s refund in paisa: ₨12,250 back is 1,225,000 paisa at the gateway, not ₨122.50', async () => {
    const placed = await placeCardOrder((email) => ({
      address: lahoreAddress({ email }),
      currency: 'PKR',
    }));
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    expect(paid.card).toMatchObject({ chargeCurrency: 'PKR', chargeMinor: 1_225_000 });
    const owner = await enrol('owner', 'Rupee Refunds');
    const answer = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: id, method: 'Card', amount: 12_250, note: 'Changed their mind' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ payment: 'refunded', held: 0 });
    expect(stand.state.trackers.get(paid.card!.reference)).toMatchObject({
      state: 'TRACKER_REFUNDED',
      refunded: 1_225_000,
    });
  });

  it('never send more than the ledger records, with ten refunds racing through a slow gateway', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const owner = await enrol('owner', 'Racing Refunds');
    stand.state.refundDelayMs = 150;
    const part = Math.round(paid.total * 40) / 100;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        deskCall('orders/refund', {
          token: owner.token,
          body: { order: id, method: 'Card', amount: part, note: 'Double tap' },
        }),
      ),
    );
    await settleBackground();
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const after = await stored(id);
    const ledgerRefunded = after
      .payments!.filter((e) => e.kind === 'refund' && after.refundOutcomes?.[e.id] === 'sent')
      .reduce((n, e) => n + e.charge!.minor, 0);
    expect(stand.state.trackers.get(paid.card!.reference)!.refunded).toBe(ledgerRefunded);
    expect(ledgerRefunded).toBe(Math.round(part * 100));
  });

  it('record a refund the gateway took though its answer was lost, by reading the payment back', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const owner = await enrol('owner', 'Lost Answers');
    stand.state.loseRefundAnswers = 1;
    const answer = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: id, method: 'Card', amount: 5, note: 'Scuffed corner' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order.refunded).toBe(5);
    expect(stand.state.trackers.get(paid.card!.reference)!.refunded).toBe(500);
    const entry = (await stored(id)).payments!.at(-1)!;
    expect((await stored(id)).refundOutcomes).toEqual({ [entry.id]: 'sent' });
  });

  it('leave a refund pending when the gateway cannot be read at all, and the reconciliation settles it as sent', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const owner = await enrol('owner', 'Pending Refunds');
    // The refund is taken and its answer lost; then the gateway is down for the read-back.
    stand.state.loseRefundAnswers = 1;
    stand.state.downAfterLostRefund = true;
    const answer = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: id, method: 'Card', amount: 7, note: 'Gateway trouble' },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(CARD_REFUND_MESSAGES.unconfirmed('£7.00'));
    expect(stand.state.trackers.get(paid.card!.reference)!.refunded).toBe(700);
    const pending = (await stored(id)).payments!.at(-1)!;
    expect(pending).toMatchObject({ pending: true, amount: 7 });
    // A second refund waits for the first to be settled.
    stand.state.mode = 'ok';
    const second = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: id, method: 'Card', amount: 1, note: 'Again' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(REFUND_MESSAGES.inFlight);
    const later = new Date(Date.now() + PENDING_GRACE_MS + 1000);
    const [found] = (await reconcileCards(await getDeps(), later)).filter((r) => r.orderId === id);
    expect(found).toMatchObject({
      settled: [{ entryId: pending.id, outcome: 'sent' }],
      gatewayRefundedMinor: 700,
      ledgerRefundedMinor: 700,
      difference: null,
    });
    expect(financialState(await stored(id))).toBe('partly refunded');
  });

  it('release, at reconciliation, a refund reserved by a shop that stopped before sending it', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const store = await getStore();
    const reserved = {
      ...paid.payments![0]!,
      id: randomUUID(),
      kind: 'refund' as const,
      amount: 3,
      amountPkr: 1033,
      reference: `${paid.card!.reference}-refund-1`,
      pending: true as const,
      charge: { currency: 'GBP', minor: 300 },
      at: new Date(Date.now() - PENDING_GRACE_MS - 1000).toISOString(),
    };
    const written = await store.orders.appendLedger(id, reserved, {
      statuses: ['Order Placed'],
      entriesBefore: 1,
    });
    expect(written.kind).toBe('saved');
    const [found] = (await reconcileCards(await getDeps())).filter((r) => r.orderId === id);
    expect(found).toMatchObject({
      settled: [{ entryId: reserved.id, outcome: 'released' }],
      difference: null,
    });
    expect(financialState(await stored(id))).toBe('paid');
  });

  it('count a card refund written before refunds kept their charge, so an older refunded order does not differ', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const gateway = cardGateway((await getDeps()).config)!;
    await gateway.refund(paid.card!.reference, money(400, 'GBP'), 'older-refund');
    // As the desk wrote a card refund before: no charge, no pending, the gateway called first.
    const older = {
      ...paid.payments![0]!,
      id: randomUUID(),
      kind: 'refund' as const,
      amount: 4,
      amountPkr: 1377,
      reference: `${paid.card!.reference}-refund-1`,
    };
    const store = await getStore();
    const written = await store.orders.appendLedger(id, older, {
      statuses: ['Order Placed'],
      entriesBefore: 1,
    });
    expect(written.kind).toBe('saved');
    const [found] = (await reconcileCards(await getDeps())).filter((r) => r.orderId === id);
    expect(found).toMatchObject({
      gatewayRefundedMinor: 400,
      ledgerRefundedMinor: 400,
      difference: null,
    });
  });

  it('report a refund made at the gateway that the ledger does not have, and alert the owner', async () => {
    const placed = await placeCardOrder();
    const id = placed.body.orderId as string;
    await press(placed.body.payUrl, 'pay');
    const paid = await stored(id);
    const gateway = cardGateway((await getDeps()).config)!;
    await gateway.refund(paid.card!.reference, money(250, 'GBP'), 'by-hand');
    const [found] = (await reconcileCards(await getDeps())).filter((r) => r.orderId === id);
    expect(found!.difference).toBe('the gateway refunded 250 GBP, the ledger 0');
    await settleBackground();
    expect(
      logLines.some(
        (l) => l.alert === 'card-mismatch' && String(l.msg).includes(`#${shortNumber(id)}`),
      ),
    ).toBe(true);
  });
});
