// Least privilege on the desk, through the desk router with real Requests: a member sees what
// packing needs (the number, items, city, courier) and no shopper's name, e-mail, phone, street,
// postcode or wallet number from any call that carries an order, a return or a failed mail, unless
// the owner allowed customers' personal data; sales figures (the business view, the export) only
// with the owner's sales grant; publishing the catalogue only with the publish grant. The attacks:
// every endpoint that had the data, another member's order ids and numbers, a search by the
// shopper's details, the export called directly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import desk from '../../netlify/functions/desk.mts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { karachiDay, shortNumber } from '../../src/lib/desk.ts';
import { PUBLISH_MESSAGES } from '../../src/lib/publish.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { allow, deskCall, enrol, seedOrder, setGrants, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let packer: Member;
let trusted: Member;
let seller: Member;
let order: OrderRecord;
let returned: OrderRecord;
let day: string;

/** The shopper's details that must never reach a member without the grant. */
const SHOPPER = {
  firstName: 'Hira',
  lastName: 'Qureshi',
  email: 'hira.qureshi@example.com',
  address1: 'House 41, Street 9, Gulberg III',
  address2: 'Near the Main Market',
  zip: '54660',
  mobile: '+92 321 7654321',
};
const WALLET = '03217654321';
const IBAN = 'PK36SCBL0000001123456702';
const SECRETS = [
  '0011 2345 6702',
  SHOPPER.lastName,
  SHOPPER.email,
  SHOPPER.address1,
  SHOPPER.address2,
  SHOPPER.zip,
  '7654321',
];

/** Every secret a text contains. */
const leaked = (text: string) => SECRETS.filter((secret) => text.includes(secret));

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  packer = await enrol('staff', 'Packer');
  trusted = await enrol('staff', 'Trusted');
  seller = await enrol('staff', 'Seller');
  await allow(owner, trusted, 'personalData');
  await allow(owner, seller, 'sales');
  const address = lahoreAddress(SHOPPER);
  order = await seedOrder({
    id: randomUUID(),
    address,
    paymentMethod: 'JazzCash',
    walletNumber: WALLET,
  });
  returned = await seedOrder({
    id: randomUUID(),
    address,
    status: 'Delivered',
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
      reason: 'Strap broke',
      refundAccount: { kind: 'iban', value: IBAN },
      requestedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    },
  });
  await (
    await getStore()
  ).mailFailures.add({
    id: randomUUID(),
    kind: 'order-status',
    orderId: order.id,
    to: SHOPPER.email,
    subject: `Your Bastaa order #${shortNumber(order.id)} is Packing`,
    text: 'Dear Hira,\n\nYour order is now Packing.',
    error: 'Mailbox unavailable',
    attempts: 1,
    state: 'failed',
    createdAt: new Date().toISOString(),
    lastTriedAt: new Date().toISOString(),
    nextTryAt: Date.now() + 3_600_000,
    claimedUntil: null,
    sentAt: null,
    sentBy: null,
  });
  day = karachiDay(order.date);
}, 60_000);
afterAll(async () => env.cleanup());

/** The export call: its status and text (a CSV file, or the JSON of a refusal). */
async function exportCsv(token: string) {
  const res = await desk(
    apiRequest('/api/desk/orders/export', { body: { from: day, to: day }, headers: { token } }),
    { ip: '203.0.113.81' },
  );
  return { status: res.status, text: await res.text() };
}

/** Every call that answers an order, a return or a failed mail, read-only, as `member` makes it. */
async function readingCalls(member: Member) {
  return {
    list: await deskCall('orders/list', { token: member.token, body: {} }),
    byId: await deskCall('orders/show', { token: member.token, body: { order: order.id } }),
    byNumber: await deskCall('orders/show', {
      token: member.token,
      body: { order: `#${shortNumber(returned.id)}` },
    }),
    returns: await deskCall('returns/list', { token: member.token, body: {} }),
    mails: await deskCall('mail/failures', { token: member.token, body: { all: true } }),
  };
}

describe("customers' personal data in the desk's answers", { timeout: 60_000 }, () => {
  it('sends a member without the grant what packing needs and nothing that names or reaches the shopper', async () => {
    const calls = await readingCalls(packer);
    for (const [name, answer] of Object.entries(calls)) {
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
      expect({ name, leaked: leaked(JSON.stringify(answer.body)) }).toEqual({ name, leaked: [] });
    }
    const line = calls.list.body.orders.find((o: { id: string }) => o.id === order.id);
    expect(line).toMatchObject({
      number: shortNumber(order.id),
      city: 'Lahore',
      items: 2,
      name: null,
      email: null,
      phone: null,
    });
    expect(calls.byId.body.order).toMatchObject({
      number: shortNumber(order.id),
      lines: [{ productName: 'City Tote', colour: 'Black', quantity: 2 }],
      address: {
        firstName: null,
        lastName: null,
        email: null,
        address1: null,
        zip: null,
        mobile: null,
        city: 'Lahore',
        state: 'Punjab',
        country: 'Pakistan',
      },
      walletNumber: null,
    });
    expect(calls.byNumber.body.order.return).toMatchObject({
      name: null,
      email: null,
      phone: null,
    });
    expect(calls.returns.body.returns[0]).toMatchObject({
      number: shortNumber(returned.id),
      name: null,
      email: null,
      phone: null,
    });
    expect(calls.mails.body.failures[0]).toMatchObject({
      number: shortNumber(order.id),
      to: null,
    });
  });

  it("cuts the answers of a member's own moves, payments and return steps too", async () => {
    const moved = await deskCall('orders/move', {
      token: packer.token,
      body: { order: `#${shortNumber(order.id)}`, to: 'Packing' },
    });
    const paid = await deskCall('orders/payment', {
      token: packer.token,
      body: { order: order.id, method: 'JazzCash', amount: 100, reference: 'JC-LP-1' },
    });
    const stepped = await deskCall('returns/step', {
      token: packer.token,
      body: { order: returned.id, to: 'approved' },
    });
    for (const [name, answer] of Object.entries({ moved, paid, stepped })) {
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
      expect({ name, leaked: leaked(JSON.stringify(answer.body)) }).toEqual({ name, leaked: [] });
    }
    expect(moved.body.order).toMatchObject({ status: 'Packing', phone: null, walletNumber: null });
  });

  it("finds orders by number only for a member without the grant: a search by the shopper's details finds none", async () => {
    const search = (token: string, q: string) =>
      deskCall('orders/list', { token, body: { q } }).then((a) => a.body.matched as number);
    for (const q of [SHOPPER.email, SHOPPER.mobile, '0321 7654321', `Hira ${SHOPPER.lastName}`])
      expect({ q, matched: await search(packer.token, q) }).toEqual({ q, matched: 0 });
    expect(await search(packer.token, `#${shortNumber(order.id)}`)).toBe(1);
    expect(await search(trusted.token, SHOPPER.email)).toBe(2);
    expect(await search(trusted.token, '0321 7654321')).toBe(2);
  });

  it('sends everything to the owner and to a member the owner allowed', async () => {
    for (const member of [owner, trusted]) {
      const calls = await readingCalls(member);
      const line = calls.list.body.orders.find((o: { id: string }) => o.id === order.id);
      expect(line).toMatchObject({
        name: `Hira ${SHOPPER.lastName}`,
        email: SHOPPER.email,
        phone: SHOPPER.mobile,
      });
      expect(calls.byId.body.order.address).toEqual(lahoreAddress(SHOPPER));
      expect(calls.byId.body.order.walletNumber).toBe(WALLET);
      expect(calls.returns.body.returns[0].email).toBe(SHOPPER.email);
      expect(calls.mails.body.failures[0].to).toBe(SHOPPER.email);
    }
  });

  it("sends a return's refund account to a member allowed refunds alone, and still no contact", async () => {
    const refunder = await enrol('staff', 'Refunder');
    await allow(owner, refunder, 'refunds');
    const list = await deskCall('returns/list', { token: refunder.token, body: {} });
    expect(list.body.returns[0]).toMatchObject({
      refundAccount: 'IBAN PK36 SCBL 0000 0011 2345 6702',
      name: null,
      email: null,
      phone: null,
    });
  });

  it('stops at once when the owner takes the grant back', async () => {
    const member = await enrol('staff', 'Once Trusted');
    await allow(owner, member, 'personalData');
    const before = await deskCall('orders/show', {
      token: member.token,
      body: { order: order.id },
    });
    expect(before.body.order.email).toBe(SHOPPER.email);
    await setGrants(owner, member, false, 'personalData');
    const after = await deskCall('orders/show', { token: member.token, body: { order: order.id } });
    expect(after.status).toBe(200);
    expect(leaked(JSON.stringify(after.body))).toEqual([]);
  });
});

describe('sales figures', { timeout: 60_000 }, () => {
  it('are refused to a member without the sales grant, in words, with no figures and no file', async () => {
    const business = await deskCall('business', { token: packer.token, body: {} });
    expect({ status: business.status, body: business.body }).toEqual({
      status: 403,
      body: { success: false, message: DESK_ANSWERS.salesOnly },
    });
    for (const member of [packer, trusted]) {
      const file = await exportCsv(member.token);
      expect({ status: file.status, body: JSON.parse(file.text) }).toEqual({
        status: 403,
        body: { success: false, message: DESK_ANSWERS.salesOnly },
      });
    }
  });

  it("are a granted member's: the business view, and the export without the customers' columns", async () => {
    const business = await deskCall('business', { token: seller.token, body: {} });
    expect(business.status).toBe(200);
    expect(business.body.periods.map((p: { name: string }) => p.name)).toEqual([
      'today',
      '7 days',
      '30 days',
    ]);
    const file = await exportCsv(seller.token);
    expect(file.status).toBe(200);
    const header = file.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(header).toContain('City');
    expect(header).toContain('Total PKR');
    expect(
      header.filter((h) => ['Name', 'E-mail', 'Phone', 'Address', 'Postcode'].includes(h)),
    ).toEqual([]);
    expect(file.text).toContain(`#${shortNumber(order.id)}`);
    expect(leaked(file.text)).toEqual([]);
    expect(file.text).not.toContain(SHOPPER.firstName);
  });

  it("carry the customers' columns for a member with both grants, and for the owner", async () => {
    const both = await enrol('staff', 'Bookkeeper');
    await allow(owner, both, 'sales', 'personalData');
    for (const member of [both, owner]) {
      const file = await exportCsv(member.token);
      expect(file.status).toBe(200);
      expect(file.text).toContain(SHOPPER.email);
      expect(file.text).toContain(SHOPPER.address1);
    }
  });

  it('show on the member as the owner set them, and only the owner sets them', async () => {
    const me = await deskCall('me', { token: seller.token });
    expect(me.body.staff).toMatchObject({ sales: true, personalData: false, publish: false });
    const self = await deskCall('staff/sales', {
      token: packer.token,
      body: { staffId: packer.id, allowed: true },
    });
    expect({ status: self.status, message: self.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.ownerOnly,
    });
    const granted = await deskCall('staff/sales', {
      token: owner.token,
      body: { staffId: packer.id, allowed: true },
    });
    expect(granted.body.message).toBe(DESK_ANSWERS.salesSet(packer.email, true));
    expect(
      await (await getStore()).audit.list({ target: `staff:${packer.id}`, action: 'staff.sales' }),
    ).toMatchObject([{ before: { sales: false }, after: { sales: true } }]);
    await setGrants(owner, packer, false, 'sales');
  });
});

describe('publishing the catalogue', { timeout: 60_000 }, () => {
  it('is refused to a member without the publish grant, and reaches the publish step once it is granted', async () => {
    const refused = await deskCall('catalogue/publish', { token: packer.token, body: {} });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: DESK_ANSWERS.publishOnly,
    });
    const publisher = await enrol('staff', 'Publisher');
    await allow(owner, publisher, 'publish');
    // This store has no products: the call itself runs, and says there is nothing to publish.
    const allowed = await deskCall('catalogue/publish', { token: publisher.token, body: {} });
    expect({ status: allowed.status, message: allowed.body.message }).toEqual({
      status: 400,
      message: PUBLISH_MESSAGES.nothingToPublish,
    });
  });
});
