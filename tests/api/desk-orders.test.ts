// The staff desk's orders through the desk router with real Requests: the list (newest first,
// Karachi dates, filters, search by short number, e-mail, phone and name, counts per status), the
// detail with its timeline, moves along the status machine, two staff racing on one order, and the
// audit log and shopper mail each move writes.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { ORDER_ANSWERS } from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp } from '../fixtures/api.ts';
import { allowPersonalData, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { paidLedger } from '../fixtures/store.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let ayesha: OrderRecord;
let bilal: OrderRecord;
let late: OrderRecord;
let paid: OrderRecord;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  // The list's and detail's customer fields are this file's subject; a member without the grant
  // gets none of them (tests/api/desk-least-privilege.test.ts).
  await allowPersonalData(owner, staff);
  // 20:30 UTC on 1 March is 01:30 on 2 March in Karachi (UTC+5).
  late = await seedOrder({
    id: 'aaaaaaaa-0000-4000-8000-00007133649b',
    date: '2026-03-01T20:30:00.000Z',
    address: lahoreAddress({ firstName: 'Zara', lastName: 'Khan', email: 'zara@example.com' }),
  });
  // 18:59 UTC on 1 March is 23:59 on 1 March in Karachi.
  ayesha = await seedOrder({
    id: 'bbbbbbbb-0000-4000-8000-0000000000a1',
    date: '2026-03-01T18:59:00.000Z',
    address: lahoreAddress({
      firstName: 'Ayesha',
      lastName: 'Siddiqui',
      email: 'ayesha.s@example.com',
      mobile: '0321 7654321',
    }),
  });
  bilal = await seedOrder({
    id: 'cccccccc-0000-4000-8000-0000000000b2',
    date: '2026-03-03T09:00:00.000Z',
    address: lahoreAddress({ firstName: 'Bilal', lastName: 'Ahmed', email: 'bilal@example.com' }),
    status: 'Packing',
  });
  paid = await seedOrder({
    id: 'dddddddd-0000-4000-8000-0000000000c3',
    date: '2026-03-04T09:00:00.000Z',
    payments: [{ ...paidLedger(61, 'Bank Transfer', 'FT-C3')[0]!, at: '2026-03-05T06:30:00.000Z' }],
    paymentMethod: 'Bank Transfer',
    currency: 'USD',
    rate: 0.0036,
    amountPkr: 10000,
    amount: 36,
    deliveryFee: 25,
    total: 61,
    address: lahoreAddress({ firstName: 'Omar', lastName: 'Farooq', email: 'omar@example.com' }),
  });
}, 60_000);
afterAll(async () => env.cleanup());

const list = async (body: object) => {
  const answer = await deskCall('orders/list', { body, token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body as {
    orders: { id: string }[];
    counts: Record<string, number>;
    matched: number;
  };
};
const ids = (orders: { id: string }[]) => orders.map((o) => o.id);

describe('the desk order list', { timeout: 60_000 }, () => {
  it('lists every order newest first, with Karachi times, short numbers and counts per status', async () => {
    const answer = await list({});
    expect(ids(answer.orders)).toEqual([paid.id, bilal.id, late.id, ayesha.id]);
    expect(answer.counts).toEqual({
      'Order Placed': 3,
      Packing: 1,
      'Out for Delivery': 0,
      Delivered: 0,
      Cancelled: 0,
    });
    expect(answer.orders[2]).toEqual({
      id: late.id,
      number: '7133649B',
      date: '2026-03-01T20:30:00.000Z',
      placedAt: '2026-03-02 01:30',
      status: 'Order Placed',
      payment: 'unpaid',
      paymentMethod: 'COD',
      currency: 'PKR',
      total: 8350,
      totalPkr: 8350,
      name: 'Zara Khan',
      email: 'zara@example.com',
      phone: '+92 300 1234567',
      city: 'Lahore',
      items: 2,
    });
  });

  it('filters by Karachi calendar day, not the UTC one', async () => {
    expect(ids((await list({ from: '2026-03-02', to: '2026-03-02' })).orders)).toEqual([late.id]);
    expect(ids((await list({ from: '2026-03-01', to: '2026-03-01' })).orders)).toEqual([ayesha.id]);
    expect(ids((await list({ from: '2026-03-03' })).orders)).toEqual([paid.id, bilal.id]);
  });

  it('filters by status typed in any case, and by payment state', async () => {
    expect(ids((await list({ status: 'PACKING' })).orders)).toEqual([bilal.id]);
    expect(ids((await list({ status: 'order placed', payment: 'paid' })).orders)).toEqual([
      paid.id,
    ]);
    const unknown = await deskCall('orders/list', {
      body: { status: 'shipped' },
      token: staff.token,
    });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.unknownStatus('shipped'),
    });
  });

  it('searches by the short number shoppers see, in any case, with or without #', async () => {
    expect(ids((await list({ q: '#7133649B' })).orders)).toEqual([late.id]);
    expect(ids((await list({ q: '7133649b' })).orders)).toEqual([late.id]);
  });

  it('searches by e-mail, by phone in local or international form, and by name', async () => {
    expect(ids((await list({ q: 'AYESHA.S@example' })).orders)).toEqual([ayesha.id]);
    expect(ids((await list({ q: '+92 321 7654321' })).orders)).toEqual([ayesha.id]);
    expect(ids((await list({ q: '03217654321' })).orders)).toEqual([ayesha.id]);
    expect(ids((await list({ q: 'bilal ahmed' })).orders)).toEqual([bilal.id]);
  });

  it('counts per status over the other filters, whatever status is chosen', async () => {
    const answer = await list({ q: 'bilal', status: 'Order Placed' });
    expect(answer.orders).toEqual([]);
    expect(answer.counts).toMatchObject({ 'Order Placed': 0, Packing: 1 });
  });

  it('lists the orders to pack oldest first: placed, not packed, and no card order still unpaid', async () => {
    const packer = lahoreAddress({ lastName: 'Packfirst' });
    const oldest = await seedOrder({
      id: randomUUID(),
      date: '2026-02-01T05:00:00.000Z',
      address: packer,
    });
    const newest = await seedOrder({
      id: randomUUID(),
      date: '2026-02-03T05:00:00.000Z',
      address: packer,
    });
    const middle = await seedOrder({
      id: randomUUID(),
      date: '2026-02-02T05:00:00.000Z',
      address: packer,
    });
    const packed = await seedOrder({
      id: randomUUID(),
      date: '2026-01-30T05:00:00.000Z',
      address: packer,
      status: 'Packing',
    });
    const unpaidCard = await seedOrder({
      id: randomUUID(),
      date: '2026-01-31T05:00:00.000Z',
      address: packer,
      paymentMethod: 'Card',
    });
    const answer = await list({ q: 'Packfirst', view: 'toPack' });
    expect(ids(answer.orders)).toEqual([oldest.id, middle.id, newest.id]);
    expect(answer.matched).toBe(3);
    const everything = ids((await list({ q: 'Packfirst' })).orders);
    expect(everything).toEqual([newest.id, middle.id, oldest.id, unpaidCard.id, packed.id]);
  });

  it('refuses a view it does not know', async () => {
    const answer = await deskCall('orders/list', {
      token: staff.token,
      body: { view: 'oldest' },
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: 'View must be toPack',
    });
  });
});

describe('the desk order detail', { timeout: 60_000 }, () => {
  it('shows an order by short number: lines, totals in its currency and PKR, address and timeline', async () => {
    const answer = await deskCall('orders/show', {
      body: { order: '#000000c3' },
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      id: paid.id,
      number: '000000C3',
      currency: 'USD',
      total: 61,
      totalPkr: 10000 + Math.round(25 / 0.0036),
      itemsPkr: 10000,
      payment: 'paid',
      paymentMethod: 'Bank Transfer',
      phone: '+92 300 1234567',
      lines: [
        {
          productId: 'city-tote',
          productName: 'City Tote',
          colour: 'Black',
          quantity: 2,
          unitPrice: 4050,
          lineTotal: 8100,
          image: '/photos/city-tote.jpg',
        },
      ],
      address: paid.address,
      cancelReason: null,
      courier: null,
      trackingNumber: null,
      return: null,
      timeline: [
        {
          kind: 'placed',
          at: paid.date,
          atKarachi: '2026-03-04 14:00',
          from: null,
          to: 'Order Placed',
          by: 'the shopper',
          note: null,
          returnStep: null,
          method: null,
          amount: null,
          reference: null,
        },
        {
          kind: 'payment',
          at: '2026-03-05T06:30:00.000Z',
          atKarachi: '2026-03-05 11:30',
          from: 'Order Placed',
          to: 'Order Placed',
          by: 'staff@shop.pk',
          note: 'Payment received: $61.00 by Bank Transfer (reference FT-C3)',
          returnStep: null,
          method: 'Bank Transfer',
          amount: 61,
          reference: 'FT-C3',
        },
      ],
    });
  });

  it('answers 404 for an id or number of no order', async () => {
    for (const order of ['#ABCDEF12', 'no-such-order-id']) {
      const answer = await deskCall('orders/show', { body: { order }, token: staff.token });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 404,
        message: DESK_ANSWERS.orderNotFound,
      });
    }
  });
});

describe('moving orders from the desk', { timeout: 60_000 }, () => {
  it('moves an order along the machine, records who did it on the timeline and in the audit log, and mails the shopper', async () => {
    const order = await seedOrder({ address: lahoreAddress({ email: 'mover@example.com' }) });
    const number = order.id.slice(-8).toUpperCase();
    const packing = await deskCall('orders/move', {
      body: { order: `#${number.toLowerCase()}`, to: 'packing' },
      token: staff.token,
    });
    expect({ status: packing.status, message: packing.body.message }).toEqual({
      status: 200,
      message: DESK_ANSWERS.moved(number, 'Packing'),
    });
    // Each mail is its own file in the dev outbox; the first is written before the next move.
    await settleBackground();
    const out = await deskCall('orders/move', {
      body: { order: order.id, to: 'OUT FOR DELIVERY', courier: 'TCS', trackingNumber: 'LHR-778' },
      token: staff.token,
    });
    expect(out.status).toBe(200);
    expect(out.body.order).toMatchObject({
      status: 'Out for Delivery',
      courier: 'TCS',
      trackingNumber: 'LHR-778',
    });
    expect(
      out.body.order.timeline.map((e: { from: string; to: string; by: string; note: string }) => [
        e.from,
        e.to,
        e.by,
        e.note,
      ]),
    ).toEqual([
      [null, 'Order Placed', 'the shopper', null],
      ['Order Placed', 'Packing', staff.email, null],
      ['Packing', 'Out for Delivery', staff.email, 'TCS LHR-778'],
    ]);
    const log = await deskCall('audit', {
      body: { target: `order:${order.id}` },
      token: owner.token,
    });
    expect(
      log.body.entries.map(
        (e: { actor: { email: string }; action: string; before: unknown; after: unknown }) => [
          e.actor.email,
          e.action,
          e.before,
          e.after,
        ],
      ),
    ).toEqual([
      [
        staff.email,
        'order.move',
        { status: 'Packing' },
        { status: 'Out for Delivery', courier: 'TCS', trackingNumber: 'LHR-778' },
      ],
      [staff.email, 'order.move', { status: 'Order Placed' }, { status: 'Packing' }],
    ]);
    await settleBackground();
    const mails = readdirSync(path.join(env.dir, 'outbox')).filter((f) =>
      f.endsWith('mover@example.com.txt'),
    );
    expect(mails).toHaveLength(2);
    const texts = mails
      .map((f) => readFileSync(path.join(env.dir, 'outbox', f), 'utf8'))
      .join('\n');
    expect(texts).toContain(`Your order #${number} is out for delivery.`);
    expect(texts).toContain('Tracking number: LHR-778');
  });

  it('refuses a move the machine does not allow, naming both statuses', async () => {
    const order = await seedOrder();
    const answer = await deskCall('orders/move', {
      body: { order: order.id, to: 'Delivered' },
      token: staff.token,
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 409,
      message: ORDER_ANSWERS.badStatus('Order Placed', 'Delivered'),
    });
  });

  it('asks for a reason to cancel from the shop, and keeps it on the order and timeline', async () => {
    const order = await seedOrder();
    const bare = await deskCall('orders/move', {
      body: { order: order.id, to: 'cancelled' },
      token: staff.token,
    });
    expect({ status: bare.status, message: bare.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.reasonRequired,
    });
    const answer = await deskCall('orders/move', {
      body: { order: order.id, to: 'cancelled', reason: 'Out of stock in this colour' },
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.order.cancelReason).toBe('Out of stock in this colour');
    expect(answer.body.order.timeline.at(-1)).toMatchObject({
      to: 'Cancelled',
      by: staff.email,
      note: 'Out of stock in this colour',
    });
  });

  it('refuses a courier on any move but Out for Delivery', async () => {
    const order = await seedOrder();
    const answer = await deskCall('orders/move', {
      body: { order: order.id, to: 'Packing', courier: 'TCS' },
      token: staff.token,
    });
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400,
      message: DESK_ANSWERS.shippingOnlyOut,
    });
  });

  it('lets one of two staff moving one order at once win; the other is told who moved it', async () => {
    const order = await seedOrder();
    const answers = await Promise.all(
      [staff, owner].map((m) =>
        deskCall('orders/move', {
          body: { order: order.id, to: 'Packing', from: 'Order Placed' },
          token: m.token,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    const mover = winner.body.order.timeline.at(-1).by as string;
    expect(loser.body.message).toBe(DESK_ANSWERS.movedBySomeoneElse('Packing', mover));
    const stored = await (await getStore()).orders.get(order.id);
    expect(stored?.history).toHaveLength(1);
  });

  it('tells a mover who saw an old status that the order has moved since', async () => {
    const order = await seedOrder();
    await deskCall('orders/move', { body: { order: order.id, to: 'Packing' }, token: owner.token });
    const stale = await deskCall('orders/move', {
      body: { order: order.id, from: 'Order Placed', to: 'Cancelled', reason: 'Duplicate order' },
      token: staff.token,
    });
    expect({ status: stale.status, message: stale.body.message }).toEqual({
      status: 409,
      message: DESK_ANSWERS.movedBySomeoneElse('Packing', owner.email),
    });
  });

  it("shows a shopper's own cancel on the timeline, with the shopper's reason", async () => {
    const shopper = await signUp('Cancelling Shopper');
    const user = await (await getStore()).users.findByEmail(shopper.email);
    const order = await seedOrder({ userId: user!.id });
    const cancelled = await call(account, '/api/order/cancel', {
      body: { orderId: order.id, reason: 'Ordered by mistake' },
      token: shopper.token,
    });
    expect(cancelled.status).toBe(200);
    const answer = await deskCall('orders/show', { body: { order: order.id }, token: staff.token });
    expect(answer.body.order.cancelReason).toBe('Ordered by mistake');
    expect(answer.body.order.timeline.at(-1)).toMatchObject({
      from: 'Order Placed',
      to: 'Cancelled',
      by: 'the shopper',
      note: 'Ordered by mistake',
    });
  });
});
