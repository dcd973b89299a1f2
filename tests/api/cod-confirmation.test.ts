// COD orders confirmed before they ship, through the real functions with real Requests: the
// owner's setting, a COD order above the threshold waiting with its message in the WhatsApp
// stand-in's inbox (or its links in the mail when WhatsApp is not connected or fails), the
// shopper's Confirm and Cancel by the link's key (replays, forged, expired and other orders' keys,
// oversized bodies), the desk's refusal to pack a waiting order and its Confirm by phone, and the
// scheduled cancel of orders not confirmed in time.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../scripts/api-endpoints.ts';
import {
  $codConfirm,
  answerCodConfirmation,
  loadCodConfirmation,
} from '../../src/stores/cod-confirm.ts';
import account from '../../netlify/functions/account.mts';
import { shortNumber } from '../../src/lib/desk.ts';
import {
  COD_CANCEL_REASON,
  COD_CONFIRM_MESSAGES,
  COD_EXPIRY_REASON,
} from '../../src/lib/orders/cod-confirmation.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { codConfirmKey, orderLinkKey } from '../../src/server/operations/order-link.ts';
import { cancelUnconfirmedCodOrders } from '../../src/server/orders/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import { startWhatsappStandIn } from '../../src/demo/whatsapp-stand-in.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsappStandIn>>;
let restoreEnv: () => void;
let owner: Member;
let staff: Member;

const TOKEN = 'EAAG-test-token-0123456789abcdef';
const PHONE_ID = '106540352242922';

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  whatsapp = await startWhatsappStandIn({ token: TOKEN, phoneNumberId: PHONE_ID });
  restoreEnv = setEnv({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://shop.example.com',
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_API_URL: whatsapp.apiUrl,
  });
  // ₨4,500 a tote: one is ₨4,750 with the fee, two ₨9,250.
  await stockShelves([makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 0 })]);
  owner = await enrol('owner');
  staff = await enrol('staff');
  const saved = await deskCall('settings/save', {
    body: { codConfirmation: { rule: 'above', abovePkr: 5000, hours: 48 } },
    token: owner.token,
  });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  restoreEnv();
  await Promise.all([smtp.close(), whatsapp.close(), env.cleanup()]);
});
beforeEach(() => {
  whatsapp.state.mode = 'ok';
});

let placed = 0;
/** Places a COD order of `quantity` totes for a new shopper (mobile 0300 1234567 + n). */
async function placeCod(quantity: number, address = {}) {
  placed++;
  const email = `cod${placed}@example.com`;
  const mobile = `0300${String(1_000_000 + placed)}`;
  const shopper = await signUp(`Cod Shopper ${placed}`);
  const answer = await call(account, '/api/order/COD', {
    token: shopper.token,
    ip: `198.51.100.${placed}`,
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity }],
      address: lahoreAddress({ email, mobile, ...address }),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(answer.status).toBe(201);
  await settleBackground();
  const orderId = answer.body.orderId as string;
  return {
    orderId,
    number: shortNumber(orderId),
    email,
    to: `92${mobile.slice(1)}`,
    order: async () => (await getStore()).orders.get(orderId),
    mails: () => smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw)),
  };
}

/** The key of a Confirm / Cancel URL. */
const keyOf = (url: string) => new URL(url).searchParams.get('k')!;

const answer = (body: unknown, ip = '192.0.2.80') =>
  call(account, '/api/order/confirm-cod', { body, ip });
const show = (body: unknown) =>
  call(account, '/api/order/cod-confirmation', { body, ip: '192.0.2.81' });

describe('the COD confirmation setting', { timeout: 60_000 }, () => {
  const save = (codConfirmation: unknown) =>
    deskCall('settings/save', { body: { codConfirmation }, token: owner.token });

  it('refuses hours outside 1 to 168, a missing or stray amount and an unknown rule, each in words', async () => {
    for (const [value, message] of [
      [{ rule: 'all', hours: 0 }, SETTINGS_MESSAGES.codHours],
      [{ rule: 'all', hours: 169 }, SETTINGS_MESSAGES.codHours],
      [{ rule: 'all', hours: 1.5 }, SETTINGS_MESSAGES.codHours],
      [{ rule: 'above', hours: 48 }, SETTINGS_MESSAGES.codAboveRequired],
      [{ rule: 'all', abovePkr: 5000, hours: 48 }, SETTINGS_MESSAGES.codAboveUnused],
      [{ rule: 'above', abovePkr: -1, hours: 48 }, SETTINGS_MESSAGES.codAboveInvalid],
      [{ rule: 'sometimes', hours: 48 }, SETTINGS_MESSAGES.codRule],
    ] as const) {
      const refused = await save(value);
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    const now = await deskCall('settings', { token: owner.token });
    expect(now.body.settings.codConfirmation).toEqual({ rule: 'above', abovePkr: 5000, hours: 48 });
  });

  it('is only the owner’s to change', async () => {
    const refused = await deskCall('settings/save', {
      body: { codConfirmation: { rule: 'off', hours: 48 } },
      token: staff.token,
    });
    expect(refused.status).toBe(403);
  });
});

describe('a COD order above the threshold', { timeout: 60_000 }, () => {
  it('waits 48 hours for its confirmation, sent by WhatsApp with Confirm and Cancel links', async () => {
    const before = Date.now();
    const cod = await placeCod(2);
    const order = await cod.order();
    expect(order?.status).toBe('Order Placed');
    expect(order?.codConfirmation).toMatchObject({ state: 'waiting', channel: 'whatsapp' });
    const deadline = Date.parse(order!.codConfirmation!.deadline);
    expect(deadline - Date.parse(order!.date)).toBe(48 * 3_600_000);
    expect(deadline).toBeGreaterThanOrEqual(before + 48 * 3_600_000);
    const [message, ...more] = whatsapp.inbox.filter((m) => m.to === cod.to);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ template: 'cod_order_confirmation', language: 'en' });
    const [name, number, total, , confirm, cancel] = message!.parameters;
    expect([name, number, total]).toEqual(['Sana', `#${cod.number}`, '₨9,250']);
    expect(confirm).toMatch(
      new RegExp(`^https://shop\\.example\\.com/order/confirm\\?n=${cod.number}&k=[\\w.%-]+$`),
    );
    expect(cancel).toBe(`${confirm}&a=cancel`);
    // The mail confirms the order and points at WhatsApp; it carries no Confirm link.
    const [mail] = cod.mails();
    expect(mail).toContain(
      'We sent you a WhatsApp message to confirm your cash on delivery order.',
    );
    expect(mail).not.toContain('Confirm: ');
  });

  it('is shown to the page by its link, with its lines, total and deadline', async () => {
    const cod = await placeCod(2);
    const [message] = whatsapp.inbox.filter((m) => m.to === cod.to);
    const shown = await show({ number: cod.number, key: keyOf(message!.parameters[4]!) });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      number: cod.number,
      state: 'waiting',
      total: '₨9,250',
      items: [{ productName: expect.any(String), selectedColor: 'Black', quantity: 2 }],
    });
  });

  it('does not wait at or below the threshold: one tote is ₨4,750', async () => {
    const cod = await placeCod(1);
    expect((await cod.order())?.codConfirmation).toBeUndefined();
    expect(whatsapp.inbox.filter((m) => m.to === cod.to)).toEqual([]);
    expect(cod.mails()[0]).not.toContain('confirm your cash on delivery order');
  });
});

describe('when WhatsApp cannot take the message', { timeout: 60_000 }, () => {
  it('sends the same links by e-mail when WhatsApp answers HTTP 500, and records why', async () => {
    whatsapp.state.mode = 'fail';
    const cod = await placeCod(2);
    const c = (await cod.order())?.codConfirmation;
    expect(c).toMatchObject({
      state: 'waiting',
      channel: 'email',
      fallback: 'WhatsApp failed: HTTP 500: An unknown error has occurred. (code 1)',
    });
    const mail = cod.mails()[0]!;
    const confirm = /^Confirm: (\S+)$/m.exec(mail)![1]!;
    const cancel = /^Cancel: (\S+)$/m.exec(mail)![1]!;
    expect(cancel).toBe(`${confirm}&a=cancel`);
    expect(new URL(confirm).pathname).toBe('/order/confirm');
    const confirmed = await answer({ number: cod.number, key: keyOf(confirm), answer: 'confirm' });
    expect(confirmed.status).toBe(200);
  });

  it('falls back on a 4xx refusal (an unknown template) and on an answer without a message id', async () => {
    whatsapp.state.mode = 'reject';
    const refused = await placeCod(2);
    expect((await refused.order())?.codConfirmation).toMatchObject({
      channel: 'email',
      fallback:
        'WhatsApp refused the message: HTTP 400: (#132001) Template name does not exist in the translation (code 132001)',
    });
    whatsapp.state.mode = 'malformed';
    const garbled = await placeCod(2);
    expect((await garbled.order())?.codConfirmation).toMatchObject({
      channel: 'email',
      fallback: 'WhatsApp answered HTTP 200 without a message id',
    });
    expect(garbled.mails()[0]).toMatch(/^Confirm: https:\/\/shop\.example\.com\/order\/confirm/m);
  });

  it('sends the links by e-mail when WhatsApp is not connected', async () => {
    const restore = setEnv({ WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '' });
    try {
      const cod = await placeCod(2);
      expect((await cod.order())?.codConfirmation).toMatchObject({
        channel: 'email',
        fallback: 'WhatsApp is not connected',
      });
      expect(whatsapp.inbox.filter((m) => m.to === cod.to)).toEqual([]);
    } finally {
      restore();
    }
  });
});

describe('the shopper’s answer', { timeout: 60_000 }, () => {
  /** A waiting order and its link key. */
  async function waitingOrder() {
    const cod = await placeCod(2);
    const [message] = whatsapp.inbox.filter((m) => m.to === cod.to);
    return { ...cod, key: keyOf(message!.parameters[4]!) };
  }

  it('confirms once: a replay answers the same and changes nothing, and Cancel is then refused', async () => {
    const cod = await waitingOrder();
    const first = await answer({ number: cod.number, key: cod.key, answer: 'confirm' });
    expect({ status: first.status, ...first.body }).toEqual({
      status: 200,
      success: true,
      state: 'confirmed',
      message: COD_CONFIRM_MESSAGES.confirmed,
    });
    const after = await cod.order();
    expect(after?.codConfirmation).toMatchObject({ state: 'confirmed', answeredBy: 'shopper' });
    const again = await answer({ number: cod.number, key: cod.key, answer: 'confirm' });
    expect({ status: again.status, ...again.body }).toEqual({ status: 200, ...first.body });
    expect(await cod.order()).toEqual(after);
    const cancel = await answer({ number: cod.number, key: cod.key, answer: 'cancel' });
    expect({ status: cancel.status, message: cancel.body.message }).toEqual({
      status: 409,
      message: COD_CONFIRM_MESSAGES.alreadyConfirmed,
    });
    expect(await cod.order()).toEqual(after);
  });

  it('cancels with a reason and mails the shopper; a replay changes nothing and Confirm is refused', async () => {
    const cod = await waitingOrder();
    const cancelled = await answer({ number: cod.number, key: cod.key, answer: 'cancel' });
    expect({ status: cancelled.status, ...cancelled.body }).toEqual({
      status: 200,
      success: true,
      state: 'cancelled',
      message: COD_CONFIRM_MESSAGES.cancelled,
    });
    await settleBackground();
    const after = await cod.order();
    expect(after).toMatchObject({ status: 'Cancelled', cancelReason: COD_CANCEL_REASON });
    const status = cod.mails().find((m) => m.includes('has been cancelled'));
    expect(status).toContain(`Reason: ${COD_CANCEL_REASON}`);
    const again = await answer({ number: cod.number, key: cod.key, answer: 'cancel' });
    expect({ status: again.status, ...again.body }).toEqual({ status: 200, ...cancelled.body });
    const confirm = await answer({ number: cod.number, key: cod.key, answer: 'confirm' });
    expect({ status: confirm.status, message: confirm.body.message }).toEqual({
      status: 409,
      message: COD_CONFIRM_MESSAGES.alreadyCancelled,
    });
    expect(await cod.order()).toEqual(after);
  });

  it('refuses a forged, expired, view-link or other order’s key with one 404, changing nothing', async () => {
    const cod = await waitingOrder();
    const other = await waitingOrder();
    const { config } = await getDeps();
    const [id, expires, tag] = cod.key.split('.') as [string, string, string];
    const forged = [
      `${id}.${expires}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${Number(expires) + 3600}.${tag}`,
      codConfirmKey(config, cod.orderId, new Date(Date.now() - 1000).toISOString()),
      orderLinkKey(config, cod.orderId),
      other.key,
    ];
    for (const key of forged) {
      const refused = await answer({ number: cod.number, key, answer: 'confirm' });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 404,
        message: COD_CONFIRM_MESSAGES.badKey,
      });
      expect((await show({ number: cod.number, key })).status).toBe(404);
    }
    expect((await cod.order())?.codConfirmation?.state).toBe('waiting');
    expect((await other.order())?.codConfirmation?.state).toBe('waiting');
  });

  it('refuses malformed and oversized bodies', async () => {
    const cod = await waitingOrder();
    const wrong = await answer({ number: cod.number, key: cod.key, answer: 'yes' });
    expect({ status: wrong.status, message: wrong.body.message }).toEqual({
      status: 400,
      message: 'The answer must be confirm or cancel',
    });
    const object = await answer({ number: cod.number, key: { $ne: '' }, answer: 'confirm' });
    expect(object.status).toBe(400);
    const extra = await answer({ number: cod.number, key: cod.key, answer: 'confirm', admin: 1 });
    expect(extra.status).toBe(400);
    const huge = await call(account, '/api/order/confirm-cod', {
      rawBody: JSON.stringify({ number: cod.number, key: cod.key, answer: 'x'.repeat(120_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await cod.order())?.codConfirmation?.state).toBe('waiting');
  });
});

describe('the desk and a waiting order', { timeout: 60_000 }, () => {
  it('shows it awaiting confirmation, refuses Packing and Book, and packs it once confirmed by phone', async () => {
    const cod = await placeCod(2);
    const line = await deskCall('orders/show', {
      body: { order: cod.orderId },
      token: staff.token,
    });
    expect(line.body.order.codWait).toMatchObject({
      since: (await cod.order())!.codConfirmation!.since,
      channel: 'whatsapp',
    });
    const pack = await deskCall('orders/move', {
      body: { order: cod.orderId, to: 'Packing' },
      token: staff.token,
    });
    expect({ status: pack.status, message: pack.body.message }).toEqual({
      status: 409,
      message: COD_CONFIRM_MESSAGES.packingRefused,
    });
    const book = await deskCall('orders/book-courier', {
      body: { order: cod.orderId },
      token: staff.token,
    });
    expect({ status: book.status, message: book.body.message }).toEqual({
      status: 409,
      message: COD_CONFIRM_MESSAGES.bookingRefused,
    });
    const confirmed = await deskCall('orders/confirm-cod', {
      body: { order: `#${cod.number}` },
      token: staff.token,
    });
    expect({ status: confirmed.status, message: confirmed.body.message }).toEqual({
      status: 200,
      message: COD_CONFIRM_MESSAGES.confirmedByPhone(cod.number),
    });
    expect(confirmed.body.order).not.toHaveProperty('codWait');
    expect(confirmed.body.order.timeline.at(-1)).toMatchObject({
      by: staff.email,
      note: COD_CONFIRM_MESSAGES.phoneNote,
    });
    const again = await deskCall('orders/confirm-cod', {
      body: { order: cod.orderId },
      token: staff.token,
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: COD_CONFIRM_MESSAGES.notWaiting,
    });
    const log = await deskCall('audit', {
      body: { target: `order:${cod.orderId}` },
      token: owner.token,
    });
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(['order.confirm']);
    const packed = await deskCall('orders/move', {
      body: { order: cod.orderId, to: 'Packing' },
      token: staff.token,
    });
    expect(packed.status).toBe(200);
  });

  it('is not counted to pack nor listed in To pack until it is confirmed, then is both', async () => {
    const counted = async () =>
      (await deskCall('counts', { token: staff.token })).body.ordersToPack as number;
    const listedToPack = async (id: string) =>
      (
        (await deskCall('orders/list', { body: { view: 'toPack' }, token: staff.token })).body
          .orders as { id: string }[]
      ).some((o) => o.id === id);
    const before = await counted();
    const cod = await placeCod(2);
    expect((await cod.order())!.codConfirmation!.state).toBe('waiting');
    expect(await counted()).toBe(before);
    expect(await listedToPack(cod.orderId)).toBe(false);
    const confirmed = await deskCall('orders/confirm-cod', {
      body: { order: cod.orderId },
      token: staff.token,
    });
    expect(confirmed.status).toBe(200);
    expect(await counted()).toBe(before + 1);
    expect(await listedToPack(cod.orderId)).toBe(true);
  });
});

describe('the scheduled cancel', { timeout: 60_000 }, () => {
  it('cancels orders past their deadline unconfirmed, mails each shopper, and cancels nothing on a second run', async () => {
    const late = await placeCod(2);
    const answered = await placeCod(2);
    const [message] = whatsapp.inbox.filter((m) => m.to === answered.to);
    await answer({
      number: answered.number,
      key: keyOf(message!.parameters[4]!),
      answer: 'confirm',
    });
    const deps = await getDeps();
    const deadline = new Date((await late.order())!.codConfirmation!.deadline);
    // A second before its deadline it waits (the file's earlier orders, due sooner, go now).
    expect(
      await cancelUnconfirmedCodOrders(deps, new Date(deadline.getTime() - 1000)),
    ).not.toContain(late.orderId);
    expect((await late.order())?.status).toBe('Order Placed');
    const first = await cancelUnconfirmedCodOrders(deps, deadline);
    expect(first).toContain(late.orderId);
    expect(first).not.toContain(answered.orderId);
    await settleBackground();
    expect(await late.order()).toMatchObject({
      status: 'Cancelled',
      cancelReason: COD_EXPIRY_REASON,
      codConfirmation: { state: 'cancelled', answeredBy: 'deadline' },
    });
    expect(late.mails().filter((m) => m.includes(`Reason: ${COD_EXPIRY_REASON}`))).toHaveLength(1);
    expect(await cancelUnconfirmedCodOrders(deps, deadline)).toEqual([]);
    await settleBackground();
    expect(late.mails().filter((m) => m.includes(`Reason: ${COD_EXPIRY_REASON}`))).toHaveLength(1);
    expect((await answered.order())?.status).toBe('Order Placed');
  });
});

describe(
  'the confirmation page’s store, through the browser client and its parsers',
  { timeout: 60_000 },
  () => {
    /** The browser's fetch, answered by the function serving the path. */
    const pageFetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const endpoint = endpointFor(new URL(url, 'http://localhost').pathname)!;
      return endpoint.handler(new Request(`http://localhost${url}`, init), { ip: '203.0.113.41' });
    };

    it('shows the order its link names, confirms it, and says a forged link is not valid', async () => {
      const cod = await placeCod(2);
      const [message] = whatsapp.inbox.filter((m) => m.to === cod.to);
      const key = keyOf(message!.parameters[4]!);
      vi.stubGlobal('fetch', pageFetch);
      try {
        await loadCodConfirmation(cod.number, key);
        expect($codConfirm.get()).toMatchObject({
          order: { number: cod.number, state: 'waiting', total: '₨9,250' },
          message: null,
        });
        await answerCodConfirmation(key, 'confirm');
        expect($codConfirm.get()).toMatchObject({
          order: { state: 'confirmed' },
          message: COD_CONFIRM_MESSAGES.confirmed,
          refused: false,
        });
        await loadCodConfirmation(cod.number, `${key.slice(0, -2)}xx`);
        expect($codConfirm.get()).toEqual({ refused: COD_CONFIRM_MESSAGES.badKey });
        await loadCodConfirmation(cod.number, null);
        expect($codConfirm.get()).toEqual({ refused: COD_CONFIRM_MESSAGES.badKey });
      } finally {
        vi.unstubAllGlobals();
      }
      expect((await cod.order())?.codConfirmation?.state).toBe('confirmed');
    });
  },
);
