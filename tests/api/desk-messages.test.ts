// A desk message belongs to the screen (and the order) it was made on: the desk's stores against the
// real desk function, with the browser's fetch routed to it. Recording a payment on one order and
// then opening another leaves no "paid in full" on the second; an invitation's message goes when
// staff open Orders; a cancellation's goes when they open Business; and an answer that comes after
// staff left the screen (latency injected into the call) is not shown on the screen they went to.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { settleBackground } from '../../src/server/background.ts';
import { deskCall as clientCall } from '../../src/client/desk-calls.ts';
import {
  $deskNotice,
  endSession,
  enterPlace,
  herePlace,
  startSession,
} from '../../src/stores/desk.ts';
import { recordPayment } from '../../src/stores/desk-payments.ts';
import { loadOrder, moveOrder } from '../../src/stores/desk-orders.ts';
import { inviteStaff } from '../../src/stores/desk-staff.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { desk, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
const realFetch = globalThis.fetch;
// Each call waits for this before the desk answers it (a slow network, opened by the test).
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Store Owner');
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://localhost:8888'), init);
    // As the browser sends them: the page's Origin, and the owner's desk session cookie.
    req.headers.set('origin', 'http://localhost:8888');
    req.headers.set('cookie', `deskSession=${owner.token}`);
    await gate;
    return desk(req, { ip: '203.0.113.71' });
  }) as typeof fetch;
}, 60_000);

beforeEach(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  const me = await clientCall('deskMe', {}, { token: owner.token });
  startSession({ staff: me.staff, message: 'signed in' });
  enterPlace('orders');
  $deskNotice.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  gate = Promise.resolve();
  endSession();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await settleBackground();
  await env.cleanup();
});

/** A fresh unpaid Bank Transfer order of PKR 8,350, as the desk reads it. */
async function unpaidOrder() {
  const seeded = await seedOrder({ id: randomUUID(), paymentMethod: 'Bank Transfer' });
  return (await loadOrder(seeded.id))!;
}

const placeOf = (id: string) => `orders/${shortNumber(id)}`;

describe('a desk message', { timeout: 60_000 }, () => {
  it("of a payment recorded on one order is gone when another order's screen opens", async () => {
    const paid = await unpaidOrder();
    const unpaid = await unpaidOrder();
    enterPlace(placeOf(paid.id));
    const done = await recordPayment(paid, {
      method: 'Bank Transfer',
      amount: 8350,
      reference: 'FT-STALE-1',
    });
    expect(done.recorded).toBe(true);
    expect($deskNotice.get()).toMatchObject({
      kind: 'success',
      text: PAYMENT_MESSAGES.recorded('₨8,350', 'Bank Transfer', shortNumber(paid.id), null),
      place: placeOf(paid.id),
    });

    enterPlace(placeOf(unpaid.id));
    expect($deskNotice.get()).toBeNull();
  });

  it('stays while its own screen is shown (the same address entered again)', async () => {
    const order = await unpaidOrder();
    enterPlace(placeOf(order.id));
    await recordPayment(order, { method: 'Bank Transfer', amount: 100, reference: 'FT-KEEP-1' });
    const shown = $deskNotice.get();
    expect(shown?.text).toMatch(/^Recorded ₨100 by Bank Transfer on order #/);
    enterPlace(placeOf(order.id));
    expect($deskNotice.get()).toBe(shown);
  });

  it('of an invitation sent on Staff is gone when Orders opens', async () => {
    enterPlace('staff');
    const email = `invited-${randomUUID().slice(0, 6)}@bastaa.pk`;
    expect(await inviteStaff({ name: 'New Packer', email, role: 'staff' })).toBe(true);
    expect($deskNotice.get()).toMatchObject({ text: DESK_ANSWERS.invited(email), place: 'staff' });
    enterPlace('orders');
    expect($deskNotice.get()).toBeNull();
  });

  it("of an order's cancellation is gone when Business opens", async () => {
    const order = await unpaidOrder();
    enterPlace(placeOf(order.id));
    const moved = await moveOrder(order, 'Cancelled', { reason: 'Shopper asked by phone' });
    expect(moved.order.status).toBe('Cancelled');
    expect($deskNotice.get()?.text).toContain('Cancelled');
    enterPlace('business');
    expect($deskNotice.get()).toBeNull();
  });

  it('that answers after staff left its screen is not shown on the screen they went to', async () => {
    const slow = await unpaidOrder();
    const other = await unpaidOrder();
    enterPlace(placeOf(slow.id));
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const pending = recordPayment(slow, {
      method: 'Bank Transfer',
      amount: 8350,
      reference: 'FT-LATE-1',
    });
    enterPlace(placeOf(other.id));
    open();
    expect((await pending).recorded).toBe(true);
    expect(herePlace()).toBe(placeOf(other.id));
    expect($deskNotice.get()).toBeNull();
  });

  it('of a refusal that answers after staff left is not shown either', async () => {
    const slow = await unpaidOrder();
    enterPlace(placeOf(slow.id));
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const pending = recordPayment(slow, { method: 'COD', amount: 8350 });
    enterPlace('business');
    open();
    expect((await pending).recorded).toBe(false);
    expect($deskNotice.get()).toBeNull();
  });
});
