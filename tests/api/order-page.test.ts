// The shopper's order page (POST /api/order/show) and removed orders
// (POST /api/order/hide) through the account router with real Requests: their own order by its
// short number with the desk's timeline and the courier's tracking, and the attacks: another
// shopper's token, guessed and malformed numbers, no token, staff tokens, oversized bodies,
// removing someone else's order; a removed order leaves the list on every device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;
let shopper: { token: string; email: string; id: string };
let other: { token: string; email: string; id: string };
let seq = 0;

async function shopperNamed(name: string) {
  const s = await signUp(name);
  const user = await (await getStore()).users.findByEmail(s.email);
  return { ...s, id: user!.id };
}
/** An order of `userId` whose id ends in a known short number. */
const orderOf = (userId: string, extra: Parameters<typeof seedOrder>[0] = {}) =>
  seedOrder({
    id: `aaaaaaaa-0000-4000-8000-0000${String(++seq).padStart(4, '0')}3a40`,
    userId,
    ...extra,
  });
const show = (token: string | undefined, body: unknown) =>
  call(account, '/api/order/show', { body, ...(token ? { token } : {}) });
const hide = (token: string | undefined, body: unknown) =>
  call(account, '/api/order/hide', { body, ...(token ? { token } : {}) });
const list = async (token: string) =>
  (await call(account, '/api/order/userorders', { token })).body.orders as { _id: string }[];
const short = (id: string) => id.slice(-8).toUpperCase();

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Staff');
  shopper = await shopperNamed('Sana Malik');
  other = await shopperNamed('Other Shopper');
}, 60_000);
afterAll(async () => env.cleanup());

describe("a shopper's order page", { timeout: 60_000 }, () => {
  it('shows their order by its short number, in any case, with or without #, with its rate and a placed-only timeline', async () => {
    const order = await orderOf(shopper.id);
    for (const number of [`#${short(order.id)}`, short(order.id).toLowerCase()]) {
      const answer = await show(shopper.token, { number });
      expect(answer.status).toBe(200);
      expect(answer.body.order._id).toBe(order.id);
      expect(answer.body.order.rate).toBe(1);
      expect(answer.body.timeline).toEqual([
        { at: Date.parse(order.date), status: 'Order Placed', returnStep: null },
      ]);
      expect(answer.body.courier).toBeNull();
      expect(answer.body.trackingNumber).toBeNull();
    }
  });

  it('follows the desk: each move joins the timeline, courier and tracking show once Out for Delivery, never who moved it', async () => {
    const order = await orderOf(shopper.id);
    expect(
      (
        await deskCall('orders/move', {
          body: { order: order.id, to: 'Packing' },
          token: staff.token,
        })
      ).status,
    ).toBe(200);
    const packing = await show(shopper.token, { number: short(order.id) });
    expect(packing.body.order.status).toBe('Packing');
    expect(packing.body.timeline.map((e: { status: string }) => e.status)).toEqual([
      'Order Placed',
      'Packing',
    ]);
    const out = await deskCall('orders/move', {
      body: {
        order: order.id,
        to: 'Out for Delivery',
        courier: 'TCS',
        trackingNumber: 'TCS-77120',
      },
      token: staff.token,
    });
    expect(out.status).toBe(200);
    await settleBackground();
    const answer = await show(shopper.token, { number: short(order.id) });
    expect(answer.body.order.status).toBe('Out for Delivery');
    expect(answer.body.timeline.map((e: { status: string }) => e.status)).toEqual([
      'Order Placed',
      'Packing',
      'Out for Delivery',
    ]);
    expect(answer.body.courier).toBe('TCS');
    expect(answer.body.trackingNumber).toBe('TCS-77120');
    expect(JSON.stringify(answer.body)).not.toContain(staff.email);
  });

  it("answers another shopper's number, a guessed one and a malformed one with the same Order not found., changing nothing", async () => {
    const mine = await orderOf(shopper.id);
    const theirs = await orderOf(other.id);
    const refused = await show(shopper.token, { number: short(theirs.id) });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, message: 'Order not found.' });
    const guessed = await show(shopper.token, { number: 'ZZZZ9999' });
    expect(guessed.status).toBe(404);
    expect(guessed.body.message).toBe('Order not found.');
    for (const number of ['3A40', '#3A4030A3X', '../../x', '', 12345678, null]) {
      const bad = await show(shopper.token, { number });
      expect(bad.status).toBe(400);
    }
    expect((await show(shopper.token, { number: '3A40' })).body.message).toBe('Order not found.');
    expect((await show(shopper.token, { number: 'x'.repeat(5000) })).status).toBe(400);
    // The full id is not a number the page takes.
    expect((await show(shopper.token, { number: theirs.id })).status).toBe(400);
    await expect((await getStore()).orders.get(mine.id)).resolves.toEqual(mine);
  });

  it('refuses a visitor with no token (401) and a staff token (401: not a shopper)', async () => {
    const order = await orderOf(shopper.id);
    expect((await show(undefined, { number: short(order.id) })).status).toBe(401);
    expect((await show(staff.token, { number: short(order.id) })).status).toBe(401);
  });
});

describe('removing an order from the list', { timeout: 60_000 }, () => {
  it('hides it on every device: the list leaves it out, the desk and its page still have it', async () => {
    const order = await orderOf(shopper.id, {
      status: 'Cancelled',
      cancelReason: 'Changed my mind',
    });
    expect((await list(shopper.token)).map((o) => o._id)).toContain(order.id);
    const answer = await hide(shopper.token, { orderId: order.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Order removed from your list' });
    // A second device signs in afresh: the same account, a new token.
    expect((await list(shopper.token)).map((o) => o._id)).not.toContain(order.id);
    expect((await show(shopper.token, { number: short(order.id) })).status).toBe(200);
    expect(
      (await deskCall('orders/show', { body: { order: order.id }, token: staff.token })).status,
    ).toBe(200);
    // Removing twice is not an error.
    expect((await hide(shopper.token, { orderId: order.id })).status).toBe(200);
  });

  it("refuses another shopper's order and an unknown id with Order not found., changing nothing", async () => {
    const theirs = await orderOf(other.id, {
      status: 'Cancelled',
      cancelReason: 'Changed my mind',
    });
    const refused = await hide(shopper.token, { orderId: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, message: 'Order not found.' });
    expect((await hide(shopper.token, { orderId: 'no-such-order' })).status).toBe(404);
    await expect((await getStore()).orders.get(theirs.id)).resolves.toEqual(theirs);
    expect((await list(other.token)).map((o) => o._id)).toContain(theirs.id);
  });

  it('refuses no token, a staff token, a malformed and an oversized body', async () => {
    const order = await orderOf(shopper.id);
    expect((await hide(undefined, { orderId: order.id })).status).toBe(401);
    expect((await hide(staff.token, { orderId: order.id })).status).toBe(401);
    expect((await hide(shopper.token, {})).body.message).toBe('Order id is required');
    expect((await hide(shopper.token, { orderId: 42 })).status).toBe(400);
    expect((await hide(shopper.token, { orderId: 'x'.repeat(65) })).status).toBe(400);
    expect((await list(shopper.token)).map((o) => o._id)).toContain(order.id);
  });
});

describe(
  'an order found by the key Place Order sent (POST /api/order/find)',
  { timeout: 60_000 },
  () => {
    const find = (token: string | undefined, body: unknown) =>
      call(account, '/api/order/find', { body, ...(token ? { token } : {}) });

    it('answers the caller’s order placed under that key, as their list shows it', async () => {
      const order = await orderOf(shopper.id, { idempotencyKey: 'checkout-found-0001' });
      const answer = await find(shopper.token, { idempotencyKey: 'checkout-found-0001' });
      expect(answer.status).toBe(200);
      expect(answer.body.order).toEqual(
        (await list(shopper.token)).find((o) => o._id === order.id),
      );
    });

    it('answers "Order not found." for a key with no order, and for another shopper’s key', async () => {
      await orderOf(other.id, { idempotencyKey: 'checkout-theirs-0001' });
      for (const idempotencyKey of ['checkout-never-sent', 'checkout-theirs-0001']) {
        const answer = await find(shopper.token, { idempotencyKey });
        expect([answer.status, answer.body]).toEqual([
          404,
          { success: false, message: 'Order not found.' },
        ]);
      }
    });

    it('refuses a key the order call would refuse, and a caller who is not signed in', async () => {
      const bad = await find(shopper.token, { idempotencyKey: 'short' });
      expect([bad.status, bad.body.message]).toEqual([
        400,
        'Idempotency-Key must be 8 to 128 letters, digits, hyphens or underscores.',
      ]);
      expect((await find(undefined, { idempotencyKey: 'checkout-found-0001' })).status).toBe(401);
    });
  },
);
