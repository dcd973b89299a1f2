// Orders staff take on the desk for a customer who phoned or wrote on WhatsApp
// (POST /api/desk/orders/new), through the desk router with real Requests: placed by the web
// order's own code (catalogue prices, stock, delivery fee, numbering, the order-placed mail), with
// the channel and the member on the order and in the audit log, and the attacks on the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { DESTINATION_MESSAGES, ORDER_ANSWERS } from '../../src/lib/messages.ts';
import { PHONE_ORDER_ANSWERS, phoneDigits } from '../../src/lib/orders/phone-orders.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { auditActionLabel, auditChanges } from '../../src/lib/desk-audit.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { desk, deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let owner: Member;
let packer: Member;
let allowed: Member;

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  process.env.RATES_URL = rates.url;
  process.env.SMTP_URL = smtp.url;
  await stockShelves([
    makeProduct({ _id: 'city-tote', productName: 'City Tote', price: 4500, discountPercent: 10 }),
    makeProduct({
      _id: 'plain-sleeve',
      productName: 'Plain Sleeve',
      category: 'sleeves',
      price: 1200,
      discountPercent: 0,
      wholesalePrice: null,
    }),
  ]);
  owner = await enrol('owner', 'Owner One');
  packer = await enrol('staff', 'Packer One');
  allowed = await enrol('staff', 'Sales One');
  const granted = await deskCall('staff/personal-data', {
    body: { staffId: allowed.id, allowed: true },
    token: owner.token,
  });
  if (granted.status !== 200) throw new Error(JSON.stringify(granted.body));
}, 60_000);
afterAll(async () => {
  await settleBackground();
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});

let keys = 0;
/** Takes an order on the desk as `member`, under a fresh Idempotency-Key unless one is given. */
function take(
  member: { token: string } | null,
  body: unknown,
  key: string | null = `phone-order-${++keys}-${Date.now()}`,
) {
  return call(desk, '/api/desk/orders/new', {
    ...(member ? { token: member.token } : {}),
    body,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
}

const phoneOrder = (overrides: Record<string, unknown> = {}) => ({
  channel: 'phone',
  items: [{ productId: 'city-tote', selectedColor: 'Black', quantity: 2 }],
  address: lahoreAddress({
    firstName: 'Hina',
    lastName: 'Qureshi',
    email: 'hina.qureshi@example.com',
    mobile: '0300-555 1212',
  }),
  paymentMethod: 'COD',
  ...overrides,
});

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('taking an order by phone on the desk', () => {
  it('places it as a web order is placed: catalogue prices, the delivery fee, the number, the channel and the member', async () => {
    const answer = await take(owner, phoneOrder());
    expect(answer.status).toBe(201);
    const number = shortNumber(answer.body.order.id);
    expect(answer.body).toMatchObject({
      success: true,
      message: PHONE_ORDER_ANSWERS.placed(number, 'Hina Qureshi', 'phone'),
      newCustomer: true,
    });
    expect(answer.body.order).toMatchObject({
      status: 'Order Placed',
      paymentMethod: 'COD',
      currency: 'PKR',
      amount: 8100,
      deliveryFee: 250,
      total: 8350,
      totalPkr: 8350,
      payment: 'unpaid',
      payments: [],
      channel: 'phone',
      lines: [{ productId: 'city-tote', colour: 'Black', quantity: 2, unitPrice: 4050 }],
    });
    expect(answer.body.order.timeline[0]).toMatchObject({
      kind: 'placed',
      to: 'Order Placed',
      by: owner.email,
      note: 'Taken by phone',
    });
    const store = await getStore();
    const stored = (await store.orders.get(answer.body.order.id))!;
    expect(stored).toMatchObject({
      channel: 'phone',
      takenBy: { id: owner.id, email: owner.email },
      amountPkr: 8100,
      total: 8350,
    });
    const customer = (await store.users.findByEmail('hina.qureshi@example.com'))!;
    expect(customer).toMatchObject({ name: 'Hina Qureshi', passwordHash: null });
    expect(stored.userId).toBe(customer.id);
  });

  it('mails the shopper the same order-placed mail a web order gets', async () => {
    const shopper = await signUp('Web Twin');
    const address = lahoreAddress({ firstName: 'Rabia', email: 'rabia.twin@example.com' });
    const items = [{ productId: 'plain-sleeve', selectedColor: 'Navy', quantity: 1 }];
    const web = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: { items, address, paymentMethod: 'COD' },
    });
    expect(web.status).toBe(201);
    const taken = await take(owner, phoneOrder({ items, address, channel: 'whatsapp' }));
    expect(taken.status).toBe(201);
    await settleBackground();
    const mails = mailsTo('rabia.twin@example.com').map((m) => mailText(m.raw));
    expect(mails).toHaveLength(2);
    const webNumber = shortNumber(web.body.orderId);
    const phoneNumber = shortNumber(taken.body.order.id);
    // The same mail, word for word, but for the order's number and its link's key (which names
    // the order's id).
    const same = (mail: string, number: string) =>
      mail.replaceAll(number, 'N').replace(/&k=[\w.-]+/, '&k=KEY');
    expect(same(mails[1]!, phoneNumber)).toBe(same(mails[0]!, webNumber));
    expect(mails[1]).toMatch(/&k=[\w.-]+/);
    expect(mails[1]).toContain(`Thank you for your order #${phoneNumber}.`);
  });

  it('writes "Took a phone order" to the audit log, naming the member and the channel', async () => {
    const taken = await take(allowed, phoneOrder({ channel: 'whatsapp' }));
    expect(taken.status).toBe(201);
    const log = await deskCall('audit', { body: {}, token: owner.token });
    const entry = log.body.entries.find(
      (e: { target: string }) => e.target === `order:${taken.body.order.id}`,
    );
    expect(entry).toMatchObject({
      action: 'order.take',
      actor: { id: allowed.id, email: allowed.email, name: 'Sales One' },
    });
    expect(auditActionLabel(entry.action)).toBe('Took a phone order');
    expect(auditChanges(entry.action, entry.before, entry.after)).toContainEqual({
      field: 'Channel',
      to: 'WhatsApp',
    });
  });

  it('finds an existing customer by phone and puts the order on their account', async () => {
    const shopper = await signUp('Phone Regular');
    const address = lahoreAddress({ email: shopper.email, mobile: '+92 321 7654321' });
    const web = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: {
        items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 1 }],
        address,
      },
    });
    expect(web.status).toBe(201);
    const taken = await take(owner, phoneOrder({ customer: '0321-7654321', address }));
    expect(taken.status).toBe(201);
    expect(taken.body.newCustomer).toBe(false);
    const mine = await call(account, '/api/order/userorders', { token: shopper.token });
    expect(mine.body.orders.map((o: { _id: string }) => o._id)).toContain(taken.body.order.id);
  });

  it("prices an order to the UK by bank transfer in pounds, with the UK's own delivery fee", async () => {
    const answer = await take(
      owner,
      phoneOrder({
        items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 1 }],
        address: {
          ...lahoreAddress({ email: 'uk.caller@example.com' }),
          country: 'United Kingdom',
          state: 'England',
          city: 'London',
          zip: 'SW1A 1AA',
        },
        paymentMethod: 'Bank Transfer',
      }),
    );
    expect(answer.status).toBe(201);
    // ₨1,200 at 0.0028 is £3.36; the UK's listed fee is £18.
    expect(answer.body.order).toMatchObject({
      currency: 'GBP',
      paymentMethod: 'Bank Transfer',
      amount: 3.36,
      deliveryFee: 18,
      total: 21.36,
    });
  });

  it('refuses cash on delivery outside Pakistan, as the checkout does', async () => {
    const answer = await take(
      owner,
      phoneOrder({
        address: {
          ...lahoreAddress({ email: 'uk.cod@example.com' }),
          country: 'United Kingdom',
          state: 'England',
          city: 'London',
          zip: 'SW1A 1AA',
        },
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { message: DESTINATION_MESSAGES.methodNotAllowed('COD') },
    });
  });

  it('finds an existing customer by e-mail', async () => {
    const shopper = await signUp('Mail Regular');
    const taken = await take(
      owner,
      phoneOrder({ customer: shopper.email.toUpperCase(), address: lahoreAddress() }),
    );
    expect(taken.status).toBe(201);
    const mine = await call(account, '/api/order/userorders', { token: shopper.token });
    expect(mine.body.orders.map((o: { _id: string }) => o._id)).toEqual([taken.body.order.id]);
  });
});

describe('finding a customer for the New order form', () => {
  it("answers a customer found by phone with their last order's address, to fill the form", async () => {
    const shopper = await signUp('Zainab Regular');
    const address = lahoreAddress({
      firstName: 'Zainab',
      email: shopper.email,
      address1: '44 Mall Road',
      mobile: '0333 2223344',
    });
    const web = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: {
        items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 1 }],
        address,
      },
    });
    expect(web.status).toBe(201);
    const found = await deskCall('customers/find', {
      body: { customer: '+92 333 222 3344' },
      token: allowed.token,
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      success: true,
      message: PHONE_ORDER_ANSWERS.found('Zainab Regular', 1),
      customer: { name: 'Zainab Regular', email: shopper.email, orders: 1, address },
    });
  });

  it('answers a customer with an account and no order yet without an address', async () => {
    const shopper = await signUp('New Regular');
    const found = await deskCall('customers/find', {
      body: { customer: shopper.email },
      token: owner.token,
    });
    expect(found.body).toMatchObject({
      message: PHONE_ORDER_ANSWERS.found('New Regular', 0),
      customer: { email: shopper.email, orders: 0, address: null },
    });
  });

  it("refuses an unknown customer, an empty search and a member without customers' personal data", async () => {
    const unknown = await deskCall('customers/find', {
      body: { customer: 'ghost@example.com' },
      token: owner.token,
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: PHONE_ORDER_ANSWERS.customerNotFound('ghost@example.com') },
    });
    const empty = await deskCall('customers/find', {
      body: { customer: '  ' },
      token: owner.token,
    });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Type the customer’s e-mail or phone' },
    });
    const packerAsks = await deskCall('customers/find', {
      body: { customer: 'ghost@example.com' },
      token: packer.token,
    });
    expect(packerAsks).toMatchObject({
      status: 403,
      body: { message: DESK_ANSWERS.personalDataOnly },
    });
  });
});

describe('phone numbers as typed', () => {
  it('reads a Pakistani number the same however it is written', () => {
    for (const typed of ['0300-123 4567', '+92 300 1234567', '0092 300 1234567', '03001234567'])
      expect(phoneDigits(typed)).toBe('03001234567');
  });
});

describe('attacks on taking an order', () => {
  const ordersNow = async () => (await (await getStore()).orders.list()).length;

  it('answers 401 without a desk session and 403 to a shopper, and makes nothing', async () => {
    const before = await ordersNow();
    const none = await take(null, phoneOrder());
    expect(none).toMatchObject({ status: 401, body: { message: DESK_ANSWERS.signInRequired } });
    const shopper = await signUp('Intruder');
    const asShopper = await take(shopper, phoneOrder());
    expect(asShopper).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.shopperToken } });
    expect(await ordersNow()).toBe(before);
  });

  it("refuses a member without customers' personal data, saying why, and makes nothing", async () => {
    const before = await ordersNow();
    const answer = await take(packer, phoneOrder());
    expect(answer).toMatchObject({
      status: 403,
      body: { message: DESK_ANSWERS.personalDataOnly },
    });
    expect(await ordersNow()).toBe(before);
  });

  it('ignores a price, amount, fee or total the client sends', async () => {
    const answer = await take(
      owner,
      phoneOrder({
        items: [
          {
            productId: 'plain-sleeve',
            selectedColor: 'Black',
            quantity: 1,
            price: 1,
            unitPrice: 1,
            lineTotal: 1,
          },
        ],
        amount: 1,
        deliveryFee: 0,
        total: 1,
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ amount: 1200, deliveryFee: 250, total: 1450 });
  });

  it('refuses a colour marked sold out, naming it, and makes nothing', async () => {
    const marked = await deskCall('products/stock', {
      body: { productId: 'city-tote', color: 'Navy', inStock: false },
      token: owner.token,
    });
    expect(marked.status).toBe(200);
    const before = await ordersNow();
    const answer = await take(
      owner,
      phoneOrder({
        items: [{ productId: 'city-tote', selectedColor: 'Navy', quantity: 1 }],
        address: lahoreAddress({ email: 'nobody.new@example.com' }),
      }),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: { message: ORDER_ANSWERS.outOfStock('City Tote', 'Navy') },
    });
    expect(await ordersNow()).toBe(before);
    // No account is left behind for the customer of a refused order.
    expect(await (await getStore()).users.findByEmail('nobody.new@example.com')).toBeNull();
  });

  it('refuses an unknown product and an unknown colour', async () => {
    const product = await take(
      owner,
      phoneOrder({ items: [{ productId: 'no-such-bag', selectedColor: 'Black', quantity: 1 }] }),
    );
    expect(product).toMatchObject({
      status: 400,
      body: { message: ORDER_ANSWERS.unknownProduct },
    });
    const colour = await take(
      owner,
      phoneOrder({ items: [{ productId: 'city-tote', selectedColor: 'Purple', quantity: 1 }] }),
    );
    expect(colour).toMatchObject({ status: 400, body: { message: ORDER_ANSWERS.unknownColour } });
  });

  it('refuses a card, a missing channel and a customer nobody has', async () => {
    const card = await take(owner, phoneOrder({ paymentMethod: 'Card' }));
    expect(card).toMatchObject({ status: 400, body: { message: PHONE_ORDER_ANSWERS.method } });
    const channel = await take(owner, phoneOrder({ channel: 'fax' }));
    expect(channel).toMatchObject({ status: 400, body: { message: PHONE_ORDER_ANSWERS.channel } });
    const nobody = await take(owner, phoneOrder({ customer: '0399 0000000' }));
    expect(nobody).toMatchObject({
      status: 404,
      body: { message: PHONE_ORDER_ANSWERS.customerNotFound('0399 0000000') },
    });
  });

  it('answers 413 to an oversized body and 400 to a malformed one', async () => {
    const huge = await call(desk, '/api/desk/orders/new', {
      token: owner.token,
      rawBody: JSON.stringify(phoneOrder({ customer: 'x'.repeat(200 * 1024) })),
    });
    expect(huge.status).toBe(413);
    const broken = await call(desk, '/api/desk/orders/new', {
      token: owner.token,
      rawBody: '{"channel": "phone", "items": [',
    });
    expect(broken.status).toBe(400);
    const notAList = await take(owner, phoneOrder({ items: { productId: 'city-tote' } }));
    expect(notAList).toMatchObject({ status: 400, body: { message: 'Items must be a list' } });
  });

  it('makes one order for a replayed Idempotency-Key, and the replay says so', async () => {
    const key = `phone-replay-${Date.now()}`;
    const body = phoneOrder({ address: lahoreAddress({ email: 'replay.new@example.com' }) });
    const before = await ordersNow();
    const first = await take(owner, body, key);
    const again = await take(owner, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({
      message: PHONE_ORDER_ANSWERS.replayed(shortNumber(first.body.order.id)),
      newCustomer: false,
      order: { id: first.body.order.id },
    });
    expect(await ordersNow()).toBe(before + 1);
  });

  it('refuses a replayed Idempotency-Key with a different order, and makes nothing more', async () => {
    const key = `phone-reused-${Date.now()}`;
    const first = await take(owner, phoneOrder(), key);
    expect(first.status).toBe(201);
    const before = await ordersNow();
    const other = await take(
      owner,
      phoneOrder({ items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 5 }] }),
      key,
    );
    expect(other).toMatchObject({ status: 422, body: { message: ORDER_ANSWERS.keyReused } });
    expect(await ordersNow()).toBe(before);
  });

  it("a replay makes the new customer's account when the first request stopped before making it", async () => {
    const key = `phone-half-${Date.now()}`;
    const body = phoneOrder({ address: lahoreAddress({ email: 'half.new@example.com' }) });
    const store = await getStore();
    const create = store.users.create;
    // The first request's order stands, and the account's write never happens.
    store.users.create = async () => null;
    const first = await take(owner, body, key);
    store.users.create = create;
    expect(first.status).toBe(201);
    expect(await store.users.findByEmail('half.new@example.com')).toBeNull();
    const again = await take(owner, body, key);
    expect(again.status).toBe(200);
    const customer = (await store.users.findByEmail('half.new@example.com'))!;
    expect((await store.orders.get(first.body.order.id))!.userId).toBe(customer.id);
  });

  it('makes one order of two racing requests under one key', async () => {
    const key = `phone-race-${Date.now()}`;
    const body = phoneOrder({ address: lahoreAddress({ email: 'race.new@example.com' }) });
    const before = await ordersNow();
    const answers = await Promise.all([take(owner, body, key), take(owner, body, key)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.order.id).toBe(answers[1]!.body.order.id);
    expect(await ordersNow()).toBe(before + 1);
  });
});
