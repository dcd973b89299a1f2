import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import addHandler from '../../netlify/functions/cart-add.mts';
import getHandler from '../../netlify/functions/cart-get.mts';
import codHandler from '../../netlify/functions/order-cod.mts';
import userOrdersHandler from '../../netlify/functions/order-userorders.mts';
import cancelHandler from '../../netlify/functions/order-cancel.mts';
import { ORDER_API_MESSAGES, moveOrderStatus } from '../../src/server/services/orders.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

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
    makeProduct({ _id: 'plain-sleeve', category: 'sleeves', price: 1200, discountPercent: 0, wholesalePrice: null }),
    makeProduct({ _id: 'sold-out-bag', stock: false }),
  ]);
  alice = await signUp('Alice');
  bob = await signUp('Bob');
});
afterAll(async () => {
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});

const address = {
  firstName: 'Alice',
  lastName: 'Raza',
  email: 'alice.raza@example.com',
  address1: '12 Canal View',
  country: 'Pakistan',
  city: 'Lahore',
  state: 'Punjab',
  zip: '54000',
  mobile: '+92 300 1234567',
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

describe('POST /api/order/COD', () => {
  it('prices the order from the catalogue, ignoring the client amounts, and clears the cart', async () => {
    await call(addHandler, '/api/cart/add', { token: alice.token, body: { itemId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 } });
    const answer = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ status: 'Delivered', paid: true }) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: ORDER_API_MESSAGES.placed });
    expect(answer.body.order).toMatchObject({
      status: 'Order Placed',
      payment: false,
      paymentMethod: 'COD',
      currency: 'PKR',
      amount: 8100,
      deliveryFee: 250,
      total: 8350,
    });
    expect(answer.body.order.items[0]).toMatchObject({ productId: 'city-tote', price: 4500, discountPercent: 10, unitPrice: 4050, quantity: 2 });
    expect((await call(getHandler, '/api/cart/get', { token: alice.token })).body.cartData).toEqual({});
    const stored = await (await getStore()).orders.get(answer.body.orderId);
    expect(stored?.userId).not.toBe('someone-else');
  });

  it('uses the wholesale price from 50 units per line', async () => {
    const answer = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ items: [{ productId: 'city-tote', selectedColor: 'Navy', quantity: 50 }] }) });
    expect(answer.body.order).toMatchObject({ amount: 190000, total: 190250 });
  });

  it('converts with the rate from /api/rates and charges the currency’s own delivery base', async () => {
    const answer = await call(codHandler, '/api/order/COD', {
      token: alice.token,
      body: order({ currency: 'USD', paymentMethod: 'Bank Transfer', address: { ...address, country: 'United States', state: 'California' } }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ currency: 'USD', amount: 29, deliveryFee: 25, total: 54, paymentMethod: 'Bank Transfer' });
  });

  it('refuses COD and wallets for a currency other than PKR', async () => {
    for (const paymentMethod of ['COD', 'JazzCash', 'EasyPaisa']) {
      const answer = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ currency: 'GBP', paymentMethod }) });
      expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Please select a payment method' } });
    }
  });

  it('refuses a currency it cannot price instead of charging at rate 1', async () => {
    const answer = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ currency: 'CHF', paymentMethod: 'Bank Transfer' }) });
    expect(answer).toMatchObject({ status: 503, body: { success: false, message: ORDER_API_MESSAGES.noRate('CHF') } });
  });

  it('refuses an out-of-stock product and an unknown one', async () => {
    const soldOut = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ items: [{ productId: 'sold-out-bag', selectedColor: 'Black', quantity: 1 }] }) });
    expect(soldOut).toMatchObject({ status: 409, body: { message: ORDER_API_MESSAGES.outOfStock('Test Commuter Backpack') } });
    const unknown = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ items: [{ productId: 'nope-bag', selectedColor: 'Black', quantity: 1 }] }) });
    expect(unknown).toMatchObject({ status: 400, body: { message: ORDER_API_MESSAGES.unknownProduct } });
  });

  it('validates the address with the checkout messages', async () => {
    const noCity = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ address: { ...address, city: '' } }) });
    expect(noCity).toMatchObject({ status: 400, body: { success: false, message: 'City is required' } });
    const badMobile = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ address: { ...address, mobile: '12ab' } }) });
    expect(badMobile.body.message).toBe('Invalid mobile number');
    const noItems = await call(codHandler, '/api/order/COD', { token: alice.token, body: order({ items: [] }) });
    expect(noItems.status).toBe(400);
  });

  it('places one order for a repeated Idempotency-Key and answers 422 when the body differs', async () => {
    const headers = { 'Idempotency-Key': 'checkout-7f3a9c21' };
    const first = await call(codHandler, '/api/order/COD', { token: bob.token, headers, body: order() });
    const second = await call(codHandler, '/api/order/COD', { token: bob.token, headers, body: order() });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
    const different = await call(codHandler, '/api/order/COD', { token: bob.token, headers, body: order({ items: [{ productId: 'plain-sleeve', selectedColor: 'Black', quantity: 1 }] }) });
    expect(different).toMatchObject({ status: 422, body: { success: false, message: ORDER_API_MESSAGES.keyReused } });
    expect((await call(userOrdersHandler, '/api/order/userorders', { token: bob.token })).body.orders).toHaveLength(1);
  });

  it('e-mails a confirmation over SMTP', async () => {
    await call(codHandler, '/api/order/COD', { token: alice.token, body: order() });
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(address.email)), { timeout: 5000 }).toBe(true);
  });

  it('still places the order when the mail server is down', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      const answer = await call(codHandler, '/api/order/COD', { token: alice.token, body: order() });
      expect(answer.status).toBe(201);
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
  });

  it('requires a signed-in shopper', async () => {
    expect((await call(codHandler, '/api/order/COD', { body: order() })).status).toBe(401);
  });
});

describe('POST /api/order/userorders', () => {
  it('lists only the caller’s orders, newest first, with the spec fields', async () => {
    const { orders } = (await call(userOrdersHandler, '/api/order/userorders', { token: alice.token })).body;
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const dates = orders.map((o: { date: number }) => o.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const key of ['items', 'status', '_id', 'payment', 'paymentMethod', 'date', 'amount', 'currency', 'deliveryFee']) {
      expect(orders[0]).toHaveProperty(key);
    }
    const bobs = (await call(userOrdersHandler, '/api/order/userorders', { token: bob.token })).body.orders;
    expect(bobs.map((o: { _id: string }) => o._id)).not.toContain(orders[0]._id);
  });
});

describe('POST /api/order/cancel', () => {
  const latest = async (token: string) => (await call(userOrdersHandler, '/api/order/userorders', { token })).body.orders[0];

  it('needs a reason from the list', async () => {
    const { _id } = await latest(alice.token);
    for (const reason of [undefined, '', 'Because']) {
      const answer = await call(cancelHandler, '/api/order/cancel', { token: alice.token, body: { orderId: _id, reason } });
      expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Please select a cancellation reason.' } });
    }
  });

  it('never lets another shopper cancel an order', async () => {
    const { _id } = await latest(alice.token);
    const answer = await call(cancelHandler, '/api/order/cancel', { token: bob.token, body: { orderId: _id, reason: 'Other' } });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Order not found.' } });
    expect((await latest(alice.token)).status).toBe('Order Placed');
  });

  it('cancels from Order Placed once, and refuses a second time', async () => {
    const { _id } = await latest(alice.token);
    const answer = await call(cancelHandler, '/api/order/cancel', { token: alice.token, body: { orderId: _id, reason: 'Ordered by mistake' } });
    expect(answer.body).toMatchObject({ success: true, message: 'Order cancelled successfully', order: { status: 'Cancelled', cancelReason: 'Ordered by mistake' } });
    const again = await call(cancelHandler, '/api/order/cancel', { token: alice.token, body: { orderId: _id, reason: 'Other' } });
    expect(again).toMatchObject({ status: 409, body: { message: ORDER_API_MESSAGES.notCancellable } });
  });

  it('cancels from Packing but not once out for delivery', async () => {
    const placed = await call(codHandler, '/api/order/COD', { token: bob.token, body: order() });
    const store = await getStore();
    await moveOrderStatus(store, placed.body.orderId, 'Packing');
    const packing = await call(codHandler, '/api/order/COD', { token: bob.token, body: order() });
    await moveOrderStatus(store, packing.body.orderId, 'Packing');
    await moveOrderStatus(store, packing.body.orderId, 'Out for Delivery');
    expect((await call(cancelHandler, '/api/order/cancel', { token: bob.token, body: { orderId: placed.body.orderId, reason: 'Other' } })).status).toBe(200);
    expect((await call(cancelHandler, '/api/order/cancel', { token: bob.token, body: { orderId: packing.body.orderId, reason: 'Other' } })).status).toBe(409);
  });

  it('lets exactly one of two concurrent cancels win', async () => {
    const placed = await call(codHandler, '/api/order/COD', { token: bob.token, body: order() });
    const answers = await Promise.all(
      [0, 1].map(() => call(cancelHandler, '/api/order/cancel', { token: bob.token, body: { orderId: placed.body.orderId, reason: 'Other' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('moveOrderStatus', () => {
  it('refuses moves the status machine does not allow', async () => {
    const placed = await call(codHandler, '/api/order/COD', { token: bob.token, body: order() });
    await expect(moveOrderStatus(await getStore(), placed.body.orderId, 'Delivered')).rejects.toThrow(ORDER_API_MESSAGES.badStatus('Order Placed', 'Delivered'));
  });
});
