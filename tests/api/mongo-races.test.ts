// The API's race-prone calls, through the real handlers, on the Mongo adapter over the driver's
// TEST DOUBLE with 15 ms per operation, about what a networked database adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { hashOtp } from '../../src/server/accounts/auth/otp.ts';
import { signingKey } from '../../src/server/secret.ts';
import { loadConfig } from '../../src/server/config.ts';
import { closeStore, getStore, provideStore } from '../../src/server/store/index.ts';
import { ADDRESS } from '../../scripts/api-endpoints.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { mongoDouble } from '../fixtures/mongo-double.ts';
import { makeProduct } from '../fixtures/products.ts';
import { desk, enrol, seedOrder } from '../fixtures/desk.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { tempMongoDoubleStore } from '../fixtures/store.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let mongo: Awaited<ReturnType<typeof tempMongoDoubleStore>>;
let shopper: { token: string; email: string };

beforeAll(async () => {
  env = await useTempDataDir(); // DATA_DIR for the local signing key; the store is replaced below
  await closeStore();
  mongo = await tempMongoDoubleStore();
  provideStore(mongo.store);
  await stockShelves([makeProduct({ _id: 'race-tote', colors: ['Black'] })]);
  shopper = await signUp();
  mongoDouble.setLatency(15);
});
afterAll(async () => {
  mongoDouble.setLatency(0);
  await mongo.cleanup();
  await env.cleanup();
});

describe('on MongoDB with 15 ms per operation', () => {
  it('uses the Mongo adapter', async () => {
    expect((await getStore()).kind).toBe('mongo');
  });

  it('refuses the right reset code sent after 60 parallel wrong guesses', async () => {
    const email = shopper.email;
    const key = signingKey(loadConfig());
    await (
      await getStore()
    ).otps.put({
      email,
      codeHash: hashOtp(email, '424242', key),
      expiresAt: Date.now() + 600_000,
      attempts: 0,
    });
    const guesses = Array.from({ length: 60 }, (_, i) => String(100000 + i));
    const answers = await Promise.all(
      [...guesses, '424242'].map((otp, i) =>
        call(account, '/api/user/verify-otp-reset-password', {
          body: { email, otp, newPassword: 'taken over 12345' },
          ip: `192.0.2.${i % 200}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    const login = await call(account, '/api/user/login', {
      body: { email, password: 'taken over 12345' },
    });
    expect(login.status).toBe(401);
  });

  it('keeps a line at 100 when 25 adds of 9 race', async () => {
    const line = { itemId: 'race-tote', selectedColor: 'Black', imageIndex: 0, quantity: 9 };
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(account, '/api/cart/add', { token: shopper.token, body: line }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    const cart = await call(account, '/api/cart/get', { token: shopper.token });
    expect(cart.body.cartData['race-tote'].Black['0']).toBe(100);
  });

  it('places one order for 8 parallel submits with one Idempotency-Key', async () => {
    const body = {
      items: [{ productId: 'race-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: ADDRESS,
      currency: 'PKR',
      paymentMethod: 'COD',
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(account, '/api/order/COD', {
          token: shopper.token,
          body,
          headers: { 'Idempotency-Key': 'race-order-0001' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === 'true'),
    ).toHaveLength(7);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    const orders = await call(account, '/api/order/userorders', { token: shopper.token });
    expect(orders.body.orders).toHaveLength(1);
  });

  it('takes one phone order, for one new customer account, for 8 parallel Saves with one Idempotency-Key', async () => {
    const owner = await enrol('owner', 'Race Owner');
    const body = {
      channel: 'phone',
      items: [{ productId: 'race-tote', selectedColor: 'Black', quantity: 1 }],
      address: { ...ADDRESS, email: 'race.caller@example.com' },
      paymentMethod: 'COD',
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(desk, '/api/desk/orders/new', {
          token: owner.token,
          body,
          headers: { 'Idempotency-Key': 'race-phone-order-0001' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    const store = await getStore();
    const customer = (await store.users.findByEmail('race.caller@example.com'))!;
    expect(await store.orders.listByUser(customer.id)).toHaveLength(1);
  });

  it("keeps an order consistent when its shopper's address change races the desk's Move to Packing", async () => {
    const owner = await enrol('owner', 'Race Packer');
    const store = await getStore();
    const user = (await store.users.findByEmail(shopper.email))!;
    for (let round = 0; round < 6; round++) {
      const order = await seedOrder({ userId: user.id });
      const karachi = lahoreAddress({
        address1: '44 Sea View Road',
        city: 'Karachi',
        state: 'Sindh',
      });
      const [changed, moved] = await Promise.all([
        call(account, '/api/order/address', {
          token: shopper.token,
          body: { orderId: order.id, address: karachi },
        }),
        call(desk, '/api/desk/orders/move', {
          token: owner.token,
          body: { order: order.id, from: 'Order Placed', to: 'Packing' },
        }),
      ]);
      // The move always stands; the change stands only if it was written before the move.
      expect(moved.status).toBe(200);
      const now = (await store.orders.get(order.id))!;
      expect(now.status).toBe('Packing');
      if (changed.status === 200) {
        expect(now.address).toEqual(karachi);
        expect(now.history?.map((e) => e.change ?? e.to)).toEqual(['address', 'Packing']);
      } else {
        expect({ status: changed.status, message: changed.body.message }).toEqual({
          status: 409,
          message:
            'This order is Packing, so its delivery address can no longer be changed. Please contact customer care.',
        });
        expect(now.address).toEqual(order.address);
        expect(now.history?.map((e) => e.to)).toEqual(['Packing']);
      }
    }
  });
});
