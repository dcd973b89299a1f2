// 1,000 open parcels: Book all packed books 1,000 orders in Packing against the PostEx stand-in
// (src/demo/postex-stand-in.ts) on loopback, press after press as a member would, then the
// rider picks every parcel up and one tracking run follows them all. In this process, through the
// shop's own services on a fresh SQLite store: what it measures is the shop's side (requests made,
// their size, the time the shop spends), since the stand-in answers at once. The couriers document
// no booking rate limit; the shop books one parcel at a time and asks tracking 50 at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { getDeps } from '../../src/server/deps.ts';
import { settleBackground } from '../../src/server/background.ts';
import { bookAllPacked } from '../../src/server/orders/courier-batch.ts';
import { followParcels } from '../../src/server/orders/courier-tracking.ts';
import { closeStore, getStore } from '../../src/server/store/index.ts';
import type { StaffRecord } from '../../src/server/store/port.ts';
import { orderRecord } from '../../tests/fixtures/store.ts';

/** What the bench of open parcels found. */
export interface CourierBenchRow {
  parcels: number;
  presses: number;
  bookMs: number;
  bookRequests: number;
  /** The longest one press took: a deployed function must answer within its time. */
  slowestPressMs: number;
  trackRuns: number;
  trackMs: number;
  trackRequests: number;
  largestTrackRequest: number;
  movedToOutForDelivery: number;
}

const TOKEN = 'bench-postex-token';

/** Books `count` packed orders and follows them once picked up; answers the figures. */
export async function courierBench(count = 1000): Promise<CourierBenchRow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-couriers-'));
  const standIn = await startPostexStandIn({ token: TOKEN });
  const vars: Record<string, string> = {
    DATA_DIR: dir,
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: TOKEN,
    POSTEX_API_URL: standIn.apiUrl,
  };
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  await closeStore();
  Object.assign(process.env, vars);
  try {
    const store = await getStore();
    const placed = Date.parse('2026-11-01T08:00:00.000Z');
    for (let i = 0; i < count; i++)
      await store.orders.create(
        orderRecord({
          status: 'Packing',
          date: new Date(placed + i * 1000).toISOString(),
          paymentMethod: 'COD',
        }),
      );
    const deps = await getDeps();
    const member = { id: 'bench-member', email: 'bench@bastaa.pk' } as StaffRecord;

    const bookingRequests = () => standIn.state.requests.filter((r) => r.startsWith('POST')).length;
    const before = bookingRequests();
    let presses = 0;
    let slowestPressMs = 0;
    const bookStarted = performance.now();
    for (;;) {
      const pressStarted = performance.now();
      const answer = await bookAllPacked(deps, member);
      slowestPressMs = Math.max(slowestPressMs, performance.now() - pressStarted);
      presses++;
      if (answer.failed.length > 0) throw new Error(`booking failed: ${answer.failed[0]!.message}`);
      if (answer.left === 0) break;
    }
    const bookMs = performance.now() - bookStarted;
    const bookRequests = bookingRequests() - before;
    const booked = (await store.orders.list({ status: 'Packing' })).filter(
      (o) => o.courierBooking?.state === 'booked',
    );
    if (booked.length !== count) throw new Error(`${booked.length} of ${count} parcels booked`);

    // The rider picks every parcel up; the tracking job follows them.
    for (const order of booked)
      standIn.book.move(order.courierBooking!.trackingNumber!, 'picked_up');
    const asked = standIn.state.requests.length;
    let trackRuns = 0;
    const trackStarted = performance.now();
    while ((await store.orders.list({ status: 'Packing' })).length > 0 && trackRuns < 50) {
      await followParcels(deps);
      trackRuns++;
    }
    const trackMs = performance.now() - trackStarted;
    const trackCalls = standIn.state.requests.slice(asked);
    const sizes = trackCalls.map(
      (r) => (/[?&]trackingNumbers?=([^&]*)/i.exec(r)?.[1] ?? '').split(',').length,
    );
    return {
      parcels: count,
      presses,
      bookMs: Math.round(bookMs),
      bookRequests,
      slowestPressMs: Math.round(slowestPressMs),
      trackRuns,
      trackMs: Math.round(trackMs),
      trackRequests: trackCalls.length,
      largestTrackRequest: Math.max(0, ...sizes),
      movedToOutForDelivery: (await store.orders.list({ status: 'Out for Delivery' })).length,
    };
  } finally {
    // The shoppers' mails of the moves go out after the answers: into this folder, before it goes.
    await settleBackground();
    await closeStore();
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
