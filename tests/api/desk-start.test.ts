// The desk's first calls, asked for before its first render (the session and the order list's
// first page at once): the answers serve the shell's and the list's first loads without asking
// twice; asked while signed out, they say nothing and the list asks again in the session. The
// browser's fetch is routed to the real desk function.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import {
  $deskNotice,
  $deskStaff,
  endSession,
  enterPlace,
  loadSession,
  prefetchSession,
} from '../../src/stores/desk.ts';
import {
  $orderList,
  $orderListLoading,
  loadOrders,
  prefetchOrders,
  showEarlyOrders,
} from '../../src/stores/desk-orders.ts';
import {
  routeFetchToDesk,
  useBrowserSession,
  enrol,
  seedOrder,
  type Member,
} from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { DESK_KEYS } from '../../src/lib/storage-keys.ts';
import { $pushDevices, alertsMissingHere } from '../../src/stores/desk-push.ts';

// A browser that can show push alerts and has no subscription yet (Node has no service worker).
vi.mock('../../src/client/push-here.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  pushSupported: () => true,
  currentSubscription: () => Promise.resolve(null),
}));

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;
let restoreFetch: () => void;
const sent: Request[] = [];
const paths = () => sent.map((r) => new URL(r.url).pathname);

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Start Staff');
  await seedOrder();
  restoreFetch = routeFetchToDesk(sent, '203.0.113.51');
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
}, 60_000);

afterEach(() => {
  sent.length = 0;
  endSession();
  useBrowserSession(null);
  $deskNotice.set(null);
  $orderList.set(null);
});

afterAll(async () => {
  restoreFetch();
  vi.unstubAllGlobals();
  await settleBackground();
  await env.cleanup();
});

describe("the desk's first calls", { timeout: 60_000 }, () => {
  it('asks for the session and the first page at once, and the first loads read those answers', async () => {
    useBrowserSession(staff.token);
    enterPlace('orders');
    prefetchSession();
    prefetchOrders();
    // Both are on their way before the session's answer is read.
    await vi.waitFor(() => expect(paths()).toEqual(['/api/desk/me', '/api/desk/orders/list']));
    await loadSession();
    expect($deskStaff.get()?.email).toBe(staff.email);
    await loadOrders();
    expect($orderList.get()?.orders).toHaveLength(1);
    expect(paths()).toEqual(['/api/desk/me', '/api/desk/orders/list']);
  });

  it("checks this device's alerts against the session's first answer without asking again, and asks the next time (devices may have changed)", async () => {
    useBrowserSession(staff.token);
    enterPlace('orders');
    prefetchSession();
    await loadSession();
    expect(paths()).toEqual(['/api/desk/me']);
    await alertsMissingHere();
    expect(paths()).toEqual(['/api/desk/me']);
    await alertsMissingHere();
    expect(paths()).toEqual(['/api/desk/me', '/api/desk/me']);
  });

  it("asks the server again when this device's alerts were read or changed after the session's answer (Settings before Orders)", async () => {
    useBrowserSession(staff.token);
    enterPlace('settings');
    prefetchSession();
    await loadSession();
    // Settings' This device loads the devices (or turns alerts on): the session's answer is stale.
    $pushDevices.set({ ...$pushDevices.get(), loading: true });
    await alertsMissingHere();
    expect(paths()).toEqual(['/api/desk/me', '/api/desk/me']);
  });

  it('says nothing for a first page asked while signed out, and asks again once signed in', async () => {
    enterPlace('orders');
    prefetchSession();
    prefetchOrders();
    await loadSession();
    expect($deskStaff.get()).toBeNull();
    // A browser that never signed in shows the sign-in form quietly.
    expect($deskNotice.get()).toBeNull();
    useBrowserSession(staff.token);
    await loadSession();
    await loadOrders();
    expect($orderList.get()?.orders).toHaveLength(1);
    expect($deskNotice.get()).toBeNull();
    expect(paths()).toEqual([
      '/api/desk/me',
      '/api/desk/orders/list',
      '/api/desk/me',
      '/api/desk/orders/list',
    ]);
  });

  it('shows the early first page before the list first loads, and that load then has nothing to do: one call, one list, never busy', async () => {
    useBrowserSession(staff.token);
    enterPlace('orders');
    prefetchSession();
    prefetchOrders();
    await loadSession();
    await showEarlyOrders();
    const shown = $orderList.get();
    expect(shown?.orders).toHaveLength(1);
    const busy: boolean[] = [];
    const stop = $orderListLoading.listen((loading) => busy.push(loading));
    await loadOrders();
    stop();
    // The same answer object, and the list never marked busy: nothing on the screen redraws.
    expect($orderList.get()).toBe(shown);
    expect(busy).toEqual([]);
    expect(paths()).toEqual(['/api/desk/me', '/api/desk/orders/list']);
  });

  it('shows no early page when it was refused (signed out): the list stays empty for the sign-in screen', async () => {
    enterPlace('orders');
    prefetchSession();
    prefetchOrders();
    await loadSession();
    await showEarlyOrders();
    expect($orderList.get()).toBeNull();
  });

  it('does not serve the early page to a load with other filters', async () => {
    useBrowserSession(staff.token);
    prefetchOrders();
    await loadOrders({ status: 'Delivered', payment: '', from: '', to: '', q: '' });
    expect($orderList.get()?.orders).toHaveLength(0);
    expect(paths()).toEqual(['/api/desk/orders/list', '/api/desk/orders/list']);
    const bodies = await Promise.all(sent.map((r) => r.clone().json()));
    expect(bodies[1]).toEqual({ limit: 25, status: 'Delivered' });
  });

  it('marks the list loading until the latest filters are answered, and an earlier answer coming later replaces nothing', async () => {
    useBrowserSession(staff.token);
    // The first list call's answer is held until the second one is in.
    const routed = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const first = ++calls === 1;
      const answer = await routed(input, init);
      if (first) await held;
      return answer;
    });
    try {
      const delivered = loadOrders({ status: 'Delivered', payment: '', from: '', to: '', q: '' });
      expect($orderListLoading.get()).toBe(true);
      const placed = loadOrders({ status: 'Order Placed', payment: '', from: '', to: '', q: '' });
      await placed;
      expect($orderListLoading.get()).toBe(false);
      expect($orderList.get()?.orders.map((o) => o.status)).toEqual(['Order Placed']);
      release();
      await delivered;
      expect($orderListLoading.get()).toBe(false);
      expect($orderList.get()?.orders.map((o) => o.status)).toEqual(['Order Placed']);
    } finally {
      release();
      vi.stubGlobal('fetch', routed);
    }
  });

  it('ends the session with its message when the session call answers 401 for a browser that had one', async () => {
    localStorage.setItem(DESK_KEYS.signedIn, 'true');
    useBrowserSession('an-ended-session');
    enterPlace('orders');
    prefetchSession();
    await loadSession();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });
});
