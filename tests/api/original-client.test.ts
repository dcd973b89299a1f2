// The seed site's own React frontend, built unchanged, sends these payloads exactly (read from its
// requests against `npm start`): colours in lower case, `imageIndex` as text on update, `userId:
// null`, and its own `amount` and `deliveryFee`. docs/product.md §3 and §7 make no colour case-sensitive, so
// each call matches colours ignoring case and stores the catalogue's spelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { CART_ANSWERS, ORDER_MESSAGES } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([
    makeProduct({ _id: 'sahiwal-tote', productName: 'Sahiwal Tote', colors: ['Black', 'Tan'] }),
  ]);
});
afterAll(async () => {
  // The order's confirmation mail goes to the dev outbox in DATA_DIR: let it finish first.
  await settleBackground();
  await env.cleanup();
});

const cartOf = async (token: string) =>
  (await call(account, '/api/cart/get', { token })).body.cartData;

describe("the original client's payloads", () => {
  it('adds, updates and removes a lower-case colour on the catalogue-spelled line', async () => {
    const { token } = await signUp();
    const add = await call(account, '/api/cart/add', {
      token,
      body: { itemId: 'sahiwal-tote', selectedColor: 'tan', imageIndex: 0, quantity: 1 },
    });
    expect(add).toMatchObject({
      status: 200,
      body: { success: true, message: CART_ANSWERS.added },
    });
    expect(await cartOf(token)).toEqual({ 'sahiwal-tote': { Tan: { '0': 1 } } });

    const update = await call(account, '/api/cart/update', {
      token,
      body: { itemId: 'sahiwal-tote', selectedColor: 'tan', imageIndex: '0', quantity: 3 },
    });
    expect(update.status).toBe(200);
    expect(await cartOf(token)).toEqual({ 'sahiwal-tote': { Tan: { '0': 3 } } });

    const remove = await call(account, '/api/cart/remove', {
      token,
      body: { itemId: 'sahiwal-tote', selectedColor: 'tan', imageIndex: 0 },
    });
    expect(remove).toMatchObject({
      status: 200,
      body: { success: true, message: CART_ANSWERS.removed, cartData: {} },
    });
    expect(await cartOf(token)).toEqual({});
  });

  it('merges a guest cart spelled in lower case into the same line', async () => {
    const { token } = await signUp();
    await call(account, '/api/cart/add', {
      token,
      body: { itemId: 'sahiwal-tote', selectedColor: 'Tan', imageIndex: 0, quantity: 2 },
    });
    const merged = await call(account, '/api/cart/merge', {
      token,
      body: {
        cartData: { 'sahiwal-tote': { tan: { '0': 1 }, Tan: { '0': 2 }, BLACK: { '1': 1 } } },
      },
    });
    expect(merged.status).toBe(200);
    expect(await cartOf(token)).toEqual({
      'sahiwal-tote': { Tan: { '0': 3 }, Black: { '1': 1 } },
    });
  });

  it('places an order priced by the server, ignoring its userId, amount and deliveryFee', async () => {
    const { token } = await signUp();
    const answer = await call(account, '/api/order/COD', {
      token,
      body: {
        userId: null,
        items: [
          {
            _id: 'sahiwal-tote',
            productName: 'Sahiwal Tote',
            selectedColor: 'tan',
            image: '/images/products/sahiwal-tote-tan-1.svg',
            price: 1,
            discountPercent: 0,
            wholesalePrice: null,
            quantity: 2,
          },
        ],
        amount: 2,
        address: lahoreAddress(),
        currency: 'PKR',
        deliveryFee: 0,
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: ORDER_MESSAGES.placed });
    expect(answer.body.order.items).toEqual([
      expect.objectContaining({ productId: 'sahiwal-tote', selectedColor: 'Tan', quantity: 2 }),
    ]);
    // 4,500 at 10% off is 4,050 a bag; Pakistan's delivery fee is PKR 250.
    expect(answer.body.order).toMatchObject({ amount: 8100, deliveryFee: 250, total: 8350 });
  });
});
