import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ANSWERS, ACCOUNT_MESSAGES, CART_ANSWERS } from '../../src/lib/messages.ts';
import account from '../../netlify/functions/account.mts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let shopper: { token: string; email: string };
beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([
    makeProduct({ _id: 'city-tote', colors: ['Black', 'Tan'] }),
    makeProduct({ _id: 'sold-out-sleeve', category: 'sleeves', stock: false }),
    // 26 products × 2 colours × 2 pictures: more distinct lines than a cart may hold.
    ...Array.from({ length: 26 }, (_, i) =>
      makeProduct({ _id: `line-bag-${i}`, colors: ['Black', 'Navy'] }),
    ),
  ]);
  shopper = await signUp();
});
afterAll(async () => env.cleanup());

const line = { itemId: 'city-tote', selectedColor: 'Tan', imageIndex: 1, quantity: 2 };
const cartOf = async (token: string) =>
  (await call(account, '/api/cart/get', { token })).body.cartData;

describe('POST /api/cart/add', () => {
  it('adds the quantity to the nested map keyed by id, colour and image index as text', async () => {
    const answer = await call(account, '/api/cart/add', { token: shopper.token, body: line });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: CART_ANSWERS.added });
    await call(account, '/api/cart/add', {
      token: shopper.token,
      body: { ...line, quantity: 3 },
    });
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Tan: { '1': 5 } } });
  });

  it('caps a line at 100', async () => {
    await call(account, '/api/cart/add', {
      token: shopper.token,
      body: { ...line, quantity: 99 },
    });
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Tan: { '1': 100 } } });
  });

  it('keeps exactly 20 after 20 concurrent adds of 1', async () => {
    const racer = await signUp();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        call(account, '/api/cart/add', { token: racer.token, body: { ...line, quantity: 1 } }),
      ),
    );
    expect(await cartOf(racer.token)).toEqual({ 'city-tote': { Tan: { '1': 20 } } });
  });

  it('refuses an unknown product, a colour it does not have and an image index it does not have', async () => {
    const before = await cartOf(shopper.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...line, itemId: 'no-such-bag' }, 404, CART_ANSWERS.unknownProduct],
      [{ ...line, selectedColor: 'Purple' }, 400, CART_ANSWERS.unknownColour],
      [{ ...line, imageIndex: 7 }, 400, CART_ANSWERS.unknownImage],
      [
        { itemId: 'sold-out-sleeve', selectedColor: 'Black', imageIndex: 0, quantity: 1 },
        409,
        CART_ANSWERS.outOfStock,
      ],
    ];
    for (const [body, status, message] of cases) {
      expect(await call(account, '/api/cart/add', { token: shopper.token, body })).toMatchObject({
        status,
        body: { success: false, message },
      });
    }
    expect(await cartOf(shopper.token)).toEqual(before);
  });

  it('answers 400 to bad bodies and changes nothing', async () => {
    const before = await cartOf(shopper.token);
    for (const body of [
      { ...line, quantity: 0 },
      { ...line, quantity: 101 },
      { ...line, quantity: 1.5 },
      { ...line, itemId: { $ne: null } },
      { ...line, selectedColor: ['Tan'] },
      {},
    ]) {
      const answer = await call(account, '/api/cart/add', { token: shopper.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await cartOf(shopper.token)).toEqual(before);
  });

  it('requires a signed-in shopper', async () => {
    expect(await call(account, '/api/cart/add', { body: line })).toMatchObject({
      status: 401,
      body: { success: false, message: ACCOUNT_ANSWERS.signInRequired },
    });
    expect(
      await call(account, '/api/cart/add', { body: line, token: 'not-a-token' }),
    ).toMatchObject({ status: 401, body: { message: ACCOUNT_MESSAGES.sessionExpired } });
  });

  it('accepts the token as an Authorization bearer too', async () => {
    const answer = await call(account, '/api/cart/get', {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(answer.status).toBe(200);
  });
});

describe('POST /api/cart/update', () => {
  it('sets the quantity of a line', async () => {
    const answer = await call(account, '/api/cart/update', {
      token: shopper.token,
      body: { ...line, quantity: 7 },
    });
    expect(answer.body).toMatchObject({
      success: true,
      message: CART_ANSWERS.updated,
      cartData: { 'city-tote': { Tan: { '1': 7 } } },
    });
  });

  it('refuses 0, 101 and a line that is not in the cart', async () => {
    expect(
      (
        await call(account, '/api/cart/update', {
          token: shopper.token,
          body: { ...line, quantity: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(account, '/api/cart/update', {
          token: shopper.token,
          body: { ...line, quantity: 101 },
        })
      ).status,
    ).toBe(400);
    const absent = await call(account, '/api/cart/update', {
      token: shopper.token,
      body: { ...line, selectedColor: 'Black', quantity: 3 },
    });
    expect(absent).toMatchObject({ status: 404, body: { message: CART_ANSWERS.notInCart } });
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Tan: { '1': 7 } } });
  });
});

describe('POST /api/cart/remove', () => {
  it('removes the line and its empty parents', async () => {
    const answer = await call(account, '/api/cart/remove', {
      token: shopper.token,
      body: { itemId: 'city-tote', selectedColor: 'Tan', imageIndex: 1 },
    });
    expect(answer.body).toEqual({ success: true, message: CART_ANSWERS.removed, cartData: {} });
    expect(await cartOf(shopper.token)).toEqual({});
  });
});

describe('POST /api/cart/merge', () => {
  it('stores the merged cart in one write and drops lines the catalogue no longer has', async () => {
    const cartData = { 'city-tote': { Black: { '0': 2 } }, 'gone-bag': { Red: { '0': 1 } } };
    const answer = await call(account, '/api/cart/merge', {
      token: shopper.token,
      body: { cartData },
    });
    expect(answer.body).toMatchObject({
      success: true,
      cartData: { 'city-tote': { Black: { '0': 2 } } },
    });
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Black: { '0': 2 } } });
  });

  it('drops out-of-stock lines, which cart/add refuses, as it drops unknown ones', async () => {
    const merger = await signUp();
    const cartData = {
      'city-tote': { Black: { '0': 1 } },
      'sold-out-sleeve': { Black: { '0': 3 } },
    };
    const answer = await call(account, '/api/cart/merge', {
      token: merger.token,
      body: { cartData },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, cartData: { 'city-tote': { Black: { '0': 1 } } } },
    });
    expect(await cartOf(merger.token)).toEqual({ 'city-tote': { Black: { '0': 1 } } });
  });

  it('refuses a malformed map and keeps the stored cart', async () => {
    const answer = await call(account, '/api/cart/merge', {
      token: shopper.token,
      body: { cartData: { 'city-tote': { Black: { '0': 'lots' } } } },
    });
    expect(answer.status).toBe(400);
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Black: { '0': 2 } } });
  });
});

/** The i-th distinct cart line (product, colour, picture) of the line-bag products. */
const nthLine = (i: number) => ({
  itemId: `line-bag-${Math.floor(i / 4)}`,
  selectedColor: i % 4 < 2 ? 'Black' : 'Navy',
  imageIndex: i % 2,
  quantity: 1,
});

describe('the cart line cap (50 lines, in add, merge and order alike)', () => {
  it('refuses the 51st line in cart/add with a clear message, so a cart never grows to 250 lines', async () => {
    const filler = await signUp();
    for (let i = 0; i < 50; i++)
      expect(
        (await call(account, '/api/cart/add', { token: filler.token, body: nthLine(i) })).status,
      ).toBe(200);
    const before = await cartOf(filler.token);
    const answer = await call(account, '/api/cart/add', {
      token: filler.token,
      body: nthLine(50),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        success: false,
        message:
          'Your cart can hold at most 50 different items. Please remove one before adding another.',
      },
    });
    expect(await cartOf(filler.token)).toEqual(before);
    // A line already in the full cart still takes more, and login can store the full cart again.
    expect(
      (
        await call(account, '/api/cart/add', {
          token: filler.token,
          body: { ...nthLine(0), quantity: 4 },
        })
      ).status,
    ).toBe(200);
    const merged = await call(account, '/api/cart/merge', {
      token: filler.token,
      body: { cartData: await cartOf(filler.token) },
    });
    expect(merged.status).toBe(200);
  });

  it('keeps the cap under 60 concurrent adds of new lines', async () => {
    const racer = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(account, '/api/cart/add', { token: racer.token, body: nthLine(i) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(10);
    const cart = await cartOf(racer.token);
    expect(
      Object.values(cart).flatMap((colours) =>
        Object.values(colours as Record<string, object>).flatMap((images) => Object.keys(images)),
      ),
    ).toHaveLength(50);
  });

  it('refuses a merged cart of 51 lines and keeps the stored one', async () => {
    const merger = await signUp();
    await call(account, '/api/cart/add', { token: merger.token, body: nthLine(0) });
    const cartData: Record<string, Record<string, Record<string, number>>> = {};
    for (let i = 0; i < 51; i++) {
      const l = nthLine(i);
      ((cartData[l.itemId] ??= {})[l.selectedColor] ??= {})[String(l.imageIndex)] = 1;
    }
    const answer = await call(account, '/api/cart/merge', {
      token: merger.token,
      body: { cartData },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        message:
          'Your cart can hold at most 50 different items. Please remove one before adding another.',
      },
    });
    expect(await cartOf(merger.token)).toEqual({ 'line-bag-0': { Black: { '0': 1 } } });
  });
});

describe('cart owners', () => {
  it('keeps each shopper to their own cart', async () => {
    const other = await signUp();
    await call(account, '/api/cart/add', { token: other.token, body: { ...line, quantity: 1 } });
    expect(await cartOf(shopper.token)).toEqual({ 'city-tote': { Black: { '0': 2 } } });
    expect(await cartOf(other.token)).toEqual({ 'city-tote': { Tan: { '1': 1 } } });
  });
});
