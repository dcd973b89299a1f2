// The desk's navigation counts through the desk router with real Requests: orders placed and not
// yet packed, return requests awaiting a decision, for every member; refused signed out, with a
// shopper's token, and with a session cookie that did not come from the desk's own page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import type { ReturnRecord } from '../../src/server/store/port.ts';
import { call, signUp } from '../fixtures/api.ts';
import { desk, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { paidLedger } from '../fixtures/store.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let placed: string;

const request = (state: ReturnRecord['state']): ReturnRecord => ({
  kind: 'return',
  state,
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
  reason: 'Strap broke',
  requestedAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T09:00:00.000Z',
});

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Nadia Owner');
  staff = await enrol('staff', 'Sana Staff');
  placed = (await seedOrder({ status: 'Order Placed' })).id;
  await seedOrder({ status: 'Order Placed' });
  await seedOrder({ status: 'Order Placed' });
  await seedOrder({ status: 'Packing' });
  await seedOrder({ status: 'Out for Delivery' });
  await seedOrder({ status: 'Cancelled' });
  await seedOrder({ status: 'Delivered' });
  await seedOrder({ status: 'Delivered', returnRequest: request('requested') });
  await seedOrder({ status: 'Delivered', returnRequest: request('requested') });
  await seedOrder({ status: 'Delivered', returnRequest: request('approved') });
  await seedOrder({ status: 'Delivered', returnRequest: request('refused') });
}, 60_000);
afterAll(async () => env.cleanup());

const counts = (init: Parameters<typeof deskCall>[1]) => deskCall('counts', init);

describe('POST /api/desk/counts', { timeout: 60_000 }, () => {
  it('counts the orders in Order Placed and the return requests awaiting a decision, nothing else', async () => {
    const answer = await counts({ token: staff.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, ordersToPack: 3, returnsToDecide: 2 });
  });

  it('answers an owner the same counts as a staff member', async () => {
    expect((await counts({ token: owner.token })).body).toEqual({
      success: true,
      ordersToPack: 3,
      returnsToDecide: 2,
    });
  });

  it('counts one order fewer to pack once it moves to Packing', async () => {
    const moved = await deskCall('orders/move', {
      token: staff.token,
      body: { order: placed, from: 'Order Placed', to: 'Packing' },
    });
    expect(moved.status).toBe(200);
    expect((await counts({ token: staff.token })).body.ordersToPack).toBe(2);
  });

  it('refuses a caller with no session with 401 and the sign-in message', async () => {
    const answer = await counts({});
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(DESK_ANSWERS.signInRequired);
  });

  it("refuses a shopper's token with 403", async () => {
    const shopper = await signUp('Counting Shopper');
    const answer = await counts({ token: shopper.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(DESK_ANSWERS.shopperToken);
  });

  it('refuses a session cookie sent without an Origin (a request no desk page made) with 403', async () => {
    const answer = await call(desk, '/api/desk/counts', {
      headers: { cookie: `deskSession=${staff.token}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(SERVER_MESSAGES.foreignOrigin);
    expect(answer.body).not.toHaveProperty('ordersToPack');
  });

  it('refuses a session cookie sent from another site with 403', async () => {
    const answer = await call(desk, '/api/desk/counts', {
      headers: { cookie: `deskSession=${staff.token}`, origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(SERVER_MESSAGES.foreignOrigin);
  });

  it("answers a session cookie sent from the desk's own page", async () => {
    const answer = await call(desk, '/api/desk/counts', {
      headers: { cookie: `deskSession=${staff.token}`, origin: 'http://localhost' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.returnsToDecide).toBe(2);
  });

  it('refuses a GET with 405 naming POST', async () => {
    const answer = await call(desk, '/api/desk/counts', { method: 'GET', token: staff.token });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('refuses a body that is not JSON with 400 and counts nothing', async () => {
    const answer = await call(desk, '/api/desk/counts', {
      token: staff.token,
      rawBody: '{"not json',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('ordersToPack');
  });

  it('counts a wallet order paid through its API only once its payment is in, and one recorded by hand at once', async () => {
    const before = (await counts({ token: staff.token })).body.ordersToPack as number;
    const charge = { chargeCurrency: 'PKR', chargeMinor: 835_000 };
    await seedOrder({ paymentMethod: 'JazzCash', card: { reference: 'T-unpaid', ...charge } });
    await seedOrder({ paymentMethod: 'EasyPaisa', card: { reference: 'E-unpaid', ...charge } });
    expect((await counts({ token: staff.token })).body.ordersToPack).toBe(before);
    await seedOrder({
      paymentMethod: 'JazzCash',
      card: { reference: 'T-paid', ...charge },
      payments: paidLedger(8350, 'JazzCash'),
    });
    await seedOrder({ paymentMethod: 'EasyPaisa' });
    expect((await counts({ token: staff.token })).body.ordersToPack).toBe(before + 2);
  });
});
