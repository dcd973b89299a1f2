// COD cash reconciled, through the desk router with real Requests, against the PostEx stand-in on
// 127.0.0.1: a delivered COD parcel the stand-in pays (its control address /__stand-in/remit) is
// recorded on its order's ledger once, with the courier's reference, and the business view moves
// it from "with the courier" to collected. The courier's CSV report is read the same way, and what
// differs is listed: short paid, the courier's charges, paid for an order not delivered, a parcel
// the shop never booked, a line imported twice. A report the shop cannot read changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { COURIER_REMITTANCE_MESSAGES } from '../../src/lib/contract/desk-remittances.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { books } from '../../src/lib/orders/books.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { followParcels } from '../../src/server/orders/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir, setEnv } from '../fixtures/env.ts';

const TOKEN = 'remittance-test-postex-token';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startPostexStandIn>>;
let owner: Member;
let staff: Member;
let restoreEnv: () => void;

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startPostexStandIn({ token: TOKEN });
  const vars = {
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: TOKEN,
    POSTEX_API_URL: standIn.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
  };
  restoreEnv = setEnv(vars);
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Packer');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  restoreEnv();
  await standIn.close();
  await env.cleanup();
});
beforeEach(() => {
  standIn.state.mode = 'ok';
});

const stored = async (id: string) => (await (await getStore()).orders.get(id))!;
const cod = (order: OrderRecord) => (order.payments ?? []).filter((e) => e.method === 'COD');

/** A COD order of ₨8,350 booked with the stand-in from the desk: its id and tracking number. */
async function bookedOrder() {
  const order = await seedOrder({
    status: 'Packing',
    paymentMethod: 'COD',
    address: lahoreAddress({ firstName: 'Ayesha', lastName: 'Khan' }),
  });
  const booked = await deskCall('orders/book-courier', {
    body: { order: order.id },
    token: staff.token,
  });
  expect(booked.status).toBe(200);
  return { id: order.id, tracking: booked.body.booking.trackingNumber as string };
}

/** The stand-in's control address, as a person would use it with curl. */
async function control(action: 'move' | 'remit', body: Record<string, string>) {
  const res = await fetch(`${standIn.url}/__stand-in/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { reference?: string };
}

/** A booked order the courier delivered, moved to Delivered by the tracking job. */
async function deliveredOrder() {
  const parcel = await bookedOrder();
  for (const state of ['picked_up', 'out_for_delivery', 'delivered'])
    await control('move', { trackingNumber: parcel.tracking, state });
  await followParcels(await getDeps());
  expect((await stored(parcel.id)).status).toBe('Delivered');
  return parcel;
}

const importApi = (token = owner.token) => deskCall('couriers/remittances', { body: {}, token });
const importCsv = (csv: string, token = owner.token) =>
  deskCall('couriers/remittances', { body: { csv, courier: 'postex' }, token });

describe('COD cash reconciled from the courier', { timeout: 60_000 }, () => {
  it("records a delivered parcel's remitted cash on its ledger once, with the courier's reference, and the books move it from with the courier to collected", async () => {
    const { id, tracking } = await deliveredOrder();
    const before = books([await stored(id)]);
    expect(before).toMatchObject({
      codWithCourierPkr: 8350,
      codWithCourierOrders: 1,
      collectedPkr: 0,
    });
    const { reference } = await control('remit', { trackingNumber: tracking });
    const answer = await importApi();
    expect(answer.status).toBe(200);
    expect(answer.body.differences).toEqual([]);
    expect(answer.body.recorded).toBe(1);
    const order = await stored(id);
    expect(cod(order)).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'COD',
        amount: 8350,
        amountPkr: 8350,
        reference: `PostEx ${tracking} ${reference}`,
        by: { id: owner.id, email: owner.email },
      }),
    ]);
    const after = books([order]);
    expect(after).toMatchObject({
      codWithCourierPkr: 0,
      codWithCourierOrders: 0,
      collectedPkr: 8350,
      outstandingPkr: 0,
      salesPkr: 8350,
    });
    expect(after.netPkr + after.outstandingPkr - after.refundDuePkr).toBe(
      after.salesPkr - after.returnedPkr,
    );
  });

  it('changes nothing when the same report is imported again', async () => {
    const { id, tracking } = await deliveredOrder();
    await control('remit', { trackingNumber: tracking });
    expect((await importApi()).body.recorded).toBeGreaterThanOrEqual(1);
    const again = await importApi();
    expect(again.status).toBe(200);
    expect(again.body.recorded).toBe(0);
    expect(cod(await stored(id))).toHaveLength(1);
  });

  it('records one payment when two imports race', async () => {
    const { id, tracking } = await deliveredOrder();
    await control('remit', { trackingNumber: tracking });
    const answers = await Promise.all([importApi(), importApi(), importApi()]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(cod(await stored(id))).toHaveLength(1);
  });

  it('records nothing while the courier is down', async () => {
    const { id, tracking } = await deliveredOrder();
    await control('remit', { trackingNumber: tracking });
    standIn.state.mode = 'fail';
    const answer = await importApi();
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(COURIER_REMITTANCE_MESSAGES.courierDown('PostEx'));
    expect(cod(await stored(id))).toEqual([]);
  });

  it('is for the owner: a member is refused and nothing is recorded', async () => {
    const { id, tracking } = await deliveredOrder();
    await control('remit', { trackingNumber: tracking });
    const answer = await importApi(staff.token);
    expect(answer.status).toBe(403);
    expect(cod(await stored(id))).toEqual([]);
    expect((await deskCall('couriers/remittances', { body: {} })).status).toBe(401);
  });
});

describe("the courier's CSV report", { timeout: 60_000 }, () => {
  it('lists a short payment and records what was paid', async () => {
    const { id, tracking } = await deliveredOrder();
    const answer = await importCsv(
      `Tracking Number,Amount,Reference,Date\n${tracking},"8,000",CPR-1001,2026-11-28\n`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.differences).toEqual([
      {
        trackingNumber: tracking,
        reference: 'CPR-1001',
        order: shortNumber(id),
        outcome: 'short-paid',
        expectedPkr: 8350,
        paidPkr: 8000,
        chargesPkr: null,
      },
    ]);
    const order = await stored(id);
    expect(cod(order).map((e) => e.amount)).toEqual([8000]);
    expect(books([order])).toMatchObject({ collectedPkr: 8000, codWithCourierPkr: 350 });
  });

  it("lists the courier's charges taken off the cash", async () => {
    const { id, tracking } = await deliveredOrder();
    const answer = await importCsv(
      `CN Number,Amount Paid,Courier Charges,CPR Number\n${tracking},8100,250,CPR-1002\n`,
    );
    expect(answer.body.differences).toEqual([
      expect.objectContaining({
        order: shortNumber(id),
        outcome: 'courier-charges',
        expectedPkr: 8350,
        paidPkr: 8100,
        chargesPkr: 250,
      }),
    ]);
    expect(cod(await stored(id)).map((e) => e.amount)).toEqual([8100]);
  });

  it('lists a payment of more than was due, and records it: the order shows a refund due', async () => {
    const { id, tracking } = await deliveredOrder();
    const answer = await importCsv(`Tracking Number,Amount,Reference\n${tracking},8500,CPR-1006\n`);
    expect(answer.body.differences).toEqual([
      expect.objectContaining({
        order: shortNumber(id),
        outcome: 'over-paid',
        expectedPkr: 8350,
        paidPkr: 8500,
      }),
    ]);
    const order = await stored(id);
    expect(books([order])).toMatchObject({
      collectedPkr: 8500,
      refundDuePkr: 150,
      outstandingPkr: 0,
    });
  });

  it('lists a payment for an order not delivered, and records nothing on it', async () => {
    const { id, tracking } = await bookedOrder();
    const answer = await importCsv(`Tracking Number,Amount,Reference\n${tracking},8350,CPR-1003\n`);
    expect(answer.body).toMatchObject({ recorded: 0 });
    expect(answer.body.differences).toEqual([
      expect.objectContaining({ order: shortNumber(id), outcome: 'not-delivered', paidPkr: 8350 }),
    ]);
    expect(cod(await stored(id))).toEqual([]);
  });

  it('records a parcel named twice in one report once, and lists the second line', async () => {
    const { id, tracking } = await deliveredOrder();
    const answer = await importCsv(
      `Tracking Number,Amount,Reference\n${tracking},8350,CPR-2001\n${tracking},8350,CPR-2002\n`,
    );
    expect(answer.body.recorded).toBe(1);
    expect(answer.body.differences).toEqual([
      expect.objectContaining({ reference: 'CPR-2002', outcome: 'already-recorded' }),
    ]);
    expect(cod(await stored(id)).map((e) => e.reference)).toEqual([`PostEx ${tracking} CPR-2001`]);
  });

  it('lists a line for a parcel the shop never booked', async () => {
    const answer = await importCsv(`Tracking Number,Amount,Reference\n99999999999,1200,CPR-1004\n`);
    expect(answer.body.differences).toEqual([
      {
        trackingNumber: '99999999999',
        reference: 'CPR-1004',
        order: null,
        outcome: 'unknown-order',
        expectedPkr: null,
        paidPkr: 1200,
        chargesPkr: null,
      },
    ]);
  });

  it('changes nothing when the same line is imported a second time, and says so', async () => {
    const { id, tracking } = await deliveredOrder();
    const csv = `Tracking Number,Amount,Reference\n${tracking},8350,CPR-1005\n`;
    const first = await importCsv(csv);
    expect(first.body).toMatchObject({ recorded: 1, differences: [] });
    const second = await importCsv(csv);
    expect(second.body.recorded).toBe(0);
    expect(second.body.differences).toEqual([
      expect.objectContaining({ order: shortNumber(id), outcome: 'already-recorded' }),
    ]);
    expect(second.body.message).toBe(
      "PostEx's report: 1 line, 0 recorded on their orders, 1 to look at.",
    );
    expect(cod(await stored(id))).toHaveLength(1);
  });

  it.each([
    ['text that is not a report', 'just some words', COURIER_REMITTANCE_MESSAGES.missingColumns],
    [
      'a report without an amount column',
      'Tracking Number,Reference\n123456,CPR\n',
      COURIER_REMITTANCE_MESSAGES.missingColumns,
    ],
    [
      'a negative amount',
      'Tracking Number,Amount,Reference\n123456,-100,CPR\n',
      COURIER_REMITTANCE_MESSAGES.badAmount(2, 'Amount', '-100'),
    ],
    [
      'an amount that is not rupees',
      'Tracking Number,Amount,Reference\n123456,12abc,CPR\n',
      COURIER_REMITTANCE_MESSAGES.badAmount(2, 'Amount', '12abc'),
    ],
    [
      'a tracking number that is not one',
      'Tracking Number,Amount,Reference\n"<script>",100,CPR\n',
      COURIER_REMITTANCE_MESSAGES.badTrackingNumber(2),
    ],
    [
      'a quote left open',
      'Tracking Number,Amount,Reference\n"123456,100,CPR\n',
      COURIER_REMITTANCE_MESSAGES.notCsv,
    ],
  ])('refuses %s with a clear message and records nothing', async (_, csv, message) => {
    const { id, tracking } = await deliveredOrder();
    const answer = await importCsv(csv.replace('123456', tracking));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(cod(await stored(id))).toEqual([]);
  });

  it('refuses a report that is too large before reading it', async () => {
    const answer = await importCsv(
      `Tracking Number,Amount,Reference\n${'1234567,100,CPR\n'.repeat(40_000)}`,
    );
    expect(answer.status).toBe(413);
  });

  it('refuses a report of another courier than the two the shop knows', async () => {
    const answer = await deskCall('couriers/remittances', {
      body: { csv: 'Tracking Number,Amount,Reference\n', courier: 'tcs' },
      token: owner.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Courier must be postex or leopards');
  });
});
