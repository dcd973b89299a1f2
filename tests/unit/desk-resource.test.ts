// What a desk store holds when its call fails without the server's words (no answer, or an answer
// outside the contract), and when two loads cross: a fetch stand-in answers each Request with a
// real Response, since no server decides these cases.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../../src/lib/messages.ts';

type Answer = (req: Request) => Promise<Response> | Response;
let answer: Answer;
const calls: Request[] = [];

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const req = new Request(new URL(input, 'http://localhost'), init);
    calls.push(req);
    return answer(req);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The audit store, in a session, as a fresh page has it. */
async function signedInAudit() {
  const desk = await import('../../src/stores/desk.ts');
  const audit = await import('../../src/stores/desk-audit.ts');
  desk.joinSession({ id: 's1', email: 'a@bastaa.pk', name: 'A', role: 'staff' } as never);
  return { ...desk, ...audit };
}

const entry = (id: string) => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  atKarachi: '1 Mar 2026, 3:00 pm',
  actor: { id: 'owner', email: 'owner@bastaa.pk', name: 'Owner' },
  action: 'settings.save',
  target: 'settings',
  targetLabel: 'settings',
  before: null,
  after: { ordersEmail: 'orders@bastaa.pk' },
});

describe('a desk store', () => {
  it('holds the network message when no answer comes, and keeps the session', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const { $auditLog, $deskNotice, $deskSession, loadAudit } = await signedInAudit();
    expect(await loadAudit()).toBe(false);
    expect($auditLog.get()).toEqual({
      data: null,
      loading: false,
      error: CLIENT_MESSAGES.network,
      busy: false,
    });
    expect($deskNotice.get()).toMatchObject({ kind: 'error', text: CLIENT_MESSAGES.network });
    expect($deskSession.get()).not.toBeNull();
  });

  it("holds 'not understood' for an answer outside the contract", async () => {
    answer = () => Response.json({ success: true, entries: [{ id: 7 }] });
    const { $auditLog, loadAudit } = await signedInAudit();
    expect(await loadAudit()).toBe(false);
    expect($auditLog.get().error).toBe(CLIENT_MESSAGES.unreadable);
  });

  it('holds the status for a failure without a message (a proxy error page)', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const { $auditLog, loadAudit } = await signedInAudit();
    await loadAudit();
    expect($auditLog.get().error).toBe(CLIENT_MESSAGES.failed(502));
  });

  it('keeps the data it had when a later load fails', async () => {
    answer = () => Response.json({ success: true, entries: [entry('a1')] });
    const { $auditLog, loadAudit } = await signedInAudit();
    await loadAudit();
    answer = () => Response.json({ success: false, message: 'Busy.' }, { status: 503 });
    await loadAudit();
    expect($auditLog.get()).toMatchObject({ data: [entry('a1')], error: 'Busy.' });
  });

  it('drops an answer overtaken by a later load', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return Response.json({ success: true, entries: [entry('old')] });
    };
    const { $auditLog, loadAudit } = await signedInAudit();
    const first = loadAudit();
    answer = () => Response.json({ success: true, entries: [entry('new')] });
    await loadAudit();
    release();
    await first;
    expect($auditLog.get().data).toEqual([entry('new')]);
  });

  it("shows the server's words without the reference the storefront appends", async () => {
    answer = () =>
      Response.json(
        { success: false, message: 'The mail server is down.', reference: '7F3K2Q' },
        { status: 503 },
      );
    const { $auditLog, loadAudit } = await signedInAudit();
    await loadAudit();
    expect($auditLog.get().error).toBe('The mail server is down.');
  });
});

describe('the order page store', () => {
  it('says "Order not found." for a number the server does not find, and for none', async () => {
    answer = () => Response.json({ success: false, message: 'Order not found.' }, { status: 404 });
    const { $orderDetail, loadOrderDetail } = await import('../../src/stores/order-detail.ts');
    await loadOrderDetail('eyJh.eyJz.c2ln', '3A4030A3');
    expect($orderDetail.get()).toEqual({ refused: 'Order not found.' });
    expect(calls[0]!.headers.get('token')).toBe('eyJh.eyJz.c2ln');
    expect(await calls[0]!.json()).toEqual({ number: '3A4030A3' });
    await loadOrderDetail('eyJh.eyJz.c2ln', null);
    expect($orderDetail.get()).toEqual({ refused: 'Order not found.' });
    expect(calls).toHaveLength(1);
  });

  it('offers a retry after any other failure', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const { $orderDetail, loadOrderDetail } = await import('../../src/stores/order-detail.ts');
    await loadOrderDetail('eyJh.eyJz.c2ln', '3A4030A3');
    expect($orderDetail.get()).toEqual({ failed: true });
  });
});
