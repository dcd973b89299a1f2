// The tracking job, through the desk router with real Requests, against the PostEx stand-in on
// 127.0.0.1 and a real SMTP server: parcels booked from the desk are moved by the stand-in's control
// address (POST /__stand-in/move), and "Check tracking now" (or the scheduled run) moves each order
// as a desk move would, by the courier, with the shopper's mail; an attempt, a refusal and a
// return are written on the order and alerted; a returned parcel cancels its order as RTO and
// restocks once. Twice run moves once and mails once; a courier that is down changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import scheduled, { config as scheduledConfig } from '../../netlify/functions/scheduled.mts';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { SCHEDULE_CRON } from '../../src/server/scheduled.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { books } from '../../src/lib/orders/books.ts';
import { SHOP } from '../../src/lib/shop-info.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { followParcels, RTO_REASON } from '../../src/server/orders/index.ts';
import { movesFor } from '../../src/server/orders/courier-tracking.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { shopInProcess } from '../fixtures/cli.ts';
import { useTempDataDir, setEnv } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

const TOKEN = 'tracking-test-postex-token';
const SHOPPER = 'ayesha.tracking@example.com';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startPostexStandIn>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let staff: Member;
let restoreEnv: () => void;

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startPostexStandIn({ token: TOKEN });
  smtp = await startSmtpCatcher();
  const vars = {
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: TOKEN,
    POSTEX_API_URL: standIn.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
    SMTP_URL: smtp.url,
  };
  restoreEnv = setEnv(vars);
  await stockShelves([makeProduct({ _id: 'city-tote', productName: 'City Tote' })]);
  staff = await enrol('staff', 'Packer');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  restoreEnv();
  await standIn.close();
  await smtp.close();
  await env.cleanup();
});
beforeEach(() => {
  standIn.state.mode = 'ok';
});

const stored = async (id: string) => (await (await getStore()).orders.get(id))!;
const mailsTo = (to: string) =>
  smtp.mails.filter((m) => m.to.includes(to)).map((m) => mailText(m.raw));
const subjects = (to: string) =>
  smtp.mails.filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '');

/** A COD order in Packing, booked with the stand-in from the desk: its id and tracking number. */
async function bookedOrder(overrides: Partial<OrderRecord> = {}) {
  const order = await seedOrder({
    status: 'Packing',
    paymentMethod: 'COD',
    address: lahoreAddress({ firstName: 'Ayesha', lastName: 'Khan', email: SHOPPER }),
    ...overrides,
  });
  const booked = await deskCall('orders/book-courier', {
    body: { order: order.id },
    token: staff.token,
  });
  expect(booked.status).toBe(200);
  return { id: order.id, tracking: booked.body.booking.trackingNumber as string };
}

/** Moves a parcel at the courier, by the stand-in's control address, as a person would with curl. */
async function courierMoves(trackingNumber: string, ...states: string[]) {
  for (const state of states) {
    const res = await fetch(`${standIn.url}/__stand-in/move`, {
      method: 'POST',
      body: JSON.stringify({ trackingNumber, state }),
    });
    expect(res.status).toBe(200);
  }
}

const checkNow = () => deskCall('couriers/track', { body: {}, token: staff.token });

describe('Tracking moves the order by itself', { timeout: 60_000 }, () => {
  it('moves an order to Out for Delivery when the courier picks the parcel up, by the courier, and mails the shopper once', async () => {
    const { id, tracking } = await bookedOrder();
    const before = mailsTo(SHOPPER).length;
    await courierMoves(tracking, 'picked_up');
    const answer = await checkNow();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, moved: 1, problems: 0, restocked: 0 });
    expect(answer.body.message).toMatch(
      /^Asked PostEx about \d+ open parcels?: 1 order moved, 0 delivery problems new\.$/,
    );
    const order = await stored(id);
    expect(order.status).toBe('Out for Delivery');
    expect(order.shipping).toEqual({ courier: 'PostEx', trackingNumber: tracking });
    expect(order.history?.at(-1)).toMatchObject({
      from: 'Packing',
      to: 'Out for Delivery',
      by: { id: 'courier', email: 'the courier' },
      note: `PostEx ${tracking}`,
    });
    expect(order.courierBooking?.parcel).toMatchObject({ state: 'picked_up' });
    await settleBackground();
    const mails = mailsTo(SHOPPER).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Your order #${shortNumber(id)} is out for delivery.`);
    expect(mails[0]).toContain(`Tracking number: ${tracking}`);
    const show = await deskCall('orders/show', { body: { order: id }, token: staff.token });
    expect(show.body.order.timeline.at(-1)).toMatchObject({
      to: 'Out for Delivery',
      by: 'the courier',
    });
  });

  it('moves once and mails once however often it runs, and when two runs race', async () => {
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up', 'out_for_delivery', 'delivered');
    const before = mailsTo(SHOPPER).length;
    const deps = await getDeps();
    await Promise.all([followParcels(deps), followParcels(deps)]);
    await followParcels(deps);
    const order = await stored(id);
    expect(order.status).toBe('Delivered');
    expect(order.history?.map((e) => e.to)).toEqual(['Out for Delivery', 'Delivered']);
    await settleBackground();
    const mails = mailsTo(SHOPPER).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Your order #${shortNumber(id)} has been delivered.`);
  });

  it('changes nothing while the courier is down, and moves the order on the next run', async () => {
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up');
    for (const mode of ['fail', 'malformed'] as const) {
      standIn.state.mode = mode;
      const answer = await checkNow();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(COURIER_MESSAGES.trackingDown('PostEx'));
      expect((await stored(id)).status).toBe('Packing');
      expect((await stored(id)).courierBooking?.parcel).toBeUndefined();
    }
    standIn.state.mode = 'ok';
    expect((await checkNow()).status).toBe(200);
    expect((await stored(id)).status).toBe('Out for Delivery');
  });

  it('leaves an order a member moved on alone: no second move, no second mail', async () => {
    const { id, tracking } = await bookedOrder();
    const moved = await deskCall('orders/move', {
      body: { order: id, to: 'Out for Delivery' },
      token: staff.token,
    });
    expect(moved.status).toBe(200);
    await courierMoves(tracking, 'picked_up');
    await followParcels(await getDeps());
    const order = await stored(id);
    expect(order.history?.map((e) => e.by?.email)).toEqual([staff.email]);
  });

  it('writes a failed attempt on the order, alerts the owner once, and keeps the order Out for Delivery', async () => {
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up', 'out_for_delivery', 'attempted');
    const alertsBefore = subjects(SHOP.email).length;
    const answer = await checkNow();
    expect(answer.body).toMatchObject({ problems: 1 });
    await followParcels(await getDeps());
    const order = await stored(id);
    expect(order.status).toBe('Out for Delivery');
    expect(order.courierBooking?.problems).toEqual([
      expect.objectContaining({ state: 'attempted' }),
    ]);
    await settleBackground();
    expect(subjects(SHOP.email).slice(alertsBefore)).toEqual([
      `Delivery attempt failed: order #${shortNumber(id)}`,
    ]);
    const show = await deskCall('orders/show', { body: { order: id }, token: staff.token });
    expect(show.body.order.booking.problems).toEqual([
      expect.objectContaining({ state: 'attempted', status: expect.any(String) }),
    ]);
  });

  it('a refused parcel that comes back cancels the order as returned (RTO), restocks exactly once, and the books count no sale', async () => {
    const store = await getStore();
    await store.products.setColourStock('city-tote', 'Black', false);
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up', 'out_for_delivery', 'refused');
    await checkNow();
    expect((await stored(id)).status).toBe('Out for Delivery');
    expect((await store.products.states(['city-tote']))[0]!.soldOut).toEqual(['Black']);
    await settleBackground();
    expect(subjects(SHOP.email)).toContain(`Parcel refused: order #${shortNumber(id)}`);
    await courierMoves(tracking, 'returned');
    const alertsBefore = subjects(SHOP.email).length;
    const answer = await checkNow();
    expect(answer.body).toMatchObject({ moved: 1, problems: 1, restocked: 1 });
    // The owner marks it sold out again; a second run must not restock it.
    await store.products.setColourStock('city-tote', 'Black', false);
    await Promise.all([checkNow(), followParcels(await getDeps())]);
    expect((await store.products.states(['city-tote']))[0]!.soldOut).toEqual(['Black']);
    const order = await stored(id);
    expect(order.status).toBe('Cancelled');
    expect(order.cancelReason).toBe(RTO_REASON);
    expect(order.courierBooking?.problems?.map((p) => p.state)).toEqual(['refused', 'returned']);
    expect(order.courierBooking?.restockedAt).toMatch(/^\d{4}-/);
    expect(order.history?.at(-1)).toMatchObject({
      from: 'Out for Delivery',
      to: 'Cancelled',
      by: { email: 'the courier' },
      note: RTO_REASON,
    });
    const figures = books([order]);
    expect(figures).toMatchObject({ salesPkr: 0, outstandingPkr: 0, collectedPkr: 0 });
    expect(figures.netPkr + figures.outstandingPkr - figures.refundDuePkr).toBe(
      figures.salesPkr - figures.returnedPkr,
    );
    await settleBackground();
    expect(subjects(SHOP.email).slice(alertsBefore)).toEqual([
      `Parcel returned (RTO): order #${shortNumber(id)}`,
    ]);
  });

  it('moves nothing on a state the shop does not know, a booking cancelled at the courier, or a parcel still waiting for pickup', async () => {
    for (const status of ['Packing', 'Out for Delivery'] as const) {
      expect(movesFor(status, 'unknown')).toEqual([]);
      expect(movesFor(status, 'cancelled')).toEqual([]);
      expect(movesFor(status, 'booked')).toEqual([]);
    }
    expect(movesFor('Delivered', 'returned')).toEqual([]);
    expect(movesFor('Cancelled', 'delivered')).toEqual([]);
    const { id } = await bookedOrder();
    const deps = await getDeps();
    const run = await followParcels(deps);
    expect(run.answered).toBe(true);
    const order = await stored(id);
    expect(order.status).toBe('Packing');
    expect(order.courierBooking?.parcel).toMatchObject({ state: 'booked' });
    expect(order.history ?? []).toEqual([]);
  });

  it('runs as a Netlify scheduled function every 15 minutes, which moves the orders as the desk button does', async () => {
    expect(scheduledConfig).toEqual({ schedule: SCHEDULE_CRON });
    expect(SCHEDULE_CRON).toBe('*/15 * * * *');
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up', 'out_for_delivery', 'delivered');
    const res = await scheduled();
    expect(res.status).toBe(204);
    expect((await stored(id)).status).toBe('Delivered');
  });

  it('asks the courier 50 parcels a request, one request after the other, and follows every batch', async () => {
    const parcels = [];
    for (let i = 0; i < 55; i++) parcels.push(await bookedOrder());
    for (const { tracking } of parcels) standIn.book.move(tracking, 'picked_up');
    const from = standIn.state.requests.length;
    const run = await followParcels(await getDeps());
    const asks = standIn.state.requests
      .slice(from)
      .filter((r) => r.includes('/track-bulk-order?'))
      .map((r) => decodeURIComponent(r.split('TrackingNumbers=')[1]!).split(','));
    expect(asks.length).toBe(Math.ceil(run.asked / 50));
    for (const ask of asks) expect(ask.length).toBeLessThanOrEqual(50);
    expect(asks.flat().length).toBe(run.asked);
    for (const { id } of parcels) expect((await stored(id)).status).toBe('Out for Delivery');
  });

  it('runs from the CLI (npm run shop -- couriers track), and says so when no courier is connected', async () => {
    const { id, tracking } = await bookedOrder();
    await courierMoves(tracking, 'picked_up');
    const run = await shopInProcess({ SMTP_URL: smtp.url }, 'couriers', 'track');
    expect(run.status).toBe(0);
    expect(run.out).toMatch(
      /^Asked postex about \d+ open parcels: 1 move, 0 delivery problems new, 0 orders restocked\./,
    );
    expect(run.out).toContain(`${id}: Packing → Out for Delivery`);
    expect((await stored(id)).status).toBe('Out for Delivery');
    const none = await shopInProcess(
      { SMTP_URL: smtp.url, POSTEX_API_TOKEN: '' },
      'couriers',
      'track',
    );
    expect(none.status).toBe(1);
    expect(none.err).toBe('No courier is connected: set the courier keys (docs/couriers.md).');
  }, 120_000);

  it('refuses Check tracking now without a desk session', async () => {
    const answer = await deskCall('couriers/track', { body: {} });
    expect(answer.status).toBe(401);
  });
});
