// Book all packed and the rider's load sheet, through the desk router with real Requests, against
// the PostEx stand-in (src/demo/postex-stand-in.ts) on 127.0.0.1: a press books every packed order
// within Pakistan that has no booking, oldest first, once however many press at once; an order the
// courier refuses is listed with its reason while the rest are booked; a courier that is down stops
// the press with nothing half-booked; the sheet lists the booked parcels not yet picked up, with
// their COD and no customer's name, phone or street. Hostile calls are refused.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { BOOK_PER_PRESS } from '../../src/server/orders/courier-batch.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';

const TOKEN = 'desk-test-postex-token';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startPostexStandIn>>;
let staff: Member;
let other: Member;
let restoreEnv: () => void;

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startPostexStandIn({ token: TOKEN });
  restoreEnv = setEnv({
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: TOKEN,
    POSTEX_API_URL: standIn.apiUrl,
    // Generous: a loaded machine must not turn a slow stand-in into a timeout (nor the courier held
    // while the second of two racing presses reaches it).
    COURIER_TIMEOUT_MS: '10000',
  });
  staff = await enrol('staff', 'Packer');
  other = await enrol('staff', 'Second Packer');
}, 60_000);
afterAll(async () => {
  restoreEnv();
  await standIn.close();
  await env.cleanup();
});
// Each test starts with no order in Packing: the rider took what was booked, the rest is cancelled.
afterEach(async () => {
  standIn.state.mode = 'ok';
  const store = await getStore();
  for (const order of await store.orders.list({ status: 'Packing' }))
    await store.orders.transition(
      order.id,
      ['Packing'],
      order.courierBooking ? 'Out for Delivery' : 'Cancelled',
    );
});

let placed = Date.parse('2026-11-01T08:00:00.000Z');
/** An order in Packing, each placed a minute after the one before. */
const packing = (overrides: Partial<OrderRecord> = {}) => {
  placed += 60_000;
  return seedOrder({
    status: 'Packing',
    date: new Date(placed).toISOString(),
    address: lahoreAddress({ firstName: 'Ayesha', lastName: 'Khan' }),
    ...overrides,
  });
};
const bookPacked = (token = staff.token) => deskCall('couriers/book-packed', { body: {}, token });
const sheet = (token = staff.token) => deskCall('couriers/load-sheet', { body: {}, token });
const stored = async (id: string) => (await (await getStore()).orders.get(id))!;

describe('Book all packed', { timeout: 60_000 }, () => {
  it('books every packed order within Pakistan that has no booking, oldest first, and leaves the others as they were', async () => {
    const first = await packing();
    const second = await packing();
    const placedOnly = await seedOrder({ status: 'Order Placed' });
    const abroad = await packing({
      address: lahoreAddress({ country: 'United Kingdom', city: 'Leeds' }),
    });
    const parcels = standIn.book.parcels.size;

    const answer = await bookPacked();
    expect(answer.status).toBe(200);
    const booked = answer.body.booked as { number: string; trackingNumber: string }[];
    expect(booked.map((b) => b.number)).toEqual([shortNumber(first.id), shortNumber(second.id)]);
    expect(answer.body).toEqual({
      success: true,
      message: COURIER_MESSAGES.bookedPacked('PostEx', 2, 0, 0),
      courierLabel: 'PostEx',
      booked,
      failed: [],
      left: 0,
    });
    expect(answer.body.message).toBe('Booked 2 packed orders with PostEx.');
    expect(standIn.book.parcels.size).toBe(parcels + 2);
    for (const [order, { trackingNumber }] of [
      [first, booked[0]!],
      [second, booked[1]!],
    ] as const)
      expect((await stored(order.id)).courierBooking).toMatchObject({
        state: 'booked',
        trackingNumber,
        by: { id: staff.id },
      });
    expect((await stored(placedOnly.id)).courierBooking).toBeUndefined();
    expect((await stored(abroad.id)).courierBooking).toBeUndefined();
  });

  it('lists an order the courier refuses with its reason and books the others', async () => {
    const good = await packing();
    const gilgit = await packing({ address: lahoreAddress({ city: 'Gilgit' }) });
    const after = await packing();
    const answer = await bookPacked();
    expect(answer.status).toBe(200);
    expect(answer.body.booked.map((b: { number: string }) => b.number)).toEqual([
      shortNumber(good.id),
      shortNumber(after.id),
    ]);
    expect(answer.body.failed).toEqual([
      {
        number: shortNumber(gilgit.id),
        message: expect.stringMatching(
          /^PostEx refused the booking, so nothing was booked: .*Gilgit/,
        ),
      },
    ]);
    expect(answer.body.message).toBe(
      'Booked 2 packed orders with PostEx. 1 could not be booked: see why below.',
    );
    expect((await stored(gilgit.id)).courierBooking).toBeUndefined();
  });

  it('stops at a courier that is down, books nothing, and says how many still wait', async () => {
    const orders = [await packing(), await packing(), await packing()];
    const parcels = standIn.book.parcels.size;
    standIn.state.mode = 'fail';
    const answer = await bookPacked();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      booked: [],
      failed: [
        { number: shortNumber(orders[0]!.id), message: COURIER_MESSAGES.courierDown('PostEx') },
      ],
      left: 2,
      message:
        'Booked 0 packed orders with PostEx. 1 could not be booked: see why below. 2 more wait: press again to book them.',
    });
    expect(standIn.book.parcels.size).toBe(parcels);
    for (const order of orders) expect((await stored(order.id)).courierBooking).toBeUndefined();
    // Back up: the next press books all three.
    standIn.state.mode = 'ok';
    expect((await bookPacked()).body.booked).toHaveLength(3);
  });

  it('books each order once when two members press at once', async () => {
    const orders = [await packing(), await packing(), await packing(), await packing()];
    const parcels = standIn.book.parcels.size;
    // The courier holds its answers until both presses are at it, so the two overlap however busy
    // the machine is (a loaded run once began the second press after the first had booked all four,
    // and it was rightly told nothing was packed).
    let release = () => {};
    standIn.state.held = new Promise((resolve) => (release = resolve));
    const calls = standIn.state.calls;
    const presses = Promise.all([bookPacked(staff.token), bookPacked(other.token)]);
    await vi.waitFor(() => expect(standIn.state.calls - calls).toBe(2), { timeout: 20_000 });
    standIn.state.held = null;
    release();
    const [a, b] = await presses;
    expect(standIn.book.parcels.size).toBe(parcels + orders.length);
    const numbers = [...a.body.booked, ...b.body.booked].map((x: { number: string }) => x.number);
    expect(numbers.toSorted()).toEqual(orders.map((o) => shortNumber(o.id)).toSorted());
    // A press that found an order being booked by the other lists it with why, and books nothing.
    for (const failure of [...(a.body.failed ?? []), ...(b.body.failed ?? [])])
      expect(failure.message).toBe(COURIER_MESSAGES.beingBooked);
  });

  it(`books ${BOOK_PER_PRESS} orders a press and says how many are left for the next`, async () => {
    const orders: OrderRecord[] = [];
    for (let i = 0; i < BOOK_PER_PRESS + 2; i++) orders.push(await packing());
    const first = await bookPacked();
    expect(first.body.booked).toHaveLength(BOOK_PER_PRESS);
    expect(first.body.left).toBe(2);
    expect(first.body.message).toBe(
      `Booked ${BOOK_PER_PRESS} packed orders with PostEx. 2 more wait: press again to book them.`,
    );
    const second = await bookPacked();
    expect(second.body.booked.map((b: { number: string }) => b.number)).toEqual(
      orders.slice(BOOK_PER_PRESS).map((o) => shortNumber(o.id)),
    );
    expect(second.body.left).toBe(0);
  });

  it('answers 409 in words when no packed order waits, asking no courier', async () => {
    const parcels = standIn.book.parcels.size;
    const answer = await bookPacked();
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(COURIER_MESSAGES.nothingPacked);
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  it('answers 503 with what to set when no courier is connected', async () => {
    const order = await packing();
    const restore = setEnv({ POSTEX_API_TOKEN: '', DEFAULT_COURIER: '' });
    try {
      const answer = await bookPacked();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(COURIER_MESSAGES.noCourier);
      const empty = await sheet();
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ success: true, courier: null, parcels: [], codTotalMinor: 0 });
    } finally {
      restore();
    }
    expect((await stored(order.id)).courierBooking).toBeUndefined();
  });
});

describe("The rider's load sheet", { timeout: 60_000 }, () => {
  it('lists the parcels booked and not picked up, with their COD in paisa and the total, and no customer’s name, phone or street', async () => {
    const cod = await packing();
    const paid = await packing({ paymentMethod: 'Bank Transfer' });
    const booked = (await bookPacked()).body.booked as { number: string; trackingNumber: string }[];
    // One parcel picked up by the rider since: off the sheet.
    const pickedUp = await packing();
    await bookPacked();
    await (await getStore()).orders.transition(pickedUp.id, ['Packing'], 'Out for Delivery');

    const answer = await sheet();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      courier: { label: 'PostEx', test: true },
      parcels: [
        {
          number: shortNumber(cod.id),
          trackingNumber: booked[0]!.trackingNumber,
          city: 'Lahore',
          codMinor: 835_000,
          weightGrams: 1000,
          pieces: 1,
          bookedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
        {
          number: shortNumber(paid.id),
          trackingNumber: booked[1]!.trackingNumber,
          city: 'Lahore',
          codMinor: 0,
          weightGrams: 1000,
          pieces: 1,
          bookedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
      codTotalMinor: 835_000,
    });
    const text = JSON.stringify(answer.body);
    for (const secret of ['Ayesha', 'Khan', '12 Canal View', '03001234567'])
      expect(text).not.toContain(secret);
  });
});

describe('hostile calls', { timeout: 60_000 }, () => {
  it('refuses a caller without a desk session and a shopper’s session, booking nothing', async () => {
    await packing();
    const shopper = await signUp('Curious Shopper');
    const parcels = standIn.book.parcels.size;
    for (const path of ['couriers/book-packed', 'couriers/load-sheet']) {
      expect((await deskCall(path, { body: {} })).status).toBe(401);
      expect(await deskCall(path, { body: {}, token: shopper.token })).toMatchObject({
        status: 403,
        body: { message: DESK_ANSWERS.shopperToken },
      });
    }
    expect(standIn.book.parcels.size).toBe(parcels);
  });

  it('refuses a malformed or oversized body before anything is read', async () => {
    await packing();
    const parcels = standIn.book.parcels.size;
    const raw = (rawBody: string) =>
      deskCall('couriers/book-packed', { token: staff.token, rawBody } as never);
    expect((await raw('{not json')).status).toBe(400);
    expect((await raw('[]')).status).toBe(400);
    expect((await raw(JSON.stringify({ pad: 'x'.repeat(200_000) }))).status).toBe(413);
    expect(standIn.book.parcels.size).toBe(parcels);
  });
});
