// The ledger through the desk with real Requests: a transaction reference pays one order only,
// refunds need a payment and never exceed what the order holds, a cancelled order that holds money
// is "refund due" until it is refunded, and two staff writing at once leave one entry.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, REFUND_MESSAGES } from '../../src/lib/contract/payments.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { REFUNDED_IN_FULL } from '../../src/server/orders/index.ts';
import { financialState, ledgerSums } from '../../src/lib/orders/ledger.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;
let other: Member;
let owner: Member;
let refunder: Member;

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Staff');
  other = await enrol('staff', 'Other Staff');
  owner = await enrol('owner', 'Owner');
  // A member the owner allowed refunds, racing the owner below.
  refunder = await enrol('staff', 'Refunder');
  const granted = await deskCall('staff/refunds', {
    token: owner.token,
    body: { staffId: refunder.id, allowed: true },
  });
  expect(granted.status).toBe(200);
}, 60_000);
afterAll(async () => env.cleanup());

/** A fresh PKR 8,350 order from Lahore, paid by JazzCash unless overridden. */
const order = (overrides: Partial<OrderRecord> = {}) =>
  seedOrder({ id: randomUUID(), paymentMethod: 'JazzCash', ...overrides });
const pay = (body: unknown, token = staff.token) => deskCall('orders/payment', { body, token });
const refund = (body: object, token = owner.token) =>
  deskCall('orders/refund', { body: { note: 'Agreed with the shopper', ...body }, token });
const stored = async (id: string) => (await (await getStore()).orders.get(id))!;
const list = async (payment: string) =>
  (await deskCall('orders/list', { body: { payment }, token: staff.token })).body.orders.map(
    (o: { id: string }) => o.id,
  );

/**
 * Makes the next two reads of `ids` wait for each other, so two requests both read before either
 * writes (the race a real pair of phones would need luck to hit).
 */
async function bothReadFirst(ids: readonly string[]) {
  const store = await getStore();
  const get = store.orders.get.bind(store.orders);
  let arrived = 0;
  let release!: () => void;
  const bothRead = new Promise<void>((resolve) => (release = resolve));
  return vi.spyOn(store.orders, 'get').mockImplementation(async (id) => {
    const found = await get(id);
    if (ids.includes(id) && ++arrived === 2) release();
    if (ids.includes(id) && arrived <= 2) await bothRead;
    return found;
  });
}

describe('a transaction reference', { timeout: 60_000 }, () => {
  it('pays one order only: JazzCash TID-555 recorded on order A is refused on order B, in any spelling', async () => {
    const a = await order();
    const b = await order();
    expect(
      (await pay({ order: a.id, method: 'JazzCash', amount: 8350, reference: 'TID-555' })).status,
    ).toBe(200);
    for (const reference of ['TID-555', 'tid 555', 'TID555']) {
      const again = await pay({ order: b.id, method: 'JazzCash', amount: 8350, reference });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PAYMENT_MESSAGES.duplicateReference(reference));
    }
    expect(financialState(await stored(a.id))).toBe('paid');
    expect(financialState(await stored(b.id))).toBe('unpaid');
    expect((await stored(b.id)).payments).toBeUndefined();
  });

  it('lets one of two orders recorded at once with the same reference win', async () => {
    const a = await order();
    const b = await order();
    const spy = await bothReadFirst([a.id, b.id]);
    try {
      const answers = await Promise.all([
        pay({ order: a.id, method: 'JazzCash', amount: 8350, reference: 'TID-777' }),
        pay({ order: b.id, method: 'JazzCash', amount: 8350, reference: 'TID-777' }, other.token),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    } finally {
      spy.mockRestore();
    }
    const paid = [await stored(a.id), await stored(b.id)].filter(
      (o) => financialState(o) === 'paid',
    );
    expect(paid).toHaveLength(1);
  });
});

describe('deskRefund', { timeout: 60_000 }, () => {
  it('refunds a cancelled order that holds money: refund due until the refund is recorded, then refunded', async () => {
    const o = await order({ paymentMethod: 'Bank Transfer' });
    expect(
      (await pay({ order: o.id, method: 'Bank Transfer', amount: 8350, reference: 'FT-900' }))
        .status,
    ).toBe(200);
    await (await getStore()).orders.transition(o.id, ['Order Placed'], 'Cancelled');
    expect(financialState(await stored(o.id))).toBe('refund due');
    expect(await list('refund due')).toContain(o.id);
    const done = await refund({
      order: o.id,
      method: 'Bank Transfer',
      amount: 8350,
      reference: 'RF-900',
    });
    expect(done.status).toBe(200);
    const number = o.id.slice(-8).toUpperCase();
    expect(done.body.message).toBe(
      `Refunded ₨8,350 by Bank Transfer on order #${number}. The order is now refunded.`,
    );
    expect(done.body.order).toMatchObject({ payment: 'refunded', refunded: 8350, held: 0, due: 0 });
    expect(await list('refund due')).not.toContain(o.id);
    expect(await list('refunded')).toContain(o.id);
    const audit = await (
      await getStore()
    ).audit.list({ target: `order:${o.id}`, action: 'order.refund' });
    expect(audit).toHaveLength(1);
  });

  it('needs a payment: no money goes out of an order none came into', async () => {
    const o = await order();
    const answer = await refund({
      order: o.id,
      method: 'JazzCash',
      amount: 100,
      reference: 'RF-1',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(REFUND_MESSAGES.noPayment);
    expect((await stored(o.id)).payments).toBeUndefined();
  });

  it('never refunds more than was paid minus what was already refunded', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-901' });
    expect(
      (await refund({ order: o.id, method: 'JazzCash', amount: 5525, reference: 'RF-901' })).status,
    ).toBe(200);
    const over = await refund({
      order: o.id,
      method: 'JazzCash',
      amount: 2826,
      reference: 'RF-902',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(REFUND_MESSAGES.moreThanHeld('₨2,825'));
    const after = await stored(o.id);
    expect(ledgerSums(after)).toMatchObject({
      paidMinor: 835_000,
      refundedMinor: 552_500,
      heldMinor: 282_500,
    });
    expect(financialState(after)).toBe('partly refunded');
  });

  it('lets one of two staff refunding the whole payment at once win; the other is told', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-903' });
    const spy = await bothReadFirst([o.id]);
    try {
      const answers = await Promise.all([
        refund({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'RF-903' }),
        refund(
          { order: o.id, method: 'JazzCash', amount: 8350, reference: 'RF-904' },
          refunder.token,
        ),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe(PAYMENT_MESSAGES.raced);
    } finally {
      spy.mockRestore();
    }
    expect(ledgerSums(await stored(o.id))).toMatchObject({ refundedMinor: 835_000, heldMinor: 0 });
  });

  it('refuses a refund reference already recorded, a method money cannot go back by, and malformed amounts', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-905' });
    expect(
      (await refund({ order: o.id, method: 'JazzCash', amount: 100, reference: 'RF-905' })).status,
    ).toBe(200);
    const before = await stored(o.id);
    const twice = await refund({
      order: o.id,
      method: 'JazzCash',
      amount: 100,
      reference: 'rf 905',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REFUND_MESSAGES.duplicateReference('rf 905'));
    const cases: [unknown, string][] = [
      [
        { order: o.id, method: 'COD', amount: 1, reference: 'X' },
        'Method must be one of: Bank Transfer, JazzCash, EasyPaisa, Card',
      ],
      [
        { order: o.id, method: 'JazzCash', amount: -5, reference: 'X' },
        'Amount must be more than 0',
      ],
      [
        { order: o.id, method: 'JazzCash', amount: '100', reference: 'X' },
        'Amount must be a number',
      ],
      [
        { order: o.id, method: 'JazzCash', amount: 1.5, reference: 'X' },
        'Amount must be a whole number of PKR.',
      ],
      [
        { order: o.id, method: 'JazzCash', amount: 1 },
        REFUND_MESSAGES.referenceRequired('JazzCash'),
      ],
      [{ order: { $ne: null }, method: 'JazzCash', amount: 1, reference: 'X' }, 'Must be text'],
    ];
    for (const [body, message] of cases) {
      const answer = await refund(body as object);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    const unknown = await refund({
      order: '#ABCDEF12',
      method: 'JazzCash',
      amount: 1,
      reference: 'X',
    });
    expect(unknown.status).toBe(404);
    expect(await stored(o.id)).toEqual(before);
  });

  it('answers 401 without a staff token', async () => {
    const o = await order();
    const answer = await deskCall('orders/refund', {
      body: { order: o.id, method: 'JazzCash', amount: 1, reference: 'X' },
    });
    expect(answer.status).toBe(401);
  });

  it('are the owner’s: a staff member is refused and nothing changes, until the owner allows them', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-910' });
    const before = await stored(o.id);
    const refused = await refund(
      { order: o.id, method: 'JazzCash', amount: 100, reference: 'RF-910' },
      staff.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DESK_ANSWERS.refundsOnly);
    expect(await stored(o.id)).toEqual(before);
    const byStaff = await deskCall('staff/refunds', {
      token: staff.token,
      body: { staffId: staff.id, allowed: true },
    });
    expect(byStaff.status).toBe(403);
    const allowed = await refund(
      { order: o.id, method: 'JazzCash', amount: 100, reference: 'RF-910' },
      refunder.token,
    );
    expect(allowed.status).toBe(200);
  });

  it('needs a reason, kept on the refund and in the audit log', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-911' });
    const silent = await deskCall('orders/refund', {
      token: owner.token,
      body: { order: o.id, method: 'JazzCash', amount: 100, reference: 'RF-911' },
    });
    expect(silent.status).toBe(400);
    expect(silent.body.message).toBe('Say why the refund is made');
    const said = await refund({
      order: o.id,
      method: 'JazzCash',
      amount: 100,
      reference: 'RF-911',
      note: 'Strap arrived frayed',
    });
    expect(said.status).toBe(200);
    expect(said.body.order.payments.at(-1)).toMatchObject({ note: 'Strap arrived frayed' });
    const [logged] = await (
      await getStore()
    ).audit.list({ target: `order:${o.id}`, action: 'order.refund' });
    expect(logged!.after).toMatchObject({ note: 'Strap arrived frayed' });
  });

  it('by line: one of two totes is ₨4,050, shown as refunded on the order; a third is refused', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-912' });
    const one = await refund({
      order: o.id,
      method: 'JazzCash',
      lines: [{ index: 0, quantity: 1 }],
      reference: 'RF-912',
    });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe(
      `Refunded ₨4,050 by JazzCash on order #${o.id.slice(-8).toUpperCase()}. The order is now partly refunded.`,
    );
    expect(one.body.order.lines[0]).toMatchObject({ quantity: 2, refunded: 1 });
    expect((await stored(o.id)).payments!.at(-1)).toMatchObject({
      amount: 4050,
      lines: [{ index: 0, quantity: 1 }],
    });
    const more = await refund({
      order: o.id,
      method: 'JazzCash',
      lines: [{ index: 0, quantity: 2 }],
      reference: 'RF-913',
    });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(REFUND_MESSAGES.tooMany('City Tote', 1));
    const dearer = await refund({
      order: o.id,
      method: 'JazzCash',
      lines: [{ index: 0, quantity: 1 }],
      amount: 4051,
      reference: 'RF-914',
    });
    expect(dearer.status).toBe(409);
    expect(dearer.body.message).toBe(REFUND_MESSAGES.moreThanLines('₨4,050'));
    const unknown = await refund({
      order: o.id,
      method: 'JazzCash',
      lines: [{ index: 3, quantity: 1 }],
      reference: 'RF-915',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(REFUND_MESSAGES.unknownLine(3));
  });

  it('cancels an order refunded in full before it shipped: it can never be packed', async () => {
    const o = await order();
    await pay({ order: o.id, method: 'JazzCash', amount: 8350, reference: 'TID-916' });
    const all = await refund({
      order: o.id,
      method: 'JazzCash',
      lines: [
        { index: 0, quantity: 2 },
        { index: -1, quantity: 1 },
      ],
      reference: 'RF-916',
    });
    expect(all.status).toBe(200);
    expect(all.body.order).toMatchObject({
      status: 'Cancelled',
      cancelReason: REFUNDED_IN_FULL,
      payment: 'refunded',
      feeRefunded: true,
    });
    const packing = await deskCall('orders/move', {
      token: owner.token,
      body: { order: o.id, to: 'Packing' },
    });
    expect(packing.status).toBe(409);
  });
});
