// Live stock through the routers with real Requests: the cacheable stock call, the desk's
// colour stock, archive, restore and delete calls with their authorisation matrix and audit
// entries, and the shop's cart and checkout refusing a sold-out colour (named) or an archived
// product at once, without a rebuild. Hostile input and races are kept as tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import {
  CART_ANSWERS,
  ORDER_ANSWERS,
  SERVER_MESSAGES,
  STOCK_ANSWERS,
} from '../../src/lib/messages.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getCatalogue } from '../../src/server/catalogue/build-catalogue.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let shopper: { token: string; email: string };
let other: { token: string; email: string };

const TOTE = 'sahiwal-tote';
const tote = makeProduct({
  _id: TOTE,
  productName: 'Sahiwal Leather Tote',
  category: 'handbags',
  colors: ['Black', 'Tan', 'Maroon'],
});

beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([
    tote,
    makeProduct({ _id: 'metro-sleeve', productName: 'Metro Sleeve', category: 'sleeves' }),
    makeProduct({ _id: 'old-satchel', productName: 'Old Satchel' }),
    makeProduct({ _id: 'spare-bag', productName: 'Spare Bag' }),
    makeProduct({ _id: 'race-bag', productName: 'Race Bag' }),
    makeProduct({ _id: 'gone-bag', productName: 'Gone Bag' }),
  ]);
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  shopper = await signUp('Ayesha');
  other = await signUp('Bilal');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  await env.cleanup();
});

const stockOf = (ids: string) => call(shop, `/api/stock?ids=${ids}`, { method: 'GET' });
const setStock = (token: string | undefined, body: object) =>
  deskCall('products/stock', { token, body });
const lastAudit = async (target: string) =>
  (await (await getStore()).audit.list({ target, limit: 1 }))[0];
const orderBody = (productId: string, selectedColor: string, email = 'sana.malik@example.com') => ({
  items: [{ productId, selectedColor, imageIndex: 0, quantity: 1 }],
  address: lahoreAddress({ email }),
  currency: 'PKR',
  paymentMethod: 'COD',
});
let ip = 0;
const placeOrder = (token: string, body: object) =>
  call(account, '/api/order/COD', { token, body, ip: `198.18.0.${++ip}` });

describe('GET /api/stock', () => {
  it('answers each asked product colour by colour, to anyone, with at most 60 s of caching', async () => {
    const answer = await stockOf(`${TOTE},metro-sleeve`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      products: [
        {
          _id: TOTE,
          colours: [
            { color: 'Black', inStock: true },
            { color: 'Tan', inStock: true },
            { color: 'Maroon', inStock: true },
          ],
        },
        {
          _id: 'metro-sleeve',
          colours: [
            { color: 'Black', inStock: true },
            { color: 'Navy', inStock: true },
          ],
        },
      ],
    });
    const browser = Number(/max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
    const cdn = Number(
      /s-maxage=(\d+)/.exec(answer.headers.get('netlify-cdn-cache-control') ?? '')?.[1],
    );
    expect(answer.headers.get('cache-control')).toMatch(/^public, /);
    expect(browser + cdn).toBeLessThanOrEqual(60);
    expect(answer.headers.get('cache-control')).not.toMatch(/stale/);
    expect(answer.headers.get('netlify-cdn-cache-control')).not.toMatch(/stale/);
  });

  it('leaves out unknown ids and answers repeated ids once', async () => {
    const answer = await stockOf(`no-such-bag,${TOTE},${TOTE}`);
    expect(answer.body.products.map((p: { _id: string }) => p._id)).toEqual([TOTE]);
  });

  it('refuses no ids, more than 50, and an id that is not a catalogue id, with a clear message', async () => {
    const cases: [string, string][] = [
      ['/api/stock', 'Ask for at least one product: ?ids=<id>,<id>'],
      ['/api/stock?ids=,,', 'Ask for at least one product: ?ids=<id>,<id>'],
      [
        `/api/stock?ids=${Array.from({ length: 51 }, (_, i) => `bag-${i}`).join(',')}`,
        'Ask for at most 50 products at a time',
      ],
      [
        '/api/stock?ids=city-tote,%24where',
        '"$where" is not a product id (3-64 lowercase letters, digits or hyphens)',
      ],
      [
        `/api/stock?ids=${'x'.repeat(5000)}`,
        `"${'x'.repeat(70)}" is not a product id (3-64 lowercase letters, digits or hyphens)`,
      ],
    ];
    for (const [path, message] of cases) {
      expect(await call(shop, path, { method: 'GET' })).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it('refuses a POST', async () => {
    const answer = await call(shop, '/api/stock?ids=city-tote', { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.body.message).toBe(SERVER_MESSAGES.methodNotAllowed('GET'));
  });
});

describe('the desk marks a colour out of stock', { timeout: 60_000 }, () => {
  it('makes the colour sold out at once for the stock call, the cart and the checkout, naming it', async () => {
    const answer = await setStock(staff.token, { productId: TOTE, color: 'black', inStock: false });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Sahiwal Leather Tote in Black is now out of stock.',
        product: {
          _id: TOTE,
          stock: true,
          archived: false,
          colours: [
            { color: 'Black', inStock: false },
            { color: 'Tan', inStock: true },
            { color: 'Maroon', inStock: true },
          ],
        },
      },
    });
    expect((await stockOf(TOTE)).body.products[0].colours[0]).toEqual({
      color: 'Black',
      inStock: false,
    });

    const line = { itemId: TOTE, selectedColor: 'Black', imageIndex: 0, quantity: 1 };
    expect(
      await call(account, '/api/cart/add', { token: shopper.token, body: line }),
    ).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: 'Sahiwal Leather Tote in Black is out of stock. Please choose another colour.',
      },
    });
    expect(
      await call(account, '/api/cart/add', {
        token: shopper.token,
        body: { ...line, selectedColor: 'Tan' },
      }),
    ).toMatchObject({ status: 200, body: { cartData: { [TOTE]: { Tan: { '0': 1 } } } } });

    const refused = await placeOrder(shopper.token, orderBody(TOTE, 'Black'));
    expect(refused).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: 'Sahiwal Leather Tote in Black is out of stock. Please remove it and try again.',
      },
    });
    expect(refused.body.message).toBe(ORDER_ANSWERS.outOfStock('Sahiwal Leather Tote', 'Black'));
    const all = await (await getStore()).orders.list();
    expect(all.some((o) => o.items.some((i) => i.productId === TOTE))).toBe(false);
    const placed = await placeOrder(shopper.token, orderBody(TOTE, 'Tan'));
    expect(placed.status).toBe(201);
  });

  it('drops a sold-out colour from a guest cart merged at sign-in, keeping the others', async () => {
    const merged = await call(account, '/api/cart/merge', {
      token: other.token,
      body: { cartData: { [TOTE]: { black: { '0': 2 }, Tan: { '1': 1 } } } },
    });
    expect(merged).toMatchObject({
      status: 200,
      body: { cartData: { [TOTE]: { Tan: { '1': 1 } } } },
    });
    expect(Object.keys(merged.body.cartData[TOTE])).toEqual(['Tan']);
  });

  it('writes the audit log: who, what, before and after', async () => {
    const entry = await lastAudit(`product:${TOTE}`);
    expect(entry).toMatchObject({
      actor: { id: staff.id, email: staff.email },
      action: 'product.stock',
      before: { colours: [{ color: 'Black', inStock: true }, {}, {}], stock: true },
      after: { colours: [{ color: 'Black', inStock: false }, {}, {}], stock: true },
    });
  });

  it('answers an unchanged colour without a second audit entry', async () => {
    const before = await (await getStore()).audit.list({ target: `product:${TOTE}` });
    const answer = await setStock(staff.token, { productId: TOTE, color: 'Black', inStock: false });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: 'Sahiwal Leather Tote in Black is already out of stock.' },
    });
    expect(await (await getStore()).audit.list({ target: `product:${TOTE}` })).toEqual(before);
  });

  it('says the product is out of stock, the wording of docs/product.md, once every colour is', async () => {
    await setStock(staff.token, { productId: 'metro-sleeve', color: 'Black', inStock: false });
    const last = await setStock(owner.token, {
      productId: 'metro-sleeve',
      color: 'Navy',
      inStock: false,
    });
    expect(last.body.product.stock).toBe(false);
    const list = await call(shop, '/api/product/list', { method: 'GET' });
    expect(list.body.products.find((p: { _id: string }) => p._id === 'metro-sleeve')?.stock).toBe(
      false,
    );
    expect(
      await call(account, '/api/cart/add', {
        token: other.token,
        body: { itemId: 'metro-sleeve', selectedColor: 'Navy', imageIndex: 0, quantity: 1 },
      }),
    ).toMatchObject({ status: 409, body: { message: CART_ANSWERS.outOfStock } });
    expect(await placeOrder(other.token, orderBody('metro-sleeve', 'Navy'))).toMatchObject({
      status: 409,
      body: { message: ORDER_ANSWERS.outOfStock('Metro Sleeve') },
    });
    const back = await setStock(staff.token, {
      productId: 'metro-sleeve',
      color: 'Navy',
      inStock: true,
    });
    expect(back.body).toMatchObject({
      message: 'Metro Sleeve in Navy is now in stock.',
      product: { stock: true },
    });
  });

  it('refuses an unknown product or colour with 404, naming the colours it has', async () => {
    expect(
      await setStock(staff.token, { productId: 'no-such-bag', color: 'Black', inStock: false }),
    ).toMatchObject({ status: 404, body: { message: STOCK_ANSWERS.productNotFound } });
    expect(
      await setStock(staff.token, { productId: TOTE, color: 'Purple', inStock: false }),
    ).toMatchObject({
      status: 404,
      body: {
        message: 'Sahiwal Leather Tote has no colour "Purple". Its colours are Black, Tan, Maroon.',
      },
    });
  });

  it('refuses malformed and oversized bodies and changes nothing', async () => {
    const before = await stockOf(TOTE);
    const cases: [object | string, number][] = [
      [{ productId: TOTE, color: 'Tan', inStock: 'no' }, 400],
      [{ productId: TOTE, color: 'Tan' }, 400],
      [{ productId: { $ne: '' }, color: 'Tan', inStock: false }, 400],
      [{ productId: TOTE, color: ['Tan'], inStock: false }, 400],
      [{ productId: TOTE, color: 'T'.repeat(41), inStock: false }, 400],
      [{ productId: 'x'.repeat(65), color: 'Tan', inStock: false }, 400],
      ['{"productId":', 400],
      [
        JSON.stringify({ productId: TOTE, color: 'Tan', inStock: false, pad: 'x'.repeat(110_000) }),
        413,
      ],
    ];
    for (const [body, status] of cases) {
      const answer =
        typeof body === 'string'
          ? await call(
              (await import('../../netlify/functions/desk.mts')).default,
              '/api/desk/products/stock',
              { token: staff.token, rawBody: body },
            )
          : await setStock(staff.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(answer.body.success).toBe(false);
    }
    expect(
      (await setStock(staff.token, { productId: TOTE, color: 'Tan', inStock: 'no' })).body.message,
    ).toBe('inStock must be true or false');
    expect(await stockOf(TOTE)).toMatchObject({ body: before.body });
  });
});

describe('authorisation of the desk product calls', { timeout: 60_000 }, () => {
  const calls: [string, object][] = [
    ['products/stock', { productId: 'spare-bag', color: 'Black', inStock: false }],
    ['products/archive', { productId: 'spare-bag' }],
    ['products/restore', { productId: 'spare-bag' }],
    ['products/delete', { productId: 'spare-bag' }],
  ];

  it('answers 401 without a token and 403 to a shopper token, changing nothing', async () => {
    for (const [path, body] of calls) {
      expect(await deskCall(path, { body })).toMatchObject({
        status: 401,
        body: { message: DESK_ANSWERS.signInRequired },
      });
      expect(await deskCall(path, { body, token: shopper.token })).toMatchObject({
        status: 403,
        body: { message: DESK_ANSWERS.shopperToken },
      });
    }
    const [state] = await (await getStore()).products.states(['spare-bag']);
    expect(state).toMatchObject({ soldOut: [], archivedAt: null });
  });

  it('lets staff set stock, archive and restore, and keeps delete for the owner', async () => {
    for (const [path, body] of calls.slice(0, 3)) {
      expect((await deskCall(path, { body, token: staff.token })).status, path).toBe(200);
    }
    expect(
      await deskCall('products/delete', { body: { productId: 'spare-bag' }, token: staff.token }),
    ).toMatchObject({ status: 403, body: { message: DESK_ANSWERS.ownerOnly } });
    expect(await (await getStore()).products.get('spare-bag')).not.toBeNull();
  });
});

describe('archive and restore', { timeout: 60_000 }, () => {
  it('takes an archived product off the list, the stock call, the cart and the checkout at once, keeping old orders', async () => {
    const old = await seedOrder({
      items: [
        {
          productId: 'old-satchel',
          productName: 'Old Satchel',
          selectedColor: 'Black',
          imageIndex: '0',
          image: '/images/products/old-satchel-black-1.svg',
          price: 4500,
          discountPercent: 10,
          wholesalePrice: 3800,
          unitPrice: 4050,
          quantity: 1,
          lineTotal: 4050,
        },
      ],
    });
    const answer = await deskCall('products/archive', {
      body: { productId: 'old-satchel' },
      token: staff.token,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message:
          'Old Satchel is archived: the shop no longer sells it. Its page goes at the next publish.',
        product: { _id: 'old-satchel', archived: true },
      },
    });
    expect(answer.body.product.archivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const list = await call(shop, '/api/product/list', { method: 'GET' });
    expect(list.body.products.map((p: { _id: string }) => p._id)).not.toContain('old-satchel');
    expect((await stockOf('old-satchel')).body.products).toEqual([]);
    expect(
      await call(account, '/api/cart/add', {
        token: other.token,
        body: { itemId: 'old-satchel', selectedColor: 'Black', imageIndex: 0, quantity: 1 },
      }),
    ).toMatchObject({ status: 404, body: { message: CART_ANSWERS.unknownProduct } });
    expect(await placeOrder(other.token, orderBody('old-satchel', 'Black'))).toMatchObject({
      status: 400,
      body: { message: ORDER_ANSWERS.unknownProduct },
    });
    // The next build (publish) drops its page: pages are built from the live catalogue.
    const built = await getCatalogue();
    expect(built.map((p) => p._id)).not.toContain('old-satchel');
    expect(built.map((p) => p._id)).toContain(TOTE);
    const shown = await deskCall('orders/show', { body: { order: old.id }, token: staff.token });
    expect(shown.body.order.lines[0]).toMatchObject({
      productName: 'Old Satchel',
      colour: 'Black',
    });

    expect(await lastAudit('product:old-satchel')).toMatchObject({
      action: 'product.archive',
      actor: { email: staff.email },
      before: { archived: false },
      after: { archived: true },
    });
  });

  it('refuses to archive an archived product, and deleting a product an order holds', async () => {
    expect(
      await deskCall('products/archive', {
        body: { productId: 'old-satchel' },
        token: owner.token,
      }),
    ).toMatchObject({ status: 409, body: { message: 'Old Satchel is already archived.' } });
    expect(
      await deskCall('products/delete', { body: { productId: 'old-satchel' }, token: owner.token }),
    ).toMatchObject({
      status: 409,
      body: {
        message:
          'Old Satchel cannot be deleted: 1 order holds it. Archive it instead to stop selling it.',
      },
    });
  });

  it('puts a restored product back on sale at once', async () => {
    const answer = await deskCall('products/restore', {
      body: { productId: 'old-satchel' },
      token: staff.token,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: 'Old Satchel is back on sale. Its page returns at the next publish.',
        product: { archived: false, archivedAt: null },
      },
    });
    expect((await stockOf('old-satchel')).body.products).toHaveLength(1);
    expect(
      await deskCall('products/restore', {
        body: { productId: 'old-satchel' },
        token: staff.token,
      }),
    ).toMatchObject({ status: 409, body: { message: 'Old Satchel is not archived.' } });
    expect(
      await deskCall('products/archive', {
        body: { productId: 'no-such-bag' },
        token: staff.token,
      }),
    ).toMatchObject({ status: 404, body: { message: STOCK_ANSWERS.productNotFound } });
  });

  it('archives once of two staff archiving at the same moment, with one audit entry', async () => {
    const answers = await Promise.all([
      deskCall('products/archive', { body: { productId: 'race-bag' }, token: staff.token }),
      deskCall('products/archive', { body: { productId: 'race-bag' }, token: owner.token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      await (
        await getStore()
      ).audit.list({ target: 'product:race-bag', action: 'product.archive' }),
    ).toHaveLength(1);
  });
});

describe('delete', { timeout: 60_000 }, () => {
  it('deletes a product never ordered, for the owner, with an audit entry', async () => {
    const answer = await deskCall('products/delete', {
      body: { productId: 'gone-bag' },
      token: owner.token,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: 'Gone Bag has been deleted.', productId: 'gone-bag' },
    });
    expect(await (await getStore()).products.states(['gone-bag'])).toEqual([]);
    expect(await lastAudit('product:gone-bag')).toMatchObject({
      action: 'product.delete',
      actor: { id: owner.id },
      before: { _id: 'gone-bag', productName: 'Gone Bag' },
      after: null,
    });
    expect(
      await deskCall('products/delete', { body: { productId: 'gone-bag' }, token: owner.token }),
    ).toMatchObject({ status: 404, body: { message: STOCK_ANSWERS.productNotFound } });
  });
});

describe('orders racing a sold-out mark', { timeout: 60_000 }, () => {
  it('never stores an order for a colour after it was marked sold out', async () => {
    await stockShelves([makeProduct({ _id: 'last-bag', productName: 'Last Bag' })]);
    const [first, marked] = await Promise.all([
      placeOrder(shopper.token, orderBody('last-bag', 'Black', 'first@example.com')),
      setStock(staff.token, { productId: 'last-bag', color: 'Black', inStock: false }),
    ]);
    expect(marked.status).toBe(200);
    expect([201, 409]).toContain(first.status);
    const after = await placeOrder(
      other.token,
      orderBody('last-bag', 'Black', 'second@example.com'),
    );
    expect(after).toMatchObject({
      status: 409,
      body: { message: 'Last Bag in Black is out of stock. Please remove it and try again.' },
    });
    const orders = (await (await getStore()).orders.list()).filter((o) =>
      o.items.some((i) => i.productId === 'last-bag'),
    );
    expect(orders).toHaveLength(first.status === 201 ? 1 : 0);
  });
});

describe('the desk product list', { timeout: 60_000 }, () => {
  const list = (body: object, token: string | null = staff.token) =>
    deskCall('products/list', { token: token ?? undefined, body });

  it('lists live products in catalogue order with each colour, and counts live and archived', async () => {
    const res = await list({ q: 'sahiwal' });
    expect(res.status).toBe(200);
    const answer = res.body;
    expect(answer.products.map((p: { _id: string }) => p._id)).toEqual([TOTE]);
    expect(answer.products[0].colours.map((c: { color: string }) => c.color)).toEqual([
      'Black',
      'Tan',
      'Maroon',
    ]);
    const all = (await list({ show: 'all' })).body;
    expect(answer.counts.live + answer.counts.archived).toBe(all.products.length);
  });

  it('finds by name, maker or id in any case, and shows archived products only when asked', async () => {
    expect(
      (await deskCall('products/archive', { token: staff.token, body: { productId: 'spare-bag' } }))
        .status,
    ).toBe(200);
    const live = (await list({ q: 'SPARE' })).body;
    expect(live.products).toEqual([]);
    const archived = (await list({ q: 'spare-bag', show: 'archived' })).body;
    expect(
      archived.products.map((p: { _id: string; archived: boolean }) => [p._id, p.archived]),
    ).toEqual([['spare-bag', true]]);
    const byMaker = (await list({ q: tote.maker.toUpperCase(), show: 'all' })).body;
    expect(byMaker.products.length).toBeGreaterThan(0);
    await deskCall('products/restore', { token: staff.token, body: { productId: 'spare-bag' } });
  });

  it('answers 401 without a staff session, 403 to a shopper token, and 400 to a bad filter', async () => {
    expect((await list({}, null)).status).toBe(401);
    expect((await list({}, shopper.token)).status).toBe(403);
    const bad = await list({ show: 'deleted' });
    expect(bad.status).toBe(400);
    const long = await list({ q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Search must be at most 100 characters');
  });
});
