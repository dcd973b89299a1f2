// The desk's browser client and store against the real desk function: the browser's fetch is
// routed to netlify/functions/desk.mts with the Request it built, so what the client sends (path,
// method, token header, JSON) is what the server reads. Nothing of the server is replaced.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { DeskApiError, NETWORK_MESSAGE, deskCall } from '../../src/client/desk-api.ts';
import {
  $deskNotice,
  $deskStaff,
  $deskToken,
  deskRequest,
  endSession,
  loadSession,
  notify,
  signIn,
} from '../../src/stores/desk.ts';
import { $orderList, loadOrders, moveOrder } from '../../src/stores/desk-orders.ts';
import { signUp } from '../fixtures/api.ts';
import { desk, deskCall as serverCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let staff: Member;
let other: Member;
const realFetch = globalThis.fetch;
const sent: Request[] = [];

beforeAll(async () => {
  env = await useTempDataDir();
  staff = await enrol('staff', 'Client Staff');
  other = await enrol('staff', 'Other Staff');
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://localhost:8888'), init);
    sent.push(req.clone());
    return desk(req, { ip: '203.0.113.50' });
  }) as typeof fetch;
}, 60_000);

afterEach(() => {
  sent.length = 0;
  endSession();
  $deskNotice.set(null);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await settleBackground();
  await env.cleanup();
});

describe('deskCall', { timeout: 60_000 }, () => {
  it('sends the staff token in the token header, never a cookie, and parses the answer', async () => {
    const answer = await deskCall('deskMe', {}, staff.token);
    expect(answer.staff.email).toBe(staff.email);
    expect(sent[0]!.headers.get('token')).toBe(staff.token);
    expect(sent[0]!.headers.get('cookie')).toBeNull();
    expect(new URL(sent[0]!.url).pathname).toBe('/api/desk/me');
    expect(sent[0]!.method).toBe('POST');
  });

  it("fails with the server's message and status", async () => {
    const failure = await deskCall('deskMe', {}, null).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeskApiError);
    expect(failure).toMatchObject({ message: DESK_ANSWERS.signInRequired, status: 401 });
  });

  it('fails with the network message when no answer comes', async () => {
    const fetch = globalThis.fetch;
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof globalThis.fetch;
    try {
      const failure = await deskCall('deskMe', {}, staff.token).catch((e: unknown) => e);
      expect(failure).toMatchObject({ message: NETWORK_MESSAGE, status: 0 });
    } finally {
      globalThis.fetch = fetch;
    }
  });
});

describe('the desk store', { timeout: 60_000 }, () => {
  it('signs in with e-mail, password and code, keeping the token and the member', async () => {
    await signIn({ email: staff.email, password: staff.password, code: staff.code(1) });
    expect($deskToken.get()).toMatch(/^ey/);
    expect($deskStaff.get()?.email).toBe(staff.email);
    expect($deskNotice.get()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.signedIn });
  });

  it('ends the session and shows the server message when a call answers 401', async () => {
    $deskToken.set('not-a-token');
    $deskStaff.set(null);
    await expect(deskRequest('deskOrders', {})).rejects.toThrow(DESK_ANSWERS.sessionEnded);
    expect($deskToken.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.sessionEnded });
  });

  it('keeps a newer session when a call made with an older token answers 401', async () => {
    $deskToken.set('not-a-token');
    const late = deskRequest('deskOrders', {});
    $deskToken.set(staff.token);
    await expect(late).rejects.toThrow(DESK_ANSWERS.sessionEnded);
    expect($deskToken.get()).toBe(staff.token);
    expect($deskNotice.get()).toBeNull();
  });

  it('says nothing more for a list that answers 401 after staff signed out', async () => {
    $deskToken.set('an-ended-session');
    const late = loadOrders({ status: '', payment: '', from: '', to: '', q: '' });
    $deskToken.set(null);
    notify('success', DESK_ANSWERS.signedOut);
    await late;
    expect($deskNotice.get()).toMatchObject({ kind: 'success', text: DESK_ANSWERS.signedOut });
  });

  it("refuses a shopper's token: no desk session, and the server's words", async () => {
    const shopper = await signUp('Desk Client');
    $deskToken.set(shopper.token);
    await loadSession();
    expect($deskToken.get()).toBeNull();
    expect($deskStaff.get()).toBeNull();
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.shopperToken });
  });

  it('keeps the list when the server refuses the filters, and shows why', async () => {
    $deskToken.set(staff.token);
    await loadOrders({ status: '', payment: '', from: '', to: '', q: '' });
    const before = $orderList.get();
    expect(before?.success).toBe(true);
    await loadOrders({ status: '', payment: '', from: '2026-03-02', to: '2026-03-01', q: '' });
    expect($orderList.get()).toBe(before);
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: DESK_ANSWERS.badDates });
  });

  it('answers the order as it now is, with who moved it, when another member moved it first', async () => {
    const seeded = await seedOrder();
    $deskToken.set(staff.token);
    const shown = (await deskRequest('deskOrder', { order: seeded.id })).order;
    const moved = await serverCall('orders/move', {
      body: { order: seeded.id, from: 'Order Placed', to: 'Packing' },
      token: other.token,
    });
    expect(moved.status).toBe(200);
    const now = await moveOrder(shown, 'Packing');
    expect(now.status).toBe('Packing');
    expect($deskNotice.get()).toMatchObject({
      kind: 'error',
      text: DESK_ANSWERS.movedBySomeoneElse('Packing', other.email),
    });
  });
});
