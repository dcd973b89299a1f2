// The desk's courier actions (src/stores/desk-orders.ts: bookCourier, fetchAirwayBill) as the
// order screen calls them: the browser's fetch routed to the real desk function, which books with
// the PostEx stand-in on 127.0.0.1 over the real network.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { settleBackground } from '../../src/server/background.ts';
import { $deskNotice, endSession } from '../../src/stores/desk.ts';
import { bookCourier, fetchAirwayBill, loadOrder } from '../../src/stores/desk-orders.ts';
import {
  enrol,
  routeFetchToDesk,
  seedOrder,
  useBrowserSession,
  type Member,
} from '../fixtures/desk.ts';
import { useTempDataDir, setEnv } from '../fixtures/env.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';

const TOKEN = 'desk-client-postex-token';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let standIn: Awaited<ReturnType<typeof startPostexStandIn>>;
let staff: Member;
let restoreFetch: () => void;
const sent: Request[] = [];
let restoreEnv: () => void;

beforeAll(async () => {
  env = await useTempDataDir();
  standIn = await startPostexStandIn({ token: TOKEN });
  const courierEnv = {
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: TOKEN,
    POSTEX_API_URL: standIn.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
  };
  restoreEnv = setEnv(courierEnv);
  staff = await enrol('staff', 'Courier Client');
  // The browser's calls go to the desk function; the server's calls to the stand-in stay real.
  const realFetch = globalThis.fetch;
  restoreFetch = routeFetchToDesk(sent, '203.0.113.60');
  const routed = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith(standIn.url)
      ? realFetch(input, init)
      : routed(input, init)) as typeof fetch;
  vi.stubGlobal('localStorage', new MemoryStorage());
}, 60_000);

afterEach(() => {
  standIn.state.mode = 'ok';
  endSession();
  useBrowserSession(null);
  $deskNotice.set(null);
});

afterAll(async () => {
  restoreFetch();
  vi.unstubAllGlobals();
  restoreEnv();
  await standIn.close();
  await settleBackground();
  await env.cleanup();
});

describe('the order screen’s courier actions', { timeout: 60_000 }, () => {
  it('books an order in Packing, says so, and answers the order with its booking', async () => {
    useBrowserSession(staff.token);
    const seeded = await seedOrder({ status: 'Packing' });
    const order = (await loadOrder(seeded.id))!;
    const booked = await bookCourier(order);
    const trackingNumber = booked.booking?.trackingNumber ?? '';
    expect(standIn.book.parcels.has(trackingNumber)).toBe(true);
    expect(booked.booking).toMatchObject({ courierLabel: 'PostEx', test: true });
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: COURIER_MESSAGES.booked('PostEx', trackingNumber),
    });
  });

  it('shows why when the courier is down, and answers the order unbooked', async () => {
    useBrowserSession(staff.token);
    const seeded = await seedOrder({ status: 'Packing' });
    const order = (await loadOrder(seeded.id))!;
    standIn.state.mode = 'fail';
    const after = await bookCourier(order);
    expect(after.booking).toBeUndefined();
    expect(after.status).toBe('Packing');
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: COURIER_MESSAGES.courierDown('PostEx'),
    });
  });

  it('fetches the airway bill as a PDF file named after the tracking number', async () => {
    useBrowserSession(staff.token);
    const seeded = await seedOrder({ status: 'Packing' });
    const booked = await bookCourier((await loadOrder(seeded.id))!);
    const file = await fetchAirwayBill(booked);
    const trackingNumber = booked.booking!.trackingNumber;
    expect(file?.filename).toBe(`airway-bill-${trackingNumber}.pdf`);
    const text = Buffer.from(await file!.blob.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(trackingNumber);
  });
});
