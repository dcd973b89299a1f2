// A shopper changes their order's delivery address (POST /api/order/address) through the account
// router with real Requests: while the order is Order Placed and not booked, within its country,
// with the checkout's rules; the desk's order screen, the timeline, the audit log and the mails
// follow. And the attacks: another shopper's order, an order packed, booked or cancelled, a new
// country, malformed and oversized bodies, no token, a replay, too many changes.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { ADDRESS_MESSAGES } from '../../src/lib/orders/address-change.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { orderLinkKey } from '../../src/server/operations/order-link.ts';
import type { CourierBooking } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let shopper: { token: string; email: string; id: string };
let other: { token: string; email: string; id: string };
let seq = 0;

async function shopperNamed(name: string) {
  const s = await signUp(name);
  const user = await (await getStore()).users.findByEmail(s.email);
  return { ...s, id: user!.id };
}
/** An order of `userId`, Order Placed in Lahore, mailed to its own address. */
const orderOf = (userId: string, extra: Parameters<typeof seedOrder>[0] = {}) =>
  seedOrder({
    userId,
    address: lahoreAddress({ email: `address-${++seq}@example.com` }),
    ...extra,
  });
/** The new address: Karachi, same country, same recipient. */
const karachi = (email: string) =>
  lahoreAddress({
    email,
    address1: '44 Sea View Road',
    address2: 'Flat 3',
    city: 'Karachi',
    state: 'Sindh',
    zip: '75500',
    mobile: '+92 321 7654321',
  });
const change = (token: string | undefined, body: unknown) =>
  call(account, '/api/order/address', { body, ...(token ? { token } : {}) });
/** The dev outbox's mails to `email` (no SMTP_URL in these tests), oldest first. */
const mailsTo = (email: string) => {
  const dir = path.join(env.dir, 'outbox');
  return readdirSync(dir)
    .filter((f) => f.endsWith(`${email}.txt`))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
};

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  shopper = await shopperNamed('Sana Malik');
  other = await shopperNamed('Other Shopper');
}, 60_000);
afterAll(async () => env.cleanup());

describe('changing the delivery address of an order', { timeout: 60_000 }, () => {
  it('stores the new address of an Order Placed order, records it on the timeline, audits it and mails it', async () => {
    const order = await orderOf(shopper.id);
    const address = karachi(order.address.email);
    const answer = await change(shopper.token, { orderId: order.id, address });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Your delivery address has been changed.');
    expect(answer.body.order.address).toEqual(address);
    expect(answer.body.addressChangeable).toBe(true);
    expect(
      answer.body.timeline.map((e: { status: string; change?: string }) => [e.status, e.change]),
    ).toEqual([
      ['Order Placed', undefined],
      ['Order Placed', 'address'],
    ]);
    const stored = (await (await getStore()).orders.get(order.id))!;
    expect(stored.address).toEqual(address);
    expect(stored.status).toBe('Order Placed');
    expect(stored.total).toBe(order.total);
    expect(stored.deliveryFee).toBe(order.deliveryFee);
    // The desk's order screen: the new address and the change on the timeline.
    const desk = await deskCall('orders/show', { body: { order: order.id }, token: owner.token });
    expect(desk.body.order.address).toMatchObject({
      city: 'Karachi',
      address1: '44 Sea View Road',
    });
    expect(
      desk.body.order.timeline.map((e: { kind: string; by: string }) => [e.kind, e.by]),
    ).toEqual([
      ['placed', 'the shopper'],
      ['address', 'the shopper'],
    ]);
    const log = await deskCall('audit', {
      body: { target: `order:${order.id}` },
      token: owner.token,
    });
    expect(
      log.body.entries.map(
        (e: { actor: { email: string }; action: string; before: unknown; after: unknown }) => [
          e.actor.email,
          e.action,
          e.before,
          e.after,
        ],
      ),
    ).toEqual([
      [
        'the shopper',
        'order.address',
        { address: 'Sana Malik, 12 Canal View, Lahore, Punjab 54000, Pakistan, +92 300 1234567' },
        {
          address:
            'Sana Malik, 44 Sea View Road, Flat 3, Karachi, Sindh 75500, Pakistan, +92 321 7654321',
        },
      ],
    ]);
    await settleBackground();
    const mails = mailsTo(order.address.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(
      `Subject: Your Bastaa order #${order.id.slice(-8).toUpperCase()}: delivery address changed`,
    );
    expect(mails[0]).toContain('- 44 Sea View Road\n- Flat 3\n- Karachi, Sindh 75500\n- Pakistan');
  });

  it('answers the same address again as changed, writing and mailing nothing more', async () => {
    const order = await orderOf(shopper.id);
    const body = { orderId: order.id, address: karachi(order.address.email) };
    expect((await change(shopper.token, body)).status).toBe(200);
    const again = await change(shopper.token, body);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(ADDRESS_MESSAGES.changed);
    const stored = (await (await getStore()).orders.get(order.id))!;
    expect(stored.history).toHaveLength(1);
    await settleBackground();
    expect(mailsTo(order.address.email)).toHaveLength(1);
  });

  it('mails both the old and the new recipient when the e-mail changes', async () => {
    const order = await orderOf(shopper.id);
    const answer = await change(shopper.token, {
      orderId: order.id,
      address: karachi('new-recipient@example.com'),
    });
    expect(answer.status).toBe(200);
    await settleBackground();
    expect(mailsTo(order.address.email)).toHaveLength(1);
    expect(mailsTo('new-recipient@example.com')).toHaveLength(1);
  });

  it('refuses an order in Packing, one booked with a courier and a cancelled one, changing nothing', async () => {
    const packing = await orderOf(shopper.id);
    expect(
      (
        await deskCall('orders/move', {
          body: { order: packing.id, to: 'Packing' },
          token: owner.token,
        })
      ).status,
    ).toBe(200);
    const booking: CourierBooking = {
      claim: 'claim-1',
      courier: 'postex',
      state: 'booked',
      claimedAt: '2030-03-01T10:00:00.000Z',
      by: { id: 'staff-1', email: owner.email },
      trackingNumber: 'CX-100200',
      labelUrl: null,
      bookedAt: '2030-03-01T10:00:01.000Z',
      test: true,
    };
    const booked = await orderOf(shopper.id, { courierBooking: booking });
    const cancelled = await orderOf(shopper.id, {
      status: 'Cancelled',
      cancelReason: 'Changed my mind',
    });
    const cases = [
      [packing, ADDRESS_MESSAGES.addressLocked('Packing')],
      [booked, ADDRESS_MESSAGES.addressLocked('Order Placed')],
      [cancelled, ADDRESS_MESSAGES.addressLocked('Cancelled')],
    ] as const;
    expect(ADDRESS_MESSAGES.addressLocked('Packing')).toBe(
      'This order is Packing, so its delivery address can no longer be changed. Please contact customer care.',
    );
    expect(ADDRESS_MESSAGES.addressLocked('Order Placed')).toBe(
      'This order is booked with the courier, so its delivery address can no longer be changed. Please contact customer care.',
    );
    for (const [order, message] of cases) {
      const before = await (await getStore()).orders.get(order.id);
      const answer = await change(shopper.token, {
        orderId: order.id,
        address: karachi(order.address.email),
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 409,
        message,
      });
      expect(await (await getStore()).orders.get(order.id)).toEqual(before);
    }
    const shown = await call(account, '/api/order/show', {
      token: shopper.token,
      body: { number: packing.id.slice(-8) },
    });
    expect(shown.body.addressChangeable).toBe(false);
  });

  it('offers the change to the signed-in owner only, never through a mailed link, which only shows the order', async () => {
    const order = await orderOf(shopper.id);
    const number = order.id.slice(-8).toUpperCase();
    const own = await call(account, '/api/order/show', { token: shopper.token, body: { number } });
    expect(own.body.addressChangeable).toBe(true);
    const key = orderLinkKey(loadConfig(), order.id);
    const linked = await call(account, '/api/order/linked', { body: { number, key } });
    expect(linked.status).toBe(200);
    expect(linked.body.addressChangeable).toBe(false);
    // The link's key is no session: the change itself still needs the owner's token.
    const change = await call(account, '/api/order/address', {
      body: { orderId: order.id, address: karachi(order.address.email) },
      headers: { token: key },
    });
    expect(change.status).toBe(401);
    expect(await (await getStore()).orders.get(order.id)).toEqual(order);
  });

  it("answers another shopper's order and an unknown one with Order not found., changing nothing", async () => {
    const theirs = await orderOf(other.id);
    for (const orderId of [theirs.id, 'no-such-order']) {
      const answer = await change(shopper.token, {
        orderId,
        address: karachi('attacker@example.com'),
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 404,
        body: { success: false, message: 'Order not found.' },
      });
    }
    expect(await (await getStore()).orders.get(theirs.id)).toEqual(theirs);
    await settleBackground();
    expect(mailsTo('attacker@example.com')).toEqual([]);
  });

  it('refuses a new country, saying why, and a missing state or postcode as the checkout does', async () => {
    const order = await orderOf(shopper.id);
    const abroad = await change(shopper.token, {
      orderId: order.id,
      address: lahoreAddress({
        email: order.address.email,
        country: 'United Kingdom',
        city: 'Leeds',
        state: 'England',
        zip: 'LS1 4AP',
      }),
    });
    expect({ status: abroad.status, message: abroad.body.message }).toEqual({
      status: 400,
      message:
        "The country cannot be changed: it decides the order's currency, delivery fee and payment. To ship to another country, cancel this order and place a new one.",
    });
    expect(
      (await change(shopper.token, { orderId: order.id, address: karachi(order.address.email) }))
        .status,
    ).toBe(200);
    const withoutState = await change(shopper.token, {
      orderId: order.id,
      address: { ...karachi(order.address.email), state: '', city: 'Hyderabad' },
    });
    expect({ status: withoutState.status, message: withoutState.body.message }).toEqual({
      status: 400,
      message: 'State is required',
    });
    const stored = (await (await getStore()).orders.get(order.id))!;
    expect(stored.address.city).toBe('Karachi');
  });

  it('refuses malformed, oversized and unsigned bodies with the checkout’s messages', async () => {
    const order = await orderOf(shopper.id);
    const good = karachi(order.address.email);
    const bad: [unknown, number, string | null][] = [
      [{ orderId: order.id }, 400, null],
      [{ orderId: order.id, address: 'Karachi' }, 400, null],
      [{ orderId: { $ne: null }, address: good }, 400, null],
      [{ orderId: order.id, address: { ...good, firstName: '' } }, 400, 'First Name is required'],
      [{ orderId: order.id, address: { ...good, email: 'not-an-email' } }, 400, 'Invalid email'],
      [
        { orderId: order.id, address: { ...good, mobile: 'call me' } },
        400,
        'Invalid mobile number',
      ],
      [{ orderId: order.id, address: { ...good, address1: 'x'.repeat(201) } }, 400, null],
    ];
    for (const [body, status, message] of bad) {
      const answer = await change(shopper.token, body);
      expect(answer.status).toBe(status);
      if (message) expect(answer.body.message).toBe(message);
    }
    const huge = await account(
      apiRequest('/api/order/address', {
        method: 'POST',
        headers: { token: shopper.token },
        rawBody: JSON.stringify({
          orderId: order.id,
          address: { ...good, address2: 'x'.repeat(120_000) },
        }),
      }),
      { ip: '203.0.113.7' },
    );
    expect(huge.status).toBe(413);
    expect((await change(undefined, { orderId: order.id, address: good })).status).toBe(401);
    expect((await change(owner.token, { orderId: order.id, address: good })).status).toBe(401);
    expect(await (await getStore()).orders.get(order.id)).toEqual(order);
  });

  it('refuses the eleventh change of one order in an hour with 429, keeping the tenth', async () => {
    const order = await orderOf(shopper.id);
    for (let n = 1; n <= 10; n++) {
      const answer = await change(shopper.token, {
        orderId: order.id,
        address: { ...karachi(order.address.email), address1: `${n} Sea View Road` },
      });
      expect(answer.status).toBe(200);
    }
    const eleventh = await change(shopper.token, {
      orderId: order.id,
      address: { ...karachi(order.address.email), address1: '11 Sea View Road' },
    });
    expect({ status: eleventh.status, message: eleventh.body.message }).toEqual({
      status: 429,
      message:
        'You have changed this address several times in the last hour. Please wait before changing it again.',
    });
    expect((await (await getStore()).orders.get(order.id))!.address.address1).toBe(
      '10 Sea View Road',
    );
  });
});
