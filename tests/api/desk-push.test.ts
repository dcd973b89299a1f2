// Push alerts on desk members' devices, end to end through the real calls: turning them on and off
// (only one's own devices; every bad subscription refused with its reason, saving nothing), and
// the pushes an order, a cancellation and a failed mail send, read back decrypted from a push
// service started inside the test (the `web-push-testing` package). Nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { shortNumber } from '../../src/lib/desk.ts';
import { PUSH_ANSWERS } from '../../src/lib/push.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import { sendShopperMail } from '../../src/server/operations/mail-failures.ts';
import { addPushDevice, pushAlert, pushPayload } from '../../src/server/operations/push/index.ts';
import { alertReturnRequested } from '../../src/server/orders/shop-alerts.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import {
  allowPersonalData,
  desk,
  deskCall,
  enrol,
  seedOrder,
  type Member,
} from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { startPushService, toJSON, type StandInSubscription } from '../fixtures/push-service.ts';
import { orderRecord } from '../fixtures/store.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let push: Awaited<ReturnType<typeof startPushService>>;
let owner: Member;
let staff: Member;
let publicKey: string;

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  push = await startPushService();
  process.env.RATES_URL = rates.url;
  // The one push service besides the browsers' the shop sends to: the stand-in, named explicitly.
  process.env.PUSH_SERVICE_STAND_IN = push.origin;
  await stockShelves([
    makeProduct({ _id: 'city-tote', productName: 'City Tote', price: 4500, discountPercent: 0 }),
  ]);
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  publicKey = (await deskCall('alerts/devices', { body: {}, token: owner.token })).body
    .publicKey as string;
}, 60_000);
afterAll(async () => {
  await settleBackground();
  delete process.env.RATES_URL;
  delete process.env.PUSH_SERVICE_STAND_IN;
  await Promise.all([rates.close(), push.close(), env.cleanup()]);
});

const ALL_KINDS = ['new-order', 'cancelled', 'return-requested', 'mail-failed'];

/** A new device of `member`'s, subscribed at the stand-in and turned on at the desk. */
async function turnOn(
  member: Member,
  kinds = ALL_KINDS,
  label = 'Chrome on Android',
): Promise<StandInSubscription> {
  const subscription = await push.subscribe(publicKey);
  const answer = await deskCall('alerts/add', {
    body: { subscription: toJSON(subscription), kinds, label },
    token: member.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return subscription;
}

const devicesOf = async (memberId: string) =>
  (await getStore()).pushSubscriptions.listByStaff(memberId);

/** Places a COD order of two City Totes (PKR 9,250 with delivery) in Lahore. */
async function placeOrder(): Promise<{ orderId: string; token: string }> {
  const shopper = await signUp('Ayesha');
  const answer = await call(account, '/api/order/COD', {
    token: shopper.token,
    ip: `203.0.113.${Math.floor(Math.random() * 200) + 20}`,
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 }],
      address: lahoreAddress({ email: shopper.email }),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(answer.status).toBe(201);
  return { orderId: answer.body.orderId as string, token: shopper.token };
}

describe('turning alerts on and off', { timeout: 60_000 }, () => {
  it('answers the public key of a pair generated once and kept in DATA_DIR', async () => {
    const kept = JSON.parse(readFileSync(path.join(env.dir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(publicKey).toBe(kept.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const again = await deskCall('alerts/devices', { body: {}, token: staff.token });
    expect(again.body.publicKey).toBe(publicKey);
  });

  it('lists a device turned on with its name and kinds, and turns it off', async () => {
    const member = await enrol('staff', 'Bilal');
    const subscription = await turnOn(member, ['new-order', 'mail-failed'], 'Bilal’s phone');
    const listed = await deskCall('alerts/devices', { body: {}, token: member.token });
    expect(listed.body.devices).toEqual([
      {
        id: expect.any(String),
        label: 'Bilal’s phone',
        kinds: ['new-order', 'mail-failed'],
        endpoint: subscription.endpoint,
        createdAt: expect.any(String),
      },
    ]);
    const id = (listed.body.devices as { id: string }[])[0]!.id;
    const off = await deskCall('alerts/remove', { body: { id }, token: member.token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('Alerts are off for Bilal’s phone.');
    expect(off.body.devices).toEqual([]);
  });

  it('changes the kinds of a device turned on again, keeping one entry for it', async () => {
    const member = await enrol('staff');
    const subscription = await turnOn(member, ['new-order']);
    const again = await deskCall('alerts/add', {
      body: { subscription: toJSON(subscription), kinds: ['cancelled'], label: 'Tablet' },
      token: member.token,
    });
    expect(again.body.message).toBe('Alerts are on for Tablet.');
    expect(again.body.devices).toMatchObject([{ label: 'Tablet', kinds: ['cancelled'] }]);
  });

  it('refuses every malformed or oversized subscription with 400 and saves nothing', async () => {
    const member = await enrol('staff');
    const good = toJSON(await push.subscribe(publicKey));
    const body = (subscription: unknown, more: Record<string, unknown> = {}) => ({
      subscription,
      kinds: ['new-order'],
      label: 'Phone',
      ...more,
    });
    const refused: [unknown, string][] = [
      [
        body({ ...good, endpoint: 'not an address' }),
        'The push address must be an http(s) address',
      ],
      [
        body({ ...good, endpoint: 'ftp://push.example.com/x' }),
        'The push address must be an http(s) address',
      ],
      [
        body({ ...good, endpoint: `https://push.example.com/${'x'.repeat(1000)}` }),
        'The push address must be at most 1024 characters',
      ],
      [body({ ...good, endpoint: { href: good.endpoint } }), 'Must be text'],
      [
        body({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }),
        'The device key must be a P-256 public key in base64url',
      ],
      [
        body({ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }),
        'The device secret must be 16 bytes in base64url',
      ],
      [body({ ...good, keys: { p256dh: good.keys.p256dh } }), 'The device secret is required'],
      [body(good, { kinds: [] }), 'Choose at least one kind of alert'],
      [
        body(good, { kinds: ['everything'] }),
        'Alert kinds must be among: new-order, cancelled, return-requested, mail-failed',
      ],
      [body(good, { label: '   ' }), 'A name for this device is required'],
      [body(good, { label: 'x'.repeat(61) }), 'Must be at most 60 characters'],
    ];
    for (const [sent, message] of refused) {
      const answer = await deskCall('alerts/add', { body: sent, token: member.token });
      expect(answer.status, message).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    }
    expect(await devicesOf(member.id)).toEqual([]);
  });

  it('answers 401 without a desk session, and saves nothing', async () => {
    const subscription = toJSON(await push.subscribe(publicKey));
    const answer = await deskCall('alerts/add', {
      body: { subscription, kinds: ['new-order'], label: 'Phone' },
    });
    expect(answer.status).toBe(401);
    const all = await (await getStore()).pushSubscriptions.listForKind('new-order');
    expect(all.map((s) => s.endpoint)).not.toContain(subscription.endpoint);
  });

  it("refuses another member's device with 409 and leaves it theirs", async () => {
    const first = await enrol('staff');
    const second = await enrol('staff');
    const subscription = await turnOn(first, ['new-order']);
    const taken = await deskCall('alerts/add', {
      body: { subscription: toJSON(subscription), kinds: ALL_KINDS, label: 'Mine now' },
      token: second.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PUSH_ANSWERS.takenByAnother);
    expect(await devicesOf(first.id)).toMatchObject([{ kinds: ['new-order'] }]);
    expect(await devicesOf(second.id)).toEqual([]);
  });

  it("answers 404 for someone else's device id and for an unknown one, removing nothing", async () => {
    const first = await enrol('staff');
    const second = await enrol('staff');
    await turnOn(first);
    const [theirs] = await devicesOf(first.id);
    for (const id of [theirs!.id, 'no-such-device']) {
      const answer = await deskCall('alerts/remove', { body: { id }, token: second.token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No such device among yours.');
    }
    expect(await devicesOf(first.id)).toEqual([theirs]);
  });

  it('refuses an 11th device with 409', async () => {
    const member = await enrol('staff');
    for (let n = 0; n < 10; n++) await turnOn(member, ['new-order'], `Device ${n + 1}`);
    const eleventh = toJSON(await push.subscribe(publicKey));
    const answer = await deskCall('alerts/add', {
      body: { subscription: eleventh, kinds: ['new-order'], label: 'Device 11' },
      token: member.token,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'You can get alerts on at most 10 devices. Turn one off first.',
    );
    expect(await devicesOf(member.id)).toHaveLength(10);
  });

  it('refuses an http push address on a deployed shop, and a shop without VAPID keys', async () => {
    const deps = await getDeps();
    const member = await (await getStore()).staff.findById(staff.id);
    const subscription = toJSON(await push.subscribe(publicKey));
    const body = { subscription, kinds: ['new-order' as const], label: 'Phone' };
    const keys = JSON.parse(readFileSync(path.join(env.dir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    const deployed = {
      ...deps,
      config: {
        ...deps.config,
        production: true,
        PUSH_SERVICE_STAND_IN: undefined,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:owner@example.com',
      },
    };
    await expect(addPushDevice(deployed, member!, body)).rejects.toThrow(
      'The push address must start with https://.',
    );
    const keyless = { ...deps, config: { ...deps.config, production: true } };
    await expect(addPushDevice(keyless, member!, body)).rejects.toThrow(PUSH_ANSWERS.notSetUp);
    expect(await devicesOf(staff.id)).toEqual([]);
  });

  it('forgets every device of a member who signs out everywhere, or is removed', async () => {
    const leaving = await enrol('staff');
    const removed = await enrol('staff');
    await turnOn(leaving);
    await turnOn(leaving, ['new-order'], 'Laptop');
    await turnOn(removed);
    expect(await deskCall('signout', { body: {}, token: leaving.token })).toMatchObject({
      status: 200,
    });
    expect(await devicesOf(leaving.id)).toEqual([]);
    const gone = await deskCall('staff/remove', {
      body: { staffId: removed.id },
      token: owner.token,
    });
    expect(gone.status).toBe(200);
    expect(await devicesOf(removed.id)).toEqual([]);
  });
});

describe('pushes', { timeout: 60_000 }, () => {
  it('names the order in its own currency to the unit: "#number, total, city", and opens its screen', () => {
    const order = orderRecord({
      id: '0c0ffee0-0000-4000-8000-00005f965729',
      currency: 'KWD',
      total: 12.345,
      address: lahoreAddress({ city: '  Kuwait\nCity ' }),
    });
    expect(pushPayload('new-order', order)).toEqual({
      title: 'New order',
      body: '#5F965729, KWD 12.345, Kuwait City',
      url: '/desk#/orders/0c0ffee0-0000-4000-8000-00005f965729',
      tag: 'new-order:0c0ffee0-0000-4000-8000-00005f965729',
    });
  });

  it("pushes a new order to every device that chose it, and a cancellation to the owner's", async () => {
    const ownerPhone = await turnOn(owner, ['new-order', 'cancelled']);
    const staffPhone = await turnOn(staff, ['new-order']);
    const quiet = await turnOn(staff, ['mail-failed'], 'Desk PC');
    const { orderId, token } = await placeOrder();
    await settleBackground();
    const number = shortNumber(orderId);
    const placed = {
      title: 'New order',
      body: `#${number}, ₨9,250, Lahore`,
      url: `/desk#/orders/${orderId}`,
      tag: `new-order:${orderId}`,
    };
    expect(push.messages(ownerPhone.clientHash).map((m) => JSON.parse(m))).toEqual([placed]);
    expect(push.messages(staffPhone.clientHash).map((m) => JSON.parse(m))).toEqual([placed]);
    expect(push.messages(quiet.clientHash)).toEqual([]);

    await call(account, '/api/order/cancel', {
      token,
      body: { orderId, reason: 'Ordered by mistake' },
    });
    await settleBackground();
    expect(
      push
        .messages(ownerPhone.clientHash)
        .map((m) => JSON.parse(m))
        .at(-1),
    ).toEqual({
      ...placed,
      title: 'Order cancelled',
      tag: `cancelled:${orderId}`,
    });
    expect(push.messages(staffPhone.clientHash)).toHaveLength(1);
  });

  it('pushes no "Order cancelled" to the member who cancelled it, only to the others who chose it', async () => {
    const canceller = await enrol('owner', 'Cancelling Owner');
    const other = await enrol('staff', 'Other Member');
    const own = await turnOn(canceller, ['cancelled'], 'Owner’s own phone');
    const theirs = await turnOn(other, ['cancelled'], 'Other phone');
    const order = await seedOrder();
    const moved = await deskCall('orders/move', {
      token: canceller.token,
      body: { order: order.id, to: 'Cancelled', reason: 'Out of stock' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await settleBackground();
    expect(push.messages(own.clientHash)).toEqual([]);
    expect(push.messages(theirs.clientHash).map((m) => JSON.parse(m).title)).toEqual([
      'Order cancelled',
    ]);
  });

  it('pushes no "New order" to the member who took it by phone, only to the owner and the others', async () => {
    const taker = await enrol('staff', 'Phone Taker');
    await allowPersonalData(owner, taker);
    const other = await enrol('staff', 'Other Packer');
    const own = await turnOn(taker, ['new-order'], 'Taker’s own phone');
    const theirs = await turnOn(other, ['new-order'], 'Packer’s phone');
    const ownerPhone = await turnOn(owner, ['new-order'], 'Owner’s phone');
    const taken = await call(desk, '/api/desk/orders/new', {
      token: taker.token,
      headers: { 'Idempotency-Key': `push-own-${Date.now()}` },
      body: {
        channel: 'phone',
        items: [{ productId: 'city-tote', selectedColor: 'Black', quantity: 1 }],
        address: lahoreAddress({ email: 'phone.caller@example.com', mobile: '0300-555 1313' }),
        paymentMethod: 'COD',
      },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    await settleBackground();
    const orderId = (taken.body.order as { id: string }).id;
    expect(push.messages(own.clientHash)).toEqual([]);
    for (const device of [theirs, ownerPhone])
      expect(push.messages(device.clientHash).map((m) => JSON.parse(m))).toEqual([
        {
          title: 'New order',
          body: `#${shortNumber(orderId)}, ₨4,750, Lahore`,
          url: `/desk#/orders/${orderId}`,
          tag: `new-order:${orderId}`,
        },
      ]);
  });

  it('pushes a return request to the devices that chose it', async () => {
    const member = await enrol('staff');
    const device = await turnOn(member, ['return-requested']);
    const order = await seedOrder({ address: lahoreAddress({ city: 'Karachi' }) });
    await alertReturnRequested(await getDeps(), {
      orderId: order.id,
      kind: 'return',
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
    });
    await settleBackground();
    expect(push.messages(device.clientHash).map((m) => JSON.parse(m))).toEqual([
      {
        title: 'Return requested',
        body: `#${shortNumber(order.id)}, ₨8,350, Karachi`,
        url: `/desk#/orders/${order.id}`,
        tag: `return-requested:${order.id}`,
      },
    ]);
  });

  it('pushes a shopper mail that failed after its tries', async () => {
    const member = await enrol('staff');
    const device = await turnOn(member, ['mail-failed']);
    const order = await seedOrder({ address: lahoreAddress({ city: 'Multan' }) });
    const deps = await getDeps();
    const refused = { ...deps, config: { ...deps.config, SMTP_URL: 'smtp://127.0.0.1:9' } };
    const failure = await sendShopperMail(
      refused,
      { to: 'x@example.com', subject: 'Your order', text: 'Hello' },
      { kind: 'order-status', orderId: order.id },
    );
    expect(failure?.state).toBe('failed');
    await settleBackground();
    expect(push.messages(device.clientHash).map((m) => JSON.parse(m))).toEqual([
      {
        title: 'A mail to a shopper failed',
        body: `#${shortNumber(order.id)}, ₨8,350, Multan`,
        url: `/desk#/orders/${order.id}`,
        tag: `mail-failed:${order.id}`,
      },
    ]);
  });

  it('removes a device its push service reports gone (410), and keeps the others', async () => {
    const member = await enrol('staff');
    const gone = await turnOn(member, ['new-order'], 'Old phone');
    const kept = await turnOn(member, ['new-order'], 'New phone');
    push.expire(gone.clientHash);
    const { orderId } = await placeOrder();
    await settleBackground();
    expect((await devicesOf(member.id)).map((d) => d.label)).toEqual(['New phone']);
    expect(push.messages(kept.clientHash).map((m) => JSON.parse(m).url)).toEqual([
      `/desk#/orders/${orderId}`,
    ]);
  });
});

describe('a push service that hangs or fails', { timeout: 60_000 }, () => {
  it('never delays nor fails the order, and keeps the device after a 500', async () => {
    const held: ServerResponse[] = [];
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const broken = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      held.push(res);
      arrived();
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const port = (broken.address() as AddressInfo).port;
    const member = await enrol('staff');
    const real = await push.subscribe(publicKey);
    const subscription = { ...toJSON(real), endpoint: `http://127.0.0.1:${port}/push/1` };
    process.env.PUSH_SERVICE_STAND_IN = `http://127.0.0.1:${port}`;
    const on = await deskCall('alerts/add', {
      body: { subscription, kinds: ['new-order'], label: 'Hanging' },
      token: member.token,
    });
    expect(on.status).toBe(200);
    // The order is answered while its push is still held by the push service.
    const { orderId } = await placeOrder();
    await reached;
    expect(held).toHaveLength(1);
    expect(await (await getStore()).orders.get(orderId)).not.toBeNull();
    const outcome = pushAlert(await getDeps(), 'new-order', orderId);
    await new Promise<void>((resolve) => {
      const check = () => (held.length === 2 ? resolve() : setImmediate(check));
      check();
    });
    for (const res of held) res.writeHead(500).end();
    expect(await outcome).toContain('failed');
    await settleBackground();
    expect(await devicesOf(member.id)).toHaveLength(1);
    await new Promise<void>((resolve) => broken.close(() => resolve()));
    process.env.PUSH_SERVICE_STAND_IN = push.origin;
  });
});
