import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_ANSWERS, ORDER_MESSAGES } from '../../src/lib/messages.ts';
import account from '../../netlify/functions/account.mts';
import { settleBackground } from '../../src/server/background.ts';
import { ledgerSums } from '../../src/lib/orders/ledger.ts';
import { orderLineAmounts } from '../../src/lib/orders/order-lines.ts';
import { moveOrderStatus } from '../../src/server/orders/orders.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { SAMPLE_RATES, startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { runShopAsync } from '../fixtures/cli.ts';
import { lahoreAddress } from '../fixtures/address.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let alice: { token: string; email: string };
let bob: { token: string; email: string };

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  process.env.RATES_URL = rates.url;
  process.env.SMTP_URL = smtp.url;
  await stockShelves([
    makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 10, wholesalePrice: 3800 }),
    makeProduct({
      _id: 'plain-sleeve',
      category: 'sleeves',
      price: 1200,
      discountPercent: 0,
      wholesalePrice: null,
    }),
    makeProduct({ _id: 'sold-out-bag', stock: false }),
    makeProduct({
      _id: 'reseller-bag',
      productName: 'Reseller Laptop Bag',
      price: 6500,
      discountPercent: 0,
      wholesalePrice: 5487,
    }),
    makeProduct({
      _id: 'trunk-case',
      productName: 'Grand Trunk Case',
      price: 480_000,
      discountPercent: 0,
      wholesalePrice: null,
    }),
    makeProduct({
      _id: 'kuwait-clutch',
      productName: 'Evening Clutch',
      category: 'handbags',
      price: 1350,
      discountPercent: 0,
      wholesalePrice: null,
    }),
  ]);
  alice = await signUp('Alice');
  bob = await signUp('Bob');
});
afterAll(async () => {
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});

const address = lahoreAddress({
  firstName: 'Alice',
  lastName: 'Raza',
  email: 'alice.raza@example.com',
});
const usAddress = {
  ...address,
  country: 'United States',
  state: 'California',
  city: 'San Jose',
  zip: '95112',
};
const order = (overrides: Record<string, unknown> = {}) => ({
  userId: 'someone-else',
  items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2, price: 1 }],
  amount: 1,
  address,
  currency: 'PKR',
  deliveryFee: 0,
  paymentMethod: 'COD',
  ...overrides,
});
/** Bob's orders go to his own mailbox: the per-recipient throttle counts each inbox apart. */
const bobOrder = (overrides: Record<string, unknown> = {}) =>
  order({ address: { ...address, firstName: 'Bob', email: 'bob.raza@example.com' }, ...overrides });

describe('POST /api/order/COD', () => {
  it('prices the order from the catalogue, ignoring the client amounts, and clears the cart', async () => {
    await call(account, '/api/cart/add', {
      token: alice.token,
      body: { itemId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 },
    });
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ status: 'Delivered', paid: true }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: ORDER_MESSAGES.placed });
    expect(answer.body.order).toMatchObject({
      status: 'Order Placed',
      payment: false,
      paymentMethod: 'COD',
      currency: 'PKR',
      amount: 8100,
      deliveryFee: 250,
      total: 8350,
    });
    expect(answer.body.order.items[0]).toMatchObject({
      productId: 'city-tote',
      price: 4500,
      discountPercent: 10,
      unitPrice: 4050,
      quantity: 2,
    });
    expect((await call(account, '/api/cart/get', { token: alice.token })).body.cartData).toEqual(
      {},
    );
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored?.userId).not.toBe('someone-else');
  });

  it('uses the wholesale price from 50 units of a line', async () => {
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ items: [{ productId: 'city-tote', selectedColor: 'Navy', quantity: 50 }] }),
    });
    expect(answer.body.order).toMatchObject({ amount: 190000, total: 190250 });
  });

  it('uses the wholesale price for 30 Black and 30 Navy of one product, 60 of it across its colours', async () => {
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({
        items: [
          { productId: 'city-tote', selectedColor: 'Black', quantity: 30 },
          { productId: 'city-tote', selectedColor: 'Navy', quantity: 30 },
          { productId: 'plain-sleeve', selectedColor: 'Black', quantity: 40 },
        ],
      }),
    });
    expect(answer.status).toBe(201);
    expect(
      answer.body.order.items.map((i: { unitPrice: number; lineTotal: number }) => [
        i.unitPrice,
        i.lineTotal,
      ]),
    ).toEqual([
      [3800, 114_000],
      [3800, 114_000],
      [1200, 48_000],
    ]);
    expect(answer.body.order).toMatchObject({ amount: 276_000, total: 276_250 });
  });

  it('keeps the discounted price for 25 Black and 24 Navy of one product, 49 of it', async () => {
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({
        items: [
          { productId: 'city-tote', selectedColor: 'Black', quantity: 25 },
          { productId: 'city-tote', selectedColor: 'Navy', quantity: 24 },
        ],
      }),
    });
    expect(answer.body.order).toMatchObject({ amount: 49 * 4050, total: 49 * 4050 + 250 });
  });

  it('converts with the rate from /api/rates, to the cent, and charges the destination’s own delivery base', async () => {
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ currency: 'USD', paymentMethod: 'Bank Transfer', address: usAddress }),
    });
    expect(answer.status).toBe(201);
    // 2 × ₨4,050 = ₨8,100 × 0.0036 = $29.16.
    expect(answer.body.order).toMatchObject({
      currency: 'USD',
      amount: 29.16,
      deliveryFee: 25,
      total: 54.16,
      paymentMethod: 'Bank Transfer',
    });
  });

  it('refuses COD and wallets for an address outside Pakistan', async () => {
    for (const [paymentMethod, label] of [
      ['COD', 'Cash on Delivery'],
      ['JazzCash', 'JazzCash'],
      ['EasyPaisa', 'EasyPaisa'],
    ]) {
      const answer = await call(account, '/api/order/COD', {
        token: alice.token,
        body: order({
          currency: 'GBP',
          paymentMethod,
          address: { ...address, country: 'United Kingdom', state: 'England' },
        }),
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { success: false, message: `${label} is available only for addresses in Pakistan.` },
      });
    }
  });

  it('refuses a currency it cannot price instead of charging at rate 1', async () => {
    const answer = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({
        currency: 'CHF',
        paymentMethod: 'Bank Transfer',
        address: { ...address, country: 'Switzerland', state: 'Zürich' },
      }),
    });
    expect(answer).toMatchObject({
      status: 503,
      body: { success: false, message: ORDER_ANSWERS.noRate('CHF') },
    });
  });

  it('refuses an out-of-stock product and an unknown one', async () => {
    const soldOut = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ items: [{ productId: 'sold-out-bag', selectedColor: 'Black', quantity: 1 }] }),
    });
    expect(soldOut).toMatchObject({
      status: 409,
      body: { message: ORDER_ANSWERS.outOfStock('Test Commuter Backpack') },
    });
    const unknown = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ items: [{ productId: 'nope-bag', selectedColor: 'Black', quantity: 1 }] }),
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: ORDER_ANSWERS.unknownProduct },
    });
  });

  it('validates the address with the checkout messages', async () => {
    const noCity = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ address: { ...address, city: '' } }),
    });
    expect(noCity).toMatchObject({
      status: 400,
      body: { success: false, message: 'City is required' },
    });
    const badMobile = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ address: { ...address, mobile: '12ab' } }),
    });
    expect(badMobile.body.message).toBe('Invalid mobile number');
    const noItems = await call(account, '/api/order/COD', {
      token: alice.token,
      body: order({ items: [] }),
    });
    expect(noItems.status).toBe(400);
  });

  it('places one order for a repeated Idempotency-Key and answers 422 when the body differs', async () => {
    const headers = { 'Idempotency-Key': 'checkout-7f3a9c21' };
    const first = await call(account, '/api/order/COD', {
      token: bob.token,
      headers,
      body: bobOrder(),
    });
    const second = await call(account, '/api/order/COD', {
      token: bob.token,
      headers,
      body: bobOrder(),
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
    const different = await call(account, '/api/order/COD', {
      token: bob.token,
      headers,
      body: bobOrder({
        items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 1 }],
      }),
    });
    expect(different).toMatchObject({
      status: 422,
      body: { success: false, message: ORDER_ANSWERS.keyReused },
    });
    expect(
      (await call(account, '/api/order/userorders', { token: bob.token })).body.orders,
    ).toHaveLength(1);
  });

  it('answers a replayed Idempotency-Key with what the stored order now is: its status, and 409 once cancelled', async () => {
    const kim = await signUp('Kim');
    const headers = { 'Idempotency-Key': 'checkout-replay-0001' };
    const body = order({ address: { ...address, email: 'kim.replay@example.com' } });
    const first = await call(account, '/api/order/COD', { token: kim.token, headers, body });
    expect(first).toMatchObject({
      status: 201,
      body: { success: true, message: 'Order Placed Successfully!' },
    });
    const again = await call(account, '/api/order/COD', { token: kim.token, headers, body });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({
      success: true,
      message: 'This order was already placed; its status is Order Placed.',
      orderId: first.body.orderId,
      order: { _id: first.body.orderId, status: 'Order Placed' },
    });
    await call(account, '/api/order/cancel', {
      token: kim.token,
      body: { orderId: first.body.orderId, reason: 'Ordered by mistake' },
    });
    const replay = await call(account, '/api/order/COD', { token: kim.token, headers, body });
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toMatchObject({
      success: false,
      message:
        'This order was placed earlier and has since been cancelled. Please place a new order to buy again.',
      orderId: first.body.orderId,
      order: { _id: first.body.orderId, status: 'Cancelled', cancelReason: 'Ordered by mistake' },
    });
    expect(await ordersOf(kim.token)).toHaveLength(1);
  });

  it('e-mails a confirmation over SMTP', async () => {
    // The confirmations go out after the answer: wait for that work, not for a clock.
    await settleBackground();
    const before = mailsTo(address.email).length;
    await call(account, '/api/order/COD', { token: alice.token, body: order() });
    await settleBackground();
    expect(mailsTo(address.email)).toHaveLength(before + 1);
  });

  it('still places the order when the mail server is down', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      const answer = await call(account, '/api/order/COD', {
        token: alice.token,
        body: order(),
      });
      expect(answer.status).toBe(201);
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
  });

  it('requires a signed-in shopper', async () => {
    expect((await call(account, '/api/order/COD', { body: order() })).status).toBe(401);
  });
});

describe('POST /api/order/userorders', () => {
  it('lists only the caller’s orders, newest first, with the spec fields', async () => {
    const { orders } = (await call(account, '/api/order/userorders', { token: alice.token })).body;
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const dates = orders.map((o: { date: number }) => o.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const key of [
      'items',
      'status',
      '_id',
      'payment',
      'paymentMethod',
      'date',
      'amount',
      'currency',
      'deliveryFee',
    ]) {
      expect(orders[0]).toHaveProperty(key);
    }
    const bobs = (await call(account, '/api/order/userorders', { token: bob.token })).body.orders;
    expect(bobs.map((o: { _id: string }) => o._id)).not.toContain(orders[0]._id);
  });
});

describe('POST /api/order/cancel', () => {
  const latest = async (token: string) =>
    (await call(account, '/api/order/userorders', { token })).body.orders[0];

  it('needs a reason from the list', async () => {
    const { _id } = await latest(alice.token);
    for (const reason of [undefined, '', 'Because']) {
      const answer = await call(account, '/api/order/cancel', {
        token: alice.token,
        body: { orderId: _id, reason },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { success: false, message: 'Please select a cancellation reason.' },
      });
    }
  });

  it('never lets another shopper cancel an order', async () => {
    const { _id } = await latest(alice.token);
    const answer = await call(account, '/api/order/cancel', {
      token: bob.token,
      body: { orderId: _id, reason: 'Other' },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Order not found.' } });
    expect((await latest(alice.token)).status).toBe('Order Placed');
  });

  it('cancels from Order Placed once, and refuses a second time', async () => {
    const { _id } = await latest(alice.token);
    const answer = await call(account, '/api/order/cancel', {
      token: alice.token,
      body: { orderId: _id, reason: 'Ordered by mistake' },
    });
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Order cancelled successfully',
      order: { status: 'Cancelled', cancelReason: 'Ordered by mistake' },
    });
    const again = await call(account, '/api/order/cancel', {
      token: alice.token,
      body: { orderId: _id, reason: 'Other' },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: ORDER_ANSWERS.notCancellable },
    });
  });

  it('mails the shopper who cancels that it is cancelled, with the reason, and mails no one on a refusal', async () => {
    const dina = await signUp('Dina');
    const placed = await placeSolo(dina.token, order());
    const id = placed.body.orderId as string;
    const number = id.slice(-8).toUpperCase();
    const email = (await (await getStore()).orders.get(id))!.address.email;
    const pending: Promise<unknown>[] = [];
    const cancel = async () => {
      const req = apiRequest('/api/order/cancel', {
        body: { orderId: id, reason: 'Ordered by mistake' },
        headers: { token: dina.token },
      });
      const res = await account(req, { ip: '203.0.113.9', waitUntil: (p) => pending.push(p) });
      await Promise.all(pending.splice(0));
      return res.status;
    };
    expect(await cancel()).toBe(200);
    const mails = mailsTo(email).filter((m) => m.raw.includes('has been cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`Subject: Your Bastaa order #${number} has been cancelled`);
    expect(mailText(mails[0]!.raw)).toContain(
      `You cancelled your order #${number}, as you asked. Nothing more will be sent or charged for it.`,
    );
    expect(mailText(mails[0]!.raw)).toContain('Reason: Ordered by mistake');
    expect(await cancel()).toBe(409);
    expect(mailsTo(email).filter((m) => m.raw.includes('has been cancelled'))).toHaveLength(1);
  });

  it('cancels from Packing but not once out for delivery', async () => {
    const placed = await call(account, '/api/order/COD', { token: bob.token, body: bobOrder() });
    const store = await getStore();
    await moveOrderStatus(store, placed.body.orderId, 'Packing');
    const packing = await call(account, '/api/order/COD', {
      token: bob.token,
      body: bobOrder(),
    });
    await moveOrderStatus(store, packing.body.orderId, 'Packing');
    await moveOrderStatus(store, packing.body.orderId, 'Out for Delivery');
    expect(
      (
        await call(account, '/api/order/cancel', {
          token: bob.token,
          body: { orderId: placed.body.orderId, reason: 'Other' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(account, '/api/order/cancel', {
          token: bob.token,
          body: { orderId: packing.body.orderId, reason: 'Other' },
        })
      ).status,
    ).toBe(409);
  });

  it('lets exactly one of two concurrent cancels win', async () => {
    const placed = await call(account, '/api/order/COD', { token: bob.token, body: bobOrder() });
    const answers = await Promise.all(
      [0, 1].map(() =>
        call(account, '/api/order/cancel', {
          token: bob.token,
          body: { orderId: placed.body.orderId, reason: 'Other' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('moveOrderStatus', () => {
  it('refuses moves the status machine does not allow', async () => {
    const placed = await call(account, '/api/order/COD', { token: bob.token, body: bobOrder() });
    await expect(
      moveOrderStatus(await getStore(), placed.body.orderId, 'Delivered'),
    ).rejects.toThrow(ORDER_ANSWERS.badStatus('Order Placed', 'Delivered'));
  });

  it('refuses to cancel without a reason, and records the reason it is given', async () => {
    const lena = await signUp('Lena');
    const placed = await placeSolo(lena.token, order());
    const store = await getStore();
    for (const reason of [undefined, '', '   '])
      await expect(
        moveOrderStatus(store, placed.body.orderId, 'Cancelled', { reason }),
      ).rejects.toThrow('Please select a cancellation reason.');
    await expect(moveOrderStatus(store, placed.body.orderId, 'Cancelled')).rejects.toThrow(
      'Please select a cancellation reason.',
    );
    expect((await store.orders.get(placed.body.orderId))?.status).toBe('Order Placed');
    const cancelled = await moveOrderStatus(store, placed.body.orderId, 'Cancelled', {
      reason: '  Out of stock at the workshop ',
    });
    expect(cancelled).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Out of stock at the workshop',
    });
  });
});

// In fresh processes, as an operator starts them: in this one the command would close the store
// the handlers share when it ends. A process costs a second or two of CPU to start here, several
// on a loaded 2-core machine: a minute only catches a hang.
describe('npm run shop -- orders status', { timeout: 60_000 }, () => {
  const shop = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/shop.ts', ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: env.dir },
      },
    );

  it('lists --reason for cancelling in its help', () => {
    const help = shop('help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(
      '  orders status <id> Cancelled --reason "…"\n                                   cancel an order; the reason is required and kept with it\n',
    );
  });

  it('refuses to cancel an order without --reason, exits 2 and changes nothing; with one, cancels it and mails the shopper', async () => {
    const milo = await signUp('Milo');
    const placed = await placeSolo(milo.token, order());
    const id = placed.body.orderId as string;
    const number = id.slice(-8).toUpperCase();
    const email = (await (await getStore()).orders.get(id))!.address.email;
    const cli = (...args: string[]) =>
      runShopAsync({ DATA_DIR: env.dir, SMTP_URL: smtp.url }, 'orders', 'status', ...args);
    const bare = await cli(id, 'Cancelled');
    expect(bare.status).toBe(2);
    expect(bare.err.split('\n')[0]).toBe('Cancelling an order needs a reason: --reason "…"');
    expect((await (await getStore()).orders.get(id))?.status).toBe('Order Placed');
    const done = await cli(id, 'Cancelled', '--reason', 'Customer asked by phone');
    expect(done.out).toBe(
      `Order #${number} is now Cancelled (reason: Customer asked by phone). The shopper is mailed at ${email}.`,
    );
    expect(done.status).toBe(0);
    expect(await (await getStore()).orders.get(id)).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Customer asked by phone',
    });
    expect(mailsTo(email).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toContain(
      `Your Bastaa order #${number} has been cancelled`,
    );
  });
});

/** Calls the order handler as the platform would, collecting what it hands to waitUntil (the mail). */
async function placeWithMail(
  token: string,
  body: unknown,
  ip: string,
  pending: Promise<unknown>[],
) {
  const req = apiRequest('/api/order/COD', { body, headers: { token } });
  const res = await account(req, { ip, waitUntil: (p) => pending.push(p) });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, any>,
  };
}
const ordersOf = async (token: string) =>
  (await call(account, '/api/order/userorders', { token })).body.orders as unknown[];
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
let solo = 0;
/** An order from its own client address (and, unless the test names one, its own mailbox), clear of the throttle counts of the tests above. */
function placeSolo(token: string, body: ReturnType<typeof order>) {
  solo++;
  const to = body.address.email === address.email ? `solo${solo}@example.com` : body.address.email;
  return call(account, '/api/order/COD', {
    token,
    body: { ...body, address: { ...body.address, email: to } },
    ip: `192.0.2.${100 + solo}`,
  });
}

describe('the shipping country decides currency, fee and payment', () => {
  it('refuses a PKR, COD order to a US address with a clear message and stores nothing', async () => {
    const carol = await signUp('Carol');
    const answer = await placeSolo(
      carol.token,
      order({ currency: 'PKR', paymentMethod: 'COD', address: usAddress }),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: {
        success: false,
        message:
          'Orders to United States are charged in USD. Please refresh the checkout and try again.',
      },
    });
    const cod = await placeSolo(
      carol.token,
      order({ currency: 'USD', paymentMethod: 'COD', address: usAddress }),
    );
    expect(cod).toMatchObject({
      status: 400,
      body: {
        success: false,
        message: 'Cash on Delivery is available only for addresses in Pakistan.',
      },
    });
    expect(await ordersOf(carol.token)).toEqual([]);
  });

  it('charges a US address in USD, with the US fee and bank transfer, when the client names neither', async () => {
    const carol = await signUp('Carol');
    const answer = await placeSolo(
      carol.token,
      order({ currency: undefined, paymentMethod: undefined, address: usAddress }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({
      currency: 'USD',
      deliveryFee: 25,
      paymentMethod: 'Bank Transfer',
      address: { country: 'United States' },
    });
  });

  it('refuses a Pakistani address charged in another currency, and a country the checkout does not list', async () => {
    const carol = await signUp('Carol');
    const usd = await placeSolo(
      carol.token,
      order({ currency: 'USD', paymentMethod: 'Bank Transfer' }),
    );
    expect(usd).toMatchObject({
      status: 400,
      body: {
        message:
          'Orders to Pakistan are charged in PKR. Please refresh the checkout and try again.',
      },
    });
    const atlantis = await placeSolo(
      carol.token,
      order({ currency: undefined, address: { ...address, country: 'Atlantis' } }),
    );
    expect(atlantis).toMatchObject({
      status: 400,
      body: {
        message: 'We do not ship to this country. Please choose your country from the list.',
      },
    });
    expect(await ordersOf(carol.token)).toEqual([]);
  });
});

describe('amounts exact to the smallest unit of the currency', () => {
  it('charges ₨1,350 to Kuwait as KWD 1.485, not KWD 1, and stores and mails the exact figures', async () => {
    const dave = await signUp('Dave');
    const kuwait = {
      ...address,
      firstName: 'Dave',
      email: 'dave.kw@example.com',
      country: 'Kuwait',
      state: 'Al Asimah',
      city: 'Kuwait City',
      zip: '15000',
    };
    const answer = await placeSolo(
      dave.token,
      order({
        items: [{ productId: 'kuwait-clutch', selectedColor: 'Black', quantity: 1 }],
        currency: 'KWD',
        paymentMethod: 'Bank Transfer',
        address: kuwait,
      }),
    );
    expect(answer.status).toBe(201);
    // KWD has no listed fee: 40 USD = 40 / 0.0036 PKR × 0.0011 = KWD 12.222.
    expect(answer.body.order).toMatchObject({
      currency: 'KWD',
      amount: 1.485,
      deliveryFee: 12.222,
      total: 13.707,
    });
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored).toMatchObject({ amount: 1.485, deliveryFee: 12.222, total: 13.707 });
    await settleBackground();
    expect(mailsTo('dave.kw@example.com')).toHaveLength(1);
    const text = mailText(mailsTo('dave.kw@example.com')[0]!.raw);
    expect(text).toContain(
      'Items: KWD 1.485\nDelivery: KWD 12.222\nTotal: KWD 13.707\nPayment: Bank Transfer',
    ); // The mail promises docs/product.md §9's dispatch window, the figure the FAQ states (src/lib/policy.ts).
    expect(text).toContain('will dispatch it within 24-48 hours.');
  });

  it('charges cents in USD and whole yen in JPY', async () => {
    const dave = await signUp('Dave');
    const item = [{ productId: 'kuwait-clutch', selectedColor: 'Black', quantity: 1 }];
    const usd = await placeSolo(
      dave.token,
      order({ items: item, currency: 'USD', paymentMethod: 'Bank Transfer', address: usAddress }),
    );
    expect(usd.body.order).toMatchObject({ amount: 4.86, deliveryFee: 25, total: 29.86 });
    const japan = { ...address, country: 'Japan', state: 'Tokyo', city: 'Tokyo', zip: '100-0001' };
    const jpy = await placeSolo(
      dave.token,
      order({ items: item, currency: 'JPY', paymentMethod: 'Bank Transfer', address: japan }),
    );
    expect(jpy.body.order).toMatchObject({ amount: 729, deliveryFee: 3500, total: 4229 });
  });

  it('converts each line on its own and adds them: €13.37 + €4.46 is €17.83 in the answer, the store and the mail', async () => {
    const erika = await signUp('Erika');
    const germany = {
      ...address,
      firstName: 'Erika',
      email: 'erika.de@example.com',
      country: 'Germany',
      state: 'Berlin',
      city: 'Berlin',
      zip: '10115',
    };
    // ₨4,050 × 0.0033 = €13.365 → €13.37 and ₨1,350 × 0.0033 = €4.455 → €4.46; the rupee sum
    // ₨5,400 would convert to €17.82, a cent short of the lines the shopper saw.
    const answer = await placeSolo(
      erika.token,
      order({
        items: [
          { productId: 'city-tote', selectedColor: 'Black', quantity: 1 },
          { productId: 'kuwait-clutch', selectedColor: 'Black', quantity: 1 },
        ],
        currency: 'EUR',
        paymentMethod: 'Bank Transfer',
        address: germany,
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ amount: 17.83, deliveryFee: 20, total: 37.83 });
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored).toMatchObject({ amountPkr: 5400, amount: 17.83, total: 37.83 });
    await settleBackground();
    expect(mailsTo('erika.de@example.com')).toHaveLength(1);
    const text = mailText(mailsTo('erika.de@example.com')[0]!.raw);
    expect(text).toContain(
      '- Test Commuter Backpack (Black), 1 × €13.37: €13.37\n- Evening Clutch (Black), 1 × €4.46: €4.46',
    );
    expect(text).toContain(
      'Items: €17.83\nDelivery: €20.00\nTotal: €37.83\nPayment: Bank Transfer',
    );
  });
});

describe('a reseller in Dubai buying one bag in two colours', () => {
  const dubai = {
    ...address,
    firstName: 'Omar',
    lastName: 'Haddad',
    email: 'omar@reseller.ae',
    country: 'United Arab Emirates',
    state: 'Dubai',
    city: 'Dubai',
    zip: '',
  };
  const twoColours = [
    { productId: 'reseller-bag', selectedColor: 'Black', quantity: 30 },
    { productId: 'reseller-bag', selectedColor: 'Navy', quantity: 30 },
  ];

  it('is charged the wholesale price on both lines, each line 30 × AED 72.43 = AED 2,172.90, and the ledger owes that total', async () => {
    const omar = await signUp('Omar');
    const answer = await placeSolo(
      omar.token,
      order({ items: twoColours, currency: 'AED', paymentMethod: 'Bank Transfer', address: dubai }),
    );
    expect(answer.status).toBe(201);
    // ₨5,487 × 0.0132 = AED 72.4284 → AED 72.43 a unit; 30 of them are AED 2,172.90 (the rupee
    // line ₨164,610 converted whole would be AED 2,172.85).
    expect(answer.body.order).toMatchObject({
      currency: 'AED',
      amount: 4345.8,
      deliveryFee: 35,
      total: 4380.8,
    });
    expect(
      answer.body.order.items.map((i: { unitPrice: number; quantity: number }) => [
        i.unitPrice,
        i.quantity,
      ]),
    ).toEqual([
      [5487, 30],
      [5487, 30],
    ]);
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored).toMatchObject({ amountPkr: 329_220, amount: 4345.8, total: 4380.8 });
    expect(ledgerSums(stored!)).toMatchObject({ totalMinor: 438_080, dueMinor: 438_080 });
    expect(orderLineAmounts(stored!)).toEqual([2172.9, 2172.9]);
    await settleBackground();
    const text = mailText(mailsTo('omar@reseller.ae').at(-1)!.raw);
    expect(text).toContain(
      '- Reseller Laptop Bag (Black), 30 × AED 72.43: AED 2,172.90\n- Reseller Laptop Bag (Navy), 30 × AED 72.43: AED 2,172.90',
    );
    expect(text).toContain('Items: AED 4,345.80\nDelivery: AED 35.00\nTotal: AED 4,380.80');
  });

  it('is charged the server’s prices whatever prices and amounts the body carries', async () => {
    const mallory = await signUp('Mallory');
    const forged = twoColours.map((item) => ({
      ...item,
      price: 1,
      unitPrice: 1,
      wholesalePrice: 1,
      lineTotal: 1,
    }));
    const answer = await placeSolo(
      mallory.token,
      order({
        items: forged,
        amount: 1,
        total: 1,
        deliveryFee: 0,
        currency: 'AED',
        paymentMethod: 'Bank Transfer',
        address: { ...dubai, firstName: 'Mallory', email: 'mallory@reseller.ae' },
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ amount: 4345.8, deliveryFee: 35, total: 4380.8 });
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored?.items.map((i) => [i.unitPrice, i.wholesalePrice, i.lineTotal])).toEqual([
      [5487, 5487, 164_610],
      [5487, 5487, 164_610],
    ]);
  });
});

describe('the address as its country writes it', () => {
  it('refuses a UK order without a postcode in the UK’s words, and an address anywhere without its region', async () => {
    const uk = await signUp('Ursula');
    const london = {
      ...address,
      country: 'United Kingdom',
      state: 'England',
      city: 'London',
      zip: '',
    };
    const noPostcode = await placeSolo(
      uk.token,
      order({ currency: 'GBP', paymentMethod: 'Bank Transfer', address: london }),
    );
    expect([noPostcode.status, noPostcode.body.message]).toEqual([400, 'Postcode is required']);
    const noNation = await placeSolo(
      uk.token,
      order({
        currency: 'GBP',
        paymentMethod: 'Bank Transfer',
        address: { ...london, zip: 'SW1A 1AA', state: '' },
      }),
    );
    expect([noNation.status, noNation.body.message]).toEqual([400, 'Nation is required']);
    const noZip = await placeSolo(uk.token, order({ address: { ...address, zip: '' } }));
    expect([noZip.status, noZip.body.message]).toEqual([400, 'Zip code is required']);
  });
});

describe('order throttles', () => {
  it('places 10 of a burst of 30 orders from one shopper, sends 10 mails and answers the rest 429 with Retry-After', async () => {
    const erin = await signUp('Erin');
    const pending: Promise<unknown>[] = [];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeWithMail(
          erin.token,
          order({ address: { ...address, email: `burst${i}@example.com` } }),
          '192.0.2.10',
          pending,
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.body).toEqual({
      success: false,
      message:
        'You have placed several orders in the last few minutes. Please wait a few minutes before placing another.',
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    await Promise.all(pending);
    expect(
      smtp.mails.filter((m) => m.to.some((to) => /^burst\d+@example\.com$/.test(to))),
    ).toHaveLength(10);
    expect(await ordersOf(erin.token)).toHaveLength(10);
  });

  it('sends one mailbox at most 10 confirmations, whichever shoppers order', async () => {
    const [a, b] = [await signUp('Mallory'), await signUp('Trudy')];
    const body = order({ address: { ...address, email: 'victim@example.com' } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await call(account, '/api/order/COD', {
            token: (i % 2 ? a : b).token,
            body,
            ip: `192.0.2.${20 + i}`,
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });

  it('takes at most 30 orders from one client address in 10 minutes', async () => {
    const shoppers = [
      await signUp('Shared 1'),
      await signUp('Shared 2'),
      await signUp('Shared 3'),
      await signUp('Shared 4'),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const body = order({ address: { ...address, email: `shared${i}@example.com` } });
      statuses.push(
        (
          await call(account, '/api/order/COD', {
            token: shoppers[i % 4]!.token,
            body,
            ip: '192.0.2.99',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(30).fill(201), 429]);
  });
});

describe('names and addresses in orders and mails', () => {
  it('keeps a first name with CRLF and a URL on the greeting line of the mail, with the link broken', async () => {
    const frank = await signUp('Frank');
    const hostile = {
      ...address,
      email: 'ayesha.crlf@example.com',
      firstName: 'Ayesha\r\n\r\nURGENT: verify your card at http://evil.example',
      address1: '12 Canal View\r\nSECOND LINE',
    };
    const answer = await placeSolo(frank.token, order({ address: hostile }));
    expect(answer.status).toBe(201);
    expect(answer.body.order.address).toMatchObject({
      firstName: 'Ayesha URGENT: verify your card at http://evil.example',
      address1: '12 Canal View SECOND LINE',
    });
    await settleBackground();
    expect(mailsTo('ayesha.crlf@example.com')).toHaveLength(1);
    const lines = mailText(mailsTo('ayesha.crlf@example.com')[0]!.raw).split('\n');
    expect(lines.filter((l) => l.includes('URGENT'))).toEqual([
      'Dear Ayesha URGENT: verify your card at http[:]//evil.example,',
    ]);
    expect(lines.join('\n')).not.toContain('http://evil.example');
  });
});

describe('stale exchange rates', () => {
  const DAY = 24 * 60 * 60 * 1000;
  afterEach(async () => {
    rates.state.mode = 'ok';
    await (await getStore()).rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() });
  });

  it('refuses a USD order priced at a cached rate 30 days old while the service is down', async () => {
    const gina = await signUp('Gina');
    await (await getStore()).rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() - 30 * DAY });
    rates.state.mode = 'fail';
    const answer = await placeSolo(
      gina.token,
      order({ currency: 'USD', paymentMethod: 'Bank Transfer', address: usAddress }),
    );
    expect(answer).toMatchObject({
      status: 503,
      body: { success: false, message: ORDER_ANSWERS.noRate('USD') },
    });
    expect(await ordersOf(gina.token)).toEqual([]);
  });

  it('prices at a rate under a day old while the service is down, asking it once a minute, not once per order', async () => {
    const gina = await signUp('Gina');
    await (
      await getStore()
    ).rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() - 7 * 60 * 60 * 1000 });
    rates.state.mode = 'hang';
    rates.state.hits = 0;
    const body = order({ currency: 'USD', paymentMethod: 'Bank Transfer', address: usAddress });
    expect((await placeSolo(gina.token, body)).status).toBe(201); // waits out the 3 s timeout once
    const started = Date.now();
    expect((await placeSolo(gina.token, body)).status).toBe(201);
    // Not the 3 s timeout waited out again, however loaded the machine (and the service not asked).
    expect(Date.now() - started).toBeLessThan(3000);
    expect(rates.state.hits).toBe(1);
  });
});

describe('absurd exchange rates', () => {
  const trunk = [{ productId: 'trunk-case', selectedColor: 'Black', imageIndex: 0, quantity: 1 }];
  const abroad = {
    JPY: { ...address, country: 'Japan', state: 'Tokyo', city: 'Tokyo', zip: '100-0001' },
    GBP: {
      ...address,
      country: 'United Kingdom',
      state: 'England',
      city: 'London',
      zip: 'SW1A 1AA',
    },
  };
  afterEach(async () => {
    vi.restoreAllMocks();
    await (await getStore()).rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() });
  });

  for (const [currency, rate] of [
    ['JPY', 1e306],
    ['GBP', 1e-300],
  ] as const) {
    it(`refuses a ₨480,000 order in ${currency} at a rate of ${rate}, which would price it at 0, and stores nothing`, async () => {
      const ivy = await signUp('Ivy');
      vi.spyOn(console, 'error').mockImplementation(() => {});
      // Known as the only rates there are (no last good one to compare with).
      await (
        await getStore()
      ).rates.put({ rates: { ...SAMPLE_RATES, [currency]: rate }, fetchedAt: Date.now() });
      const answer = await placeSolo(
        ivy.token,
        order({
          items: trunk,
          currency,
          paymentMethod: 'Bank Transfer',
          address: abroad[currency],
        }),
      );
      expect(answer).toMatchObject({
        status: 503,
        body: {
          success: false,
          message: `Orders in ${currency} are paused while we check the exchange rate. Please try again later or ship to Pakistan (PKR).`,
        },
      });
      expect(await ordersOf(ivy.token)).toEqual([]);
    });
  }

  it('pauses orders in a currency whose fetched rate is more than ×10 off, and prices them again once a sane rate comes', async () => {
    const jan = await signUp('Jan');
    const store = await getStore();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() - 7 * 60 * 60 * 1000 });
    rates.state.rates = { ...SAMPLE_RATES, JPY: 1e306 };
    const body = order({
      items: trunk,
      currency: 'JPY',
      paymentMethod: 'Bank Transfer',
      address: abroad.JPY,
    });
    try {
      expect(await placeSolo(jan.token, body)).toMatchObject({
        status: 503,
        body: {
          message:
            'Orders in JPY are paused while we check the exchange rate. Please try again later or ship to Pakistan (PKR).',
        },
      });
      expect((await store.rates.get())?.rates.JPY).toBe(SAMPLE_RATES.JPY);
      rates.state.rates = { ...SAMPLE_RATES, JPY: 0.55 };
      await store.rates.put({
        ...(await store.rates.get())!,
        fetchedAt: Date.now() - 7 * 60 * 60 * 1000,
      });
      const placed = await placeSolo(jan.token, body);
      expect(placed.status).toBe(201);
      // ₨480,000 × 0.55 = ¥264,000, plus the JPY delivery base of ¥3,500.
      expect(placed.body.order).toMatchObject({ amount: 264000, deliveryFee: 3500, total: 267500 });
    } finally {
      rates.state.rates = { ...SAMPLE_RATES };
    }
  });
});

describe('line caps', () => {
  const line = (quantity: number, imageIndex: number | string = 0) => ({
    productId: 'city-tote',
    selectedColor: 'Black',
    imageIndex,
    quantity,
  });

  it('refuses 100 duplicate lines of 100 instead of accepting 10,000 units', async () => {
    const hank = await signUp('Hank');
    const hundred = await placeSolo(
      hank.token,
      order({ items: Array.from({ length: 100 }, () => line(100)) }),
    );
    expect(hundred).toMatchObject({
      status: 400,
      body: {
        message:
          'An order can hold at most 50 different items. Please remove some from your cart and try again.',
      },
    });
    const fifty = await placeSolo(
      hank.token,
      order({ items: Array.from({ length: 50 }, () => line(100)) }),
    );
    expect(fifty).toMatchObject({
      status: 400,
      body: { message: ORDER_ANSWERS.lineTooLarge('Test Commuter Backpack', 'Black') },
    });
    expect(await ordersOf(hank.token)).toEqual([]);
  });

  it('merges duplicate lines (the same picture however it is named) into one, priced at the merged quantity', async () => {
    const hank = await signUp('Hank');
    const answer = await placeSolo(
      hank.token,
      order({ items: [line(30), line(20, '00'), line(10, '0')] }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.order.items).toHaveLength(1);
    expect(answer.body.order.items[0]).toMatchObject({
      quantity: 60,
      unitPrice: 3800,
      lineTotal: 228000,
    });
    expect(answer.body.order.amount).toBe(228000);
  });

  it('refuses a picture the colour does not have, as the cart does, and stores nothing', async () => {
    const ida = await signUp('Ida');
    const answer = await placeSolo(ida.token, order({ items: [line(1, 5)] }));
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: ORDER_ANSWERS.unknownImage },
    });
    expect(await ordersOf(ida.token)).toEqual([]);
  });
});
