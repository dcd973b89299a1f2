// The desk's browser client and store against the real desk function: the browser's fetch is
// routed to netlify/functions/desk.mts with the Request it built, so what the client sends (path,
// method, Origin, the session cookie, JSON) is what the server reads. Nothing of the server is replaced.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { ApiError } from '../../src/client/api.ts';
import { deskCall } from '../../src/client/desk-calls.ts';
import { callDesk } from '../../src/stores/desk-call.ts';
import {
  $deskNotice,
  $deskSession,
  $deskStaff,
  endSession,
  joinSession,
  loadSession,
  notify,
  signIn,
} from '../../src/stores/desk.ts';
import { $orderList, loadOrders, moveOrder, showMoreOrders } from '../../src/stores/desk-orders.ts';
import { recordPayment } from '../../src/stores/desk-payments.ts';
import { $returnList, loadReturns, stepReturn } from '../../src/stores/desk-returns.ts';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { RETURN_MESSAGES } from '../../src/lib/returns/rules.ts';
import type { ReturnRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp } from '../fixtures/api.ts';
import {
  allowPersonalData,
  browserJar,
  routeFetchToDesk,
  useBrowserSession,
  deskCall as serverCall,
  enrol,
  seedOrder,
  type Member,
} from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { DESK_KEYS } from '../../src/lib/storage-keys.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;
let other: Member;
let restoreFetch: () => void;
const sent: Request[] = [];

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Client Staff');
  other = await enrol('staff', 'Other Staff');
  // The list below is searched by a shopper's name, which only a member allowed may do.
  await allowPersonalData(await enrol('owner', 'Client Owner'), staff);
  restoreFetch = routeFetchToDesk(sent, '203.0.113.50');
  vi.stubGlobal('localStorage', new MemoryStorage());
}, 60_000);

afterEach(() => {
  sent.length = 0;
  endSession();
  useBrowserSession(null);
  $deskNotice.set(null);
});

afterAll(async () => {
  restoreFetch();
  vi.unstubAllGlobals();
  await settleBackground();
  await env.cleanup();
});

/** The member as the desk's `me` call answers them. */
async function staffOf(member: Member) {
  return (await serverCall('me', { token: member.token })).body.staff;
}

describe('deskCall', { timeout: 60_000 }, () => {
  it("sends no token of its own: the browser's session cookie carries the session, and the answer is parsed", async () => {
    useBrowserSession(staff.token);
    const answer = await deskCall('deskMe', {});
    expect(answer.staff.email).toBe(staff.email);
    expect(sent[0]!.headers.get('token')).toBeNull();
    expect(sent[0]!.headers.get('cookie')).toBe(`deskSession=${staff.token}`);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/desk/me');
    expect(sent[0]!.method).toBe('POST');
  });

  it("fails with the server's message and status", async () => {
    const failure = await deskCall('deskMe', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: DESK_ANSWERS.signInRequired, status: 401 });
  });

  it('fails with the network message when no answer comes', async () => {
    const fetch = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof globalThis.fetch;
    try {
      const failure = await deskCall('deskMe', {}, { token: staff.token }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ message: CLIENT_MESSAGES.network, status: 0 });
    } finally {
      globalThis.fetch = fetch;
    }
  });
});

describe('the desk store', { timeout: 60_000 }, () => {
  it('signs in with e-mail, password and code: the token goes to the cookie, never to the store', async () => {
    await signIn({ email: staff.email, password: staff.password, code: staff.code(1) });
    expect(browserJar.session).toMatch(/^ey/);
    expect($deskSession.get()).not.toBeNull();
    expect($deskStaff.get()?.email).toBe(staff.email);
    expect($deskNotice.get()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.signedIn });
  });

  it('ends the session and shows the server message when a call answers 401', async () => {
    joinSession(await staffOf(staff));
    useBrowserSession('not-a-token');
    await expect(callDesk('deskOrders', {})).rejects.toThrow(DESK_ANSWERS.sessionEnded);
    expect($deskSession.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });

  it('keeps a newer session when a call made with an older token answers 401', async () => {
    const member = await staffOf(staff);
    joinSession(member);
    useBrowserSession('not-a-token');
    const late = callDesk('deskOrders', {});
    joinSession(member);
    const newer = $deskSession.get();
    useBrowserSession(staff.token);
    await expect(late).rejects.toThrow(DESK_ANSWERS.sessionEnded);
    expect($deskSession.get()).toBe(newer);
    expect($deskNotice.get()).toBeNull();
  });

  it('says nothing more for a list that answers 401 after staff signed out', async () => {
    joinSession(await staffOf(staff));
    useBrowserSession('an-ended-session');
    const late = loadOrders({ status: '', payment: '', from: '', to: '', q: '' });
    endSession();
    notify('success', DESK_ANSWERS.signedOut);
    await late;
    expect($deskNotice.get()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.signedOut });
  });

  it("opens a new tab signed in to the browser's session, with no form and no message", async () => {
    useBrowserSession(staff.token);
    await loadSession();
    expect($deskStaff.get()?.email).toBe(staff.email);
    expect($deskSession.get()).not.toBeNull();
    expect($deskNotice.get()).toBeNull();
  });

  it('shows sign-in quietly to a browser that never signed in', async () => {
    localStorage.removeItem(DESK_KEYS.signedIn);
    await loadSession();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toBeNull();
  });

  it('says the session ended when the cookie of a browser that signed in is gone (expired)', async () => {
    const member = await enrol('staff', 'Expired Session');
    await signIn({ email: member.email, password: member.password, code: member.code(1) });
    useBrowserSession(null);
    await loadSession();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });

  it('says the session ended when Sign Out in another tab ended it, on the next call here', async () => {
    const member = await enrol('staff', 'Signed Out Elsewhere');
    await signIn({ email: member.email, password: member.password, code: member.code(1) });
    const cookie = browserJar.session!;
    // Another tab signs out: the server ends the session and the browser's cookie goes.
    expect((await serverCall('signout', { token: cookie })).status).toBe(200);
    useBrowserSession(null);
    await expect(callDesk('deskOrders', {})).rejects.toThrow(DESK_ANSWERS.signInRequired);
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.signInRequired });
    // A tab that still sent the ended cookie is refused as well.
    useBrowserSession(cookie);
    await loadSession();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });

  it("refuses a shopper's token: no desk session, and the server's words", async () => {
    const shopper = await signUp('Desk Client');
    useBrowserSession(shopper.token);
    await loadSession();
    expect($deskSession.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.shopperToken });
  });

  it('keeps the list when the server refuses the filters, and shows why', async () => {
    useBrowserSession(staff.token);
    await loadOrders({ status: '', payment: '', from: '', to: '', q: '' });
    const before = $orderList.get();
    expect(before?.success).toBe(true);
    await loadOrders({ status: '', payment: '', from: '2026-03-02', to: '2026-03-01', q: '' });
    expect($orderList.get()).toBe(before);
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.badDates });
  });

  it('lists the newest 25 orders first, and 50 more with each Show more orders', async () => {
    const seeded: string[] = [];
    for (let i = 0; i < 30; i++)
      seeded.push((await seedOrder({ address: lahoreAddress({ lastName: 'Pagewala' }) })).id);
    useBrowserSession(staff.token);
    await loadOrders({ status: '', payment: '', from: '', to: '', q: 'Pagewala' });
    expect($orderList.get()?.matched).toBe(30);
    expect($orderList.get()?.orders).toHaveLength(25);
    await showMoreOrders();
    expect(
      $orderList
        .get()
        ?.orders.map((o) => o.id)
        .sort(),
    ).toEqual(seeded.sort());
    expect(await Promise.all(sent.map(async (r) => (await r.json()).limit))).toEqual([25, 75]);
  });

  it('answers the order as it now is, with who moved it, when another member moved it first', async () => {
    const seeded = await seedOrder();
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    const moved = await serverCall('orders/move', {
      body: { order: seeded.id, from: 'Order Placed', to: 'Packing' },
      token: other.token,
    });
    expect(moved.status).toBe(200);
    const now = await moveOrder(shown, 'Packing');
    expect(now.order.status).toBe('Packing');
    expect(now.moved).toBe(false);
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: DESK_ANSWERS.movedBySomeoneElse('Packing', other.email),
    });
  });
});

// Payments and returns from the order screen, and the returns list.
const DAY = 24 * 60 * 60 * 1000;
/** A delivered COD order (8,350 PKR), with a return request at `state` when one is given. */
function deliveredOrder(request?: Partial<ReturnRecord>) {
  const at = new Date(Date.now() - DAY).toISOString();
  return seedOrder({
    status: 'Delivered',
    history: [
      { at, from: 'Out for Delivery', to: 'Delivered', by: { id: 'x', email: 'x@bastaa.pk' } },
      ...(request
        ? [
            {
              at,
              from: 'Delivered' as const,
              to: 'Delivered' as const,
              by: null,
              note: 'Return requested: Too small',
              returnStep: 'requested' as const,
            },
          ]
        : []),
    ],
    ...(request
      ? {
          returnRequest: {
            kind: 'return',
            state: 'requested',
            version: 1,
            lines: [
              {
                line: 0,
                productId: 'city-tote',
                productName: 'City Tote',
                selectedColor: 'Black',
                quantity: 1,
              },
            ],
            reason: 'Too small',
            requestedAt: at,
            updatedAt: at,
            ...request,
          },
        }
      : {}),
  });
}

describe('payments and returns from the desk store', { timeout: 60_000 }, () => {
  it('records the cash of a delivered COD order and answers it paid, with the server message', async () => {
    const seeded = await deliveredOrder();
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    expect(shown.due).toBe(8350);
    const done = await recordPayment(shown, { method: 'COD', amount: 8350 });
    expect(done.recorded).toBe(true);
    expect(done.order).toMatchObject({ payment: 'paid', due: 0 });
    expect(done.order.payments).toMatchObject([
      { method: 'COD', amount: 8350, reference: null, by: staff.email },
    ]);
    const req = sent.find((r) => new URL(r.url).pathname === '/api/desk/orders/payment')!;
    expect(req.headers.get('cookie')).toBe(`deskSession=${staff.token}`);
    expect(await req.json()).toEqual({ order: seeded.id, method: 'COD', amount: 8350 });
    const number = seeded.id.slice(-8).toUpperCase();
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: PAYMENT_MESSAGES.recorded(formatMoney(8350, 'PKR'), 'COD', number, null),
    });
  });

  it("refuses COD cash before delivery in the server's words and leaves the order unpaid", async () => {
    const seeded = await seedOrder();
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    const done = await recordPayment(shown, { method: 'COD', amount: 8350 });
    expect(done.recorded).toBe(false);
    expect(done.order).toMatchObject({ payment: 'unpaid', due: 8350, payments: [] });
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: PAYMENT_MESSAGES.codNotDelivered('Order Placed'),
    });
  });

  it('answers the order as it now is when another member recorded the payment first', async () => {
    const seeded = await deliveredOrder();
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    const first = await serverCall('orders/payment', {
      body: { order: seeded.id, method: 'COD', amount: 8350 },
      token: other.token,
    });
    expect(first.status).toBe(200);
    const done = await recordPayment(shown, { method: 'COD', amount: 8350 });
    expect(done.recorded).toBe(false);
    expect(done.order).toMatchObject({ payment: 'paid', due: 0 });
    expect(done.order.payments.map((p) => p.by)).toEqual([other.email]);
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: PAYMENT_MESSAGES.alreadyPaid,
    });
  });

  it('approves a request with the version shown and answers the order with its request approved', async () => {
    const seeded = await deliveredOrder({});
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    expect(shown.return).toMatchObject({ state: 'requested', version: 1 });
    const done = await stepReturn(shown, 'approved');
    expect(done.stepped).toBe(true);
    expect(done.order.return).toMatchObject({ state: 'approved', version: 2 });
    const req = sent.find((r) => new URL(r.url).pathname === '/api/desk/returns/step')!;
    expect(await req.json()).toEqual({ order: seeded.id, to: 'approved', version: 1 });
    const number = seeded.id.slice(-8).toUpperCase();
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: RETURN_MESSAGES.stepDone(number, 'approved'),
    });
  });

  it('tells who changed a request first and answers it as it now is', async () => {
    const seeded = await deliveredOrder({});
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    const first = await serverCall('returns/step', {
      body: { order: seeded.id, to: 'refused', reason: 'Worn', version: 1 },
      token: other.token,
    });
    expect(first.status).toBe(200);
    const done = await stepReturn(shown, 'approved');
    expect(done.stepped).toBe(false);
    expect(done.order.return).toMatchObject({ state: 'refused', refusalReason: 'Worn' });
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: RETURN_MESSAGES.changedBySomeoneElse('refused', other.email),
    });
  });

  it("refuses a pick-up window that ends before it starts in the server's words, the request unchanged", async () => {
    const seeded = await deliveredOrder({ state: 'approved', version: 2 });
    useBrowserSession(staff.token);
    const shown = (await callDesk('deskOrder', { order: seeded.id })).order;
    const done = await stepReturn(shown, 'pickupScheduled', {
      pickupFrom: '2031-03-04T14:00',
      pickupTo: '2031-03-04T10:00',
    });
    expect(done.stepped).toBe(false);
    expect(done.order.return).toMatchObject({ state: 'approved', version: 2, pickup: null });
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: RETURN_MESSAGES.pickupOrder });
  });

  it('lists the open requests, or all of them with the toggle', async () => {
    const open = await deliveredOrder({});
    const closed = await deliveredOrder({ state: 'refused', version: 2, refusalReason: 'Worn' });
    useBrowserSession(staff.token);
    await loadReturns(true);
    const openIds = $returnList.get()!.map((r) => r.orderId);
    expect(openIds).toContain(open.id);
    expect(openIds).not.toContain(closed.id);
    expect(await sent.at(-1)!.json()).toEqual({ open: true });
    await loadReturns(false);
    const allIds = $returnList.get()!.map((r) => r.orderId);
    expect(allIds).toEqual(expect.arrayContaining([open.id, closed.id]));
    expect(await sent.at(-1)!.json()).toEqual({});
  });
});
