// Shipping updates by WhatsApp for a shopper who ticked "Send shipping updates to my WhatsApp" at
// checkout, through the real functions with real Requests, against the WhatsApp stand-in and the
// PostEx stand-in on 127.0.0.1 and a real SMTP server: the opt-in kept (with its time) only when
// ticked, for a Pakistani mobile, with WhatsApp connected, and otherwise ignored; a template message
// on Out for Delivery and on Delivered (the desk's move and the courier's tracking alike) with the
// order's link and the courier's tracking page, beside the status mail; a replayed move sends once;
// a failed send is logged and blocks nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { startWhatsappStandIn } from '../../src/demo/whatsapp-stand-in.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { orderOfLinkKey } from '../../src/server/operations/order-link.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsappStandIn>>;
let postex: Awaited<ReturnType<typeof startPostexStandIn>>;
let restoreEnv: () => void;
let staff: Member;

const TOKEN = 'EAAG-test-token-0123456789abcdef';
const PHONE_ID = '106540352242922';
const POSTEX_TOKEN = 'updates-test-postex-token';

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  whatsapp = await startWhatsappStandIn({ token: TOKEN, phoneNumberId: PHONE_ID });
  postex = await startPostexStandIn({ token: POSTEX_TOKEN });
  restoreEnv = setEnv({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://shop.example.com',
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_API_URL: whatsapp.apiUrl,
    // The stand-in's "hang" answers never: a short wait keeps that test short.
    WHATSAPP_TIMEOUT_MS: '1000',
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: POSTEX_TOKEN,
    POSTEX_API_URL: postex.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
  });
  await stockShelves([makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 0 })]);
  staff = await enrol('staff', 'Packer');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  restoreEnv();
  await Promise.all([smtp.close(), whatsapp.close(), postex.close(), env.cleanup()]);
});
beforeEach(() => {
  whatsapp.state.mode = 'ok';
  postex.state.mode = 'ok';
});

const stored = async (id: string) => (await (await getStore()).orders.get(id))!;
const messagesTo = (to: string) => whatsapp.inbox.filter((m) => m.to === to);
const mailsTo = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));

let placed = 0;
/** Places a COD order of one tote for a new shopper with this checkout box and mobile. */
async function place(whatsappUpdates: unknown, mobile?: string) {
  placed++;
  const shopper = await signUp(`Updates Shopper ${placed}`);
  return call(account, '/api/order/COD', {
    token: shopper.token,
    ip: `198.51.100.${placed}`,
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: lahoreAddress({
        email: `updates${placed}@example.com`,
        mobile: mobile ?? `0300${String(2_000_000 + placed)}`,
      }),
      currency: 'PKR',
      paymentMethod: 'COD',
      ...(whatsappUpdates === undefined ? {} : { whatsappUpdates }),
    },
  });
}

let seeded = 0;
/** An order in Packing whose shopper opted in with their own number (or did not). */
async function packedOrder(optedIn = true): Promise<OrderRecord & { to: string; email: string }> {
  seeded++;
  const to = `92301${String(3_000_000 + seeded)}`;
  const email = `shipping${seeded}@example.com`;
  const order = await seedOrder({
    status: 'Packing',
    paymentMethod: 'COD',
    address: lahoreAddress({ firstName: 'Sana', email, mobile: `0${to.slice(2)}` }),
    ...(optedIn ? { whatsappUpdates: { to, optedInAt: '2030-03-01T10:00:00.000Z' } } : {}),
  });
  return { ...order, to, email };
}

const move = (order: string, to: string, extra: Record<string, string> = {}) =>
  deskCall('orders/move', { token: staff.token, body: { order, to, ...extra } });

/** The order a link in a message opens, by its key. */
const orderOfLink = async (link: string) =>
  orderOfLinkKey((await getDeps()).config, new URL(link).searchParams.get('k')!);

describe('the checkout’s opt-in', { timeout: 60_000 }, () => {
  it('keeps the number and the time with the order when the box is ticked', async () => {
    const before = Date.now();
    const answer = await place(true, '0300 7654321');
    expect(answer.status).toBe(201);
    const order = await stored(answer.body.orderId);
    expect(order.whatsappUpdates?.to).toBe('923007654321');
    const at = Date.parse(order.whatsappUpdates!.optedInAt);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('keeps nothing when the box was left unticked or not sent', async () => {
    for (const box of [false, undefined]) {
      const answer = await place(box);
      expect(answer.status).toBe(201);
      expect((await stored(answer.body.orderId)).whatsappUpdates).toBeUndefined();
    }
  });

  it('ignores a ticked box for a mobile that is not Pakistani: the order is placed without it', async () => {
    const answer = await place(true, '+44 7700 900123');
    expect(answer.status).toBe(201);
    expect((await stored(answer.body.orderId)).whatsappUpdates).toBeUndefined();
  });

  it('ignores a ticked box when the shop has no WhatsApp connected: the order is placed without it', async () => {
    const restore = setEnv({ WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '' });
    try {
      const answer = await place(true);
      expect(answer.status).toBe(201);
      expect((await stored(answer.body.orderId)).whatsappUpdates).toBeUndefined();
    } finally {
      restore();
    }
  });

  it('refuses a box that is not true or false with a 400 in words', async () => {
    for (const box of ['yes', 1, { to: '923001234567' }]) {
      const answer = await place(box);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message: 'WhatsApp updates must be true or false',
      });
    }
  });
});

describe('the updates', { timeout: 60_000 }, () => {
  it('sends one on Out for Delivery and one on Delivered, beside the status mail, with the order’s link', async () => {
    const order = await packedOrder();
    expect((await move(order.id, 'Out for Delivery', { courier: 'TCS' })).status).toBe(200);
    await settleBackground();
    const [out] = messagesTo(order.to);
    expect(messagesTo(order.to)).toHaveLength(1);
    expect(out).toMatchObject({ template: 'order_shipping_update', language: 'en' });
    expect(out!.parameters.slice(0, 3)).toEqual([
      'Sana',
      `#${shortNumber(order.id)}`,
      'is out for delivery',
    ]);
    const link = out!.parameters[3]!;
    expect(link).toMatch(
      new RegExp(`^https://shop\\.example\\.com/yourOrders/order\\?n=${shortNumber(order.id)}&k=`),
    );
    expect(await orderOfLink(link)).toBe(order.id);
    // No parcel booked with a courier: the order's page is where it is followed.
    expect(out!.parameters[4]).toBe(link);
    expect(mailsTo(order.email).some((m) => m.includes('is out for delivery'))).toBe(true);

    expect((await move(order.id, 'Delivered')).status).toBe(200);
    await settleBackground();
    expect(messagesTo(order.to).map((m) => m.parameters[2])).toEqual([
      'is out for delivery',
      'has been delivered',
    ]);
  });

  it('sends nothing when it is packed or cancelled, nor to a shopper who did not opt in', async () => {
    const packed = await packedOrder();
    await move(packed.id, 'Cancelled', { reason: 'Out of stock' });
    const placedOrder = await seedOrder({
      status: 'Order Placed',
      paymentMethod: 'COD',
      whatsappUpdates: { to: '923019999999', optedInAt: '2030-03-01T10:00:00.000Z' },
    });
    expect((await move(placedOrder.id, 'Packing')).status).toBe(200);
    const silent = await packedOrder(false);
    expect((await move(silent.id, 'Out for Delivery')).status).toBe(200);
    await settleBackground();
    expect(messagesTo(packed.to)).toEqual([]);
    expect(messagesTo('923019999999')).toEqual([]);
    expect(messagesTo(silent.to)).toEqual([]);
  });

  it('sends once for a move replayed: the second is refused and sends nothing', async () => {
    const order = await packedOrder();
    const first = await move(order.id, 'Out for Delivery', { from: 'Packing' });
    const again = await move(order.id, 'Out for Delivery', { from: 'Packing' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(409);
    await settleBackground();
    expect(messagesTo(order.to)).toHaveLength(1);
  });

  it('moves the order and mails the shopper when WhatsApp fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error');
    try {
      for (const mode of ['fail', 'reject', 'hang'] as const) {
        whatsapp.state.mode = mode;
        const order = await packedOrder();
        const moved = await move(order.id, 'Out for Delivery');
        expect(moved.status).toBe(200);
        expect((await stored(order.id)).status).toBe('Out for Delivery');
        await settleBackground();
        expect(messagesTo(order.to)).toEqual([]);
        expect(mailsTo(order.email).some((m) => m.includes('is out for delivery'))).toBe(true);
        const line = logged.mock.calls
          .map(([text]) => String(text))
          .find((text) => text.includes(order.id) && text.includes('WhatsApp shipping update'));
        expect(JSON.parse(line!)).toMatchObject({
          level: 'warn',
          msg: 'a WhatsApp shipping update failed (the status mail went)',
          status: 'Out for Delivery',
        });
      }
    } finally {
      logged.mockRestore();
    }
  });

  it('carries the courier’s tracking page when the courier’s tracking moves a booked parcel, once however often it runs', async () => {
    const order = await packedOrder();
    const booked = await deskCall('orders/book-courier', {
      body: { order: order.id },
      token: staff.token,
    });
    expect(booked.status).toBe(200);
    const tracking = booked.body.booking.trackingNumber as string;
    const res = await fetch(`${postex.url}/__stand-in/move`, {
      method: 'POST',
      body: JSON.stringify({ trackingNumber: tracking, state: 'picked_up' }),
    });
    expect(res.status).toBe(200);
    for (let run = 0; run < 2; run++) {
      expect((await deskCall('couriers/track', { body: {}, token: staff.token })).status).toBe(200);
      await settleBackground();
    }
    expect(messagesTo(order.to)).toHaveLength(1);
    expect(messagesTo(order.to)[0]!.parameters.slice(2)).toEqual([
      'is out for delivery',
      expect.stringMatching(/^https:\/\/shop\.example\.com\/yourOrders\/order\?n=/),
      `https://postex.pk/tracking?cn=${encodeURIComponent(tracking)}`,
    ]);
  });
});

describe('the desk’s order', { timeout: 60_000 }, () => {
  it('says the updates go to WhatsApp, with the number and the time asked, to the owner', async () => {
    const owner = await enrol('owner', 'Owner of updates');
    const order = await packedOrder();
    const shown = await deskCall('orders/show', { token: owner.token, body: { order: order.id } });
    expect(shown.status).toBe(200);
    expect(shown.body.order.whatsappUpdates).toEqual({
      to: order.to,
      sinceText: '2030-03-01 15:00',
    });
  });

  it('says so without the number to a member not allowed customers’ data', async () => {
    const order = await packedOrder();
    const shown = await deskCall('orders/show', { token: staff.token, body: { order: order.id } });
    expect(shown.status).toBe(200);
    expect(shown.body.order.whatsappUpdates).toEqual({
      to: null,
      sinceText: '2030-03-01 15:00',
    });
    expect(JSON.stringify(shown.body)).not.toContain(order.to);
  });

  it('says nothing of WhatsApp for a shopper who did not opt in', async () => {
    const order = await packedOrder(false);
    const shown = await deskCall('orders/show', { token: staff.token, body: { order: order.id } });
    expect(shown.body.order).not.toHaveProperty('whatsappUpdates');
  });
});
