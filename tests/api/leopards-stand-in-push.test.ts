// The Leopards stand-in pushes as Leopards does (its Push API 1.0): `npm start`'s wiring
// (scripts/local-couriers.ts) registers the shop's own webhook and the run's push secret with it,
// so a parcel moved at the stand-in's control address moves its order through the shop's webhook,
// served over HTTP as `npm start` serves it, with no poll and no push sent by the test itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCouriers } from '../../scripts/local-couriers.ts';
import { serveApi } from '../../scripts/serve-api.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';

/** The variables startLocalCouriers sets, put back after the file. */
const WIRED = [
  'POSTEX_API_TOKEN',
  'POSTEX_API_URL',
  'LEOPARDS_API_KEY',
  'LEOPARDS_API_PASSWORD',
  'LEOPARDS_API_URL',
  'LEOPARDS_WEBHOOK_SECRET',
] as const;

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let shop: http.Server;
let couriers: NonNullable<Awaited<ReturnType<typeof startLocalCouriers>>>;
let staff: Member;
let restoreEnv: () => void;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  env = await useTempDataDir();
  for (const name of WIRED) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  restoreEnv = setEnv({ DEFAULT_COURIER: 'leopards', COURIER_TIMEOUT_MS: '3000' });
  shop = http.createServer(async (req, res) => {
    if (!(await serveApi(req, res, '203.0.113.60'))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const { port } = shop.address() as AddressInfo;
  couriers = (await startLocalCouriers({ port, host: '127.0.0.1' }))!;
  staff = await enrol('staff', 'Push Packer');
}, 60_000);
afterAll(async () => {
  await couriers.close();
  await new Promise((resolve) => shop.close(resolve));
  await settleBackground();
  restoreEnv();
  for (const name of WIRED)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  await env.cleanup();
});

/** A Packing order booked with the Leopards stand-in from the desk: its id and consignment number. */
async function bookedWithLeopards() {
  const order = await seedOrder({
    status: 'Packing',
    address: lahoreAddress({ firstName: 'Hina', lastName: 'Butt' }),
  });
  const answer = await deskCall('orders/book-courier', {
    body: { order: order.id },
    token: staff.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.booking).toMatchObject({ courier: 'leopards', test: true });
  return { id: order.id, cn: answer.body.booking.trackingNumber as string };
}

/** Moves a parcel at the stand-in's control address, as a person trying the desk would. */
async function move(cn: string, state: string) {
  const res = await fetch(`${couriers.leopards.url}/__stand-in/move`, {
    method: 'POST',
    body: JSON.stringify({ trackingNumber: cn, state }),
  });
  expect(res.status).toBe(200);
}

const statusOf = async (id: string) => (await (await getStore()).orders.get(id))!.status;

describe("the Leopards stand-in's push, wired by npm start", { timeout: 60_000 }, () => {
  it('moves the order to Out for Delivery, then Delivered, as the stand-in pushes each move to the shop’s webhook', async () => {
    const { id, cn } = await bookedWithLeopards();
    const pushed = couriers.leopards.pushes.length;
    await move(cn, 'picked_up');
    await expect.poll(() => statusOf(id)).toBe('Out for Delivery');
    await move(cn, 'out_for_delivery');
    await move(cn, 'delivered');
    await expect.poll(() => statusOf(id)).toBe('Delivered');
    await couriers.leopards.pushesSettled();
    const sent = couriers.leopards.pushes.slice(pushed);
    expect(sent.map((p) => [p.body.data[0]!.status, p.status])).toEqual([
      ['RC', 202],
      ['AC', 202],
      ['DV', 202],
    ]);
    expect(sent[2]!.body.data[0]).toMatchObject({ cn_number: cn, receiver_name: 'Hina Butt' });
    expect(sent[0]!.url).toBe(
      `http://127.0.0.1:${(shop.address() as AddressInfo).port}/api/couriers/leopards/webhook`,
    );
    // No poll asked the stand-in: the pushes alone moved the order.
    expect(couriers.leopards.state.requests.some((r) => r.includes('trackBookedPacket'))).toBe(
      false,
    );
  });

  it('pushes a refusal on the doorstep, which the shop writes on the order’s booking', async () => {
    const { id, cn } = await bookedWithLeopards();
    await move(cn, 'picked_up');
    await move(cn, 'out_for_delivery');
    await move(cn, 'refused');
    await expect
      .poll(async () => (await (await getStore()).orders.get(id))!.courierBooking?.parcel?.state)
      .toBe('refused');
    expect(await statusOf(id)).toBe('Out for Delivery');
  });

  it('sends nothing for a booking cancelled before pickup: Leopards’ journey has no such step', async () => {
    const { cn } = await bookedWithLeopards();
    const pushed = couriers.leopards.pushes.length;
    await move(cn, 'cancelled');
    await couriers.leopards.pushesSettled();
    expect(couriers.leopards.pushes.length).toBe(pushed);
  });

  it('pushes with the secret the owner saved in Settings once it is saved, as the owner types it into Leopards’ portal', async () => {
    const owner = await enrol('owner', 'Push Owner');
    const saveSecret = (body: unknown) =>
      deskCall('settings/connections/save', { body, token: owner.token });
    const saved = 'a-secret-the-owner-saved-in-settings-5f2e';
    expect(saved).not.toBe(process.env.LEOPARDS_WEBHOOK_SECRET);
    const answer = await saveSecret({
      connection: 'courier',
      set: { LEOPARDS_WEBHOOK_SECRET: saved },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    try {
      const { id, cn } = await bookedWithLeopards();
      const pushed = couriers.leopards.pushes.length;
      await move(cn, 'picked_up');
      await expect.poll(() => statusOf(id)).toBe('Out for Delivery');
      await couriers.leopards.pushesSettled();
      // Accepted: the shop now refuses the run's own secret, so the push carried the saved one.
      expect(couriers.leopards.pushes.slice(pushed).map((p) => p.status)).toEqual([202]);
    } finally {
      const removed = await saveSecret({
        connection: 'courier',
        remove: ['LEOPARDS_WEBHOOK_SECRET'],
      });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }
  });

  it('is refused by the shop, changing nothing, when the key registered with it is not the shop’s secret', async () => {
    const { id, cn } = await bookedWithLeopards();
    const url = couriers.leopards.pushes[0]!.url;
    const register = (body: unknown) =>
      fetch(`${couriers.leopards.url}/__stand-in/push`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect((await register({ url, apiKey: 'a-key-that-is-not-the-shops-secret' })).status).toBe(
      200,
    );
    try {
      await move(cn, 'picked_up');
      await couriers.leopards.pushesSettled();
      expect(couriers.leopards.pushes.at(-1)!.status).toBe(401);
      expect(await statusOf(id)).toBe('Packing');
    } finally {
      await register({ url, apiKey: process.env.LEOPARDS_WEBHOOK_SECRET });
    }
  });
});
