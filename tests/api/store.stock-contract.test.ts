// The store contract of live stock, run on every adapter: SQLite, the Mongo adapter over
// the driver's TEST DOUBLE, and a real MongoDB server wherever MONGODB_URI is set. Per-colour stock
// with the `stock` flag of docs/product.md §3 derived from it, archive and restore, delete only what was never
// ordered, and the order's stock check inside its own transaction, races included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderItem } from '../../src/lib/contract/responses.ts';
import type { Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const AT = '2030-03-01T10:00:00.000Z';

function item(productId: string, selectedColor: string, quantity = 1): OrderItem {
  return {
    productId,
    productName: 'Test Commuter Backpack',
    selectedColor,
    imageIndex: '0',
    image: `/images/products/${productId}-1.svg`,
    price: 4500,
    discountPercent: 0,
    wholesalePrice: null,
    unitPrice: 4500,
    quantity,
    lineTotal: 4500 * quantity,
  };
}

const orderOf = (...items: OrderItem[]) => orderRecord({ userId: randomUUID(), items });

function stockContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`live stock store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    describe('per-colour stock', () => {
      it('marks one colour sold out, keeps the product in stock, and answers before and after', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'pc-one' })]);
        const change = await store.products.setColourStock('pc-one', 'Black', false);
        expect(change).toMatchObject({
          kind: 'changed',
          before: { soldOut: [], archivedAt: null, product: { stock: true } },
          after: { soldOut: ['Black'], archivedAt: null, product: { stock: true } },
        });
        expect((await store.products.get('pc-one'))?.stock).toBe(true);
        expect(await store.products.states(['pc-one'])).toEqual([
          {
            product: makeProduct({ _id: 'pc-one' }),
            soldOut: ['Black'],
            archivedAt: null,
            draftSince: expect.any(String),
            editedBy: null,
          },
        ]);
      });

      it('turns the stock flag false when the last colour sells out, and true again when one is back', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'pc-two' })]);
        await store.products.setColourStock('pc-two', 'Black', false);
        await store.products.setColourStock('pc-two', 'Navy', false);
        expect((await store.products.get('pc-two'))?.stock).toBe(false);
        expect((await store.products.list()).find((p) => p._id === 'pc-two')?.stock).toBe(false);
        await store.products.setColourStock('pc-two', 'Navy', true);
        expect((await store.products.get('pc-two'))?.stock).toBe(true);
        expect((await store.products.states(['pc-two']))[0]?.soldOut).toEqual(['Black']);
      });

      it('answers unchanged for a colour already in that state, and writes nothing', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'pc-three' })]);
        const change = await store.products.setColourStock('pc-three', 'Navy', true);
        expect(change).toEqual({
          kind: 'unchanged',
          state: {
            product: makeProduct({ _id: 'pc-three' }),
            soldOut: [],
            archivedAt: null,
            draftSince: expect.any(String),
            editedBy: null,
          },
        });
      });

      it('refuses a colour the product does not have, matching the catalogue spelling exactly, and an unknown product', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'pc-four' })]);
        expect((await store.products.setColourStock('pc-four', 'Purple', false)).kind).toBe(
          'unknownColour',
        );
        expect((await store.products.setColourStock('pc-four', 'black', false)).kind).toBe(
          'unknownColour',
        );
        expect(await store.products.setColourStock('no-such-bag', 'Black', false)).toEqual({
          kind: 'missing',
        });
        expect((await store.products.states(['pc-four']))[0]?.soldOut).toEqual([]);
      });

      it('keeps both of two colour changes made at the same moment', async () => {
        await store.products.upsertMany([
          makeProduct({ _id: 'pc-race', colors: ['Black', 'Navy', 'Tan'] }),
        ]);
        await Promise.all([
          store.products.setColourStock('pc-race', 'Black', false),
          store.products.setColourStock('pc-race', 'Tan', false),
        ]);
        const [state] = await store.products.states(['pc-race']);
        expect([...state!.soldOut].sort()).toEqual(['Black', 'Tan']);
        expect(state!.product.stock).toBe(true);
      });
    });

    describe('import', () => {
      it('marks every colour sold out for an imported stock false', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'im-one', stock: false })]);
        expect((await store.products.states(['im-one']))[0]).toMatchObject({
          soldOut: ['Black', 'Navy'],
          product: { stock: false },
        });
      });

      it('keeps the sold-out colours still listed when the sheet says in stock again', async () => {
        await store.products.upsertMany([
          makeProduct({ _id: 'im-two', colors: ['Black', 'Navy', 'Tan'] }),
        ]);
        await store.products.setColourStock('im-two', 'Black', false);
        await store.products.setColourStock('im-two', 'Tan', false);
        await store.products.upsertMany([
          makeProduct({ _id: 'im-two', colors: ['Black', 'Navy'], price: 5100 }),
        ]);
        expect((await store.products.states(['im-two']))[0]).toMatchObject({
          soldOut: ['Black'],
          product: { stock: true, price: 5100 },
        });
      });

      it('puts every colour back in stock when the sheet says in stock for a product sold out in all', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'im-three', stock: false })]);
        await store.products.upsertMany([makeProduct({ _id: 'im-three', stock: true })]);
        expect((await store.products.states(['im-three']))[0]).toMatchObject({
          soldOut: [],
          product: { stock: true },
        });
      });

      it('leaves an archived product archived', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'im-four' })]);
        await store.products.archive('im-four', AT);
        await store.products.upsertMany([makeProduct({ _id: 'im-four', price: 3900 })]);
        expect((await store.products.states(['im-four']))[0]).toMatchObject({
          archivedAt: AT,
          product: { price: 3900 },
        });
        expect(await store.products.get('im-four')).toBeNull();
      });
    });

    describe('archive and restore', () => {
      it('hides an archived product from list, get and getMany, and keeps counting it', async () => {
        await store.products.upsertMany([
          makeProduct({ _id: 'ar-one' }),
          makeProduct({ _id: 'ar-two' }),
        ]);
        const count = await store.products.count();
        const change = await store.products.archive('ar-one', AT);
        expect(change).toMatchObject({
          kind: 'changed',
          before: { archivedAt: null },
          after: { archivedAt: AT },
        });
        expect((await store.products.list()).map((p) => p._id)).not.toContain('ar-one');
        expect(await store.products.get('ar-one')).toBeNull();
        expect([...(await store.products.getMany(['ar-one', 'ar-two'])).keys()]).toEqual([
          'ar-two',
        ]);
        expect(await store.products.count()).toBe(count);
        expect((await store.products.states()).map((s) => s.product._id)).toContain('ar-one');
      });

      it('restores an archived product to its place in the catalogue', async () => {
        await store.products.upsertMany([
          makeProduct({ _id: 'ar-three' }),
          makeProduct({ _id: 'ar-four' }),
        ]);
        const order = (await store.products.list()).map((p) => p._id);
        await store.products.archive('ar-three', AT);
        const change = await store.products.restore('ar-three');
        expect(change).toMatchObject({ kind: 'changed', after: { archivedAt: null } });
        expect((await store.products.list()).map((p) => p._id)).toEqual(order);
      });

      it('names the member who archived or restored a product as its last editor, only by id and e-mail', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'ar-by' })]);
        const member = { id: 'staff-7', email: 'hina@bastaa.pk', name: 'Hina', role: 'staff' };
        const archived = await store.products.archive('ar-by', AT, member);
        expect(archived).toMatchObject({
          kind: 'changed',
          after: { editedBy: { id: 'staff-7', email: 'hina@bastaa.pk' } },
        });
        const state = async () =>
          (await store.products.states()).find((s) => s.product._id === 'ar-by')!;
        expect((await state()).editedBy).toEqual({ id: 'staff-7', email: 'hina@bastaa.pk' });
        await store.products.restore('ar-by', { id: 'owner-1', email: 'owner@bastaa.pk' });
        expect((await state()).editedBy).toEqual({ id: 'owner-1', email: 'owner@bastaa.pk' });
        // The CLI (no member) archives it: no desk member is named.
        await store.products.archive('ar-by', AT, null);
        expect((await state()).editedBy).toBeNull();
      });

      it('answers unchanged for archiving an archived product or restoring a live one, and missing for an unknown id', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'ar-five' })]);
        expect((await store.products.restore('ar-five')).kind).toBe('unchanged');
        await store.products.archive('ar-five', AT);
        const again = await store.products.archive('ar-five', '2031-01-01T00:00:00.000Z');
        expect(again).toMatchObject({ kind: 'unchanged', state: { archivedAt: AT } });
        expect(await store.products.archive('no-such-bag', AT)).toEqual({ kind: 'missing' });
        expect(await store.products.restore('no-such-bag')).toEqual({ kind: 'missing' });
      });

      it('archives once of two archives racing', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'ar-race' })]);
        const results = await Promise.all([
          store.products.archive('ar-race', AT),
          store.products.archive('ar-race', AT),
        ]);
        expect(results.map((r) => r.kind).sort()).toEqual(['changed', 'unchanged']);
      });
    });

    describe('delete', () => {
      it('deletes a product never ordered, live or archived', async () => {
        await store.products.upsertMany([
          makeProduct({ _id: 'de-one' }),
          makeProduct({ _id: 'de-two' }),
        ]);
        await store.products.archive('de-two', AT);
        expect(await store.products.remove('de-one')).toMatchObject({
          kind: 'deleted',
          before: { product: { _id: 'de-one' } },
        });
        expect((await store.products.remove('de-two')).kind).toBe('deleted');
        expect(await store.products.states(['de-one', 'de-two'])).toEqual([]);
        expect(await store.products.remove('de-one')).toEqual({ kind: 'missing' });
      });

      it('refuses to delete a product an order holds, counting those orders', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'de-three' })]);
        await store.orders.create(orderOf(item('de-three', 'Black')));
        await store.orders.create(orderOf(item('other-bag', 'Black'), item('de-three', 'Navy')));
        expect(await store.products.remove('de-three')).toEqual({ kind: 'ordered', orders: 2 });
        expect(await store.products.get('de-three')).not.toBeNull();
      });

      it('lets exactly one of a delete and an order racing for a product win', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'de-race' })]);
        const order = orderOf(item('de-race', 'Black'));
        const [removal, created] = await Promise.all([
          store.products.remove('de-race'),
          store.orders.create(order, { requireStock: true }),
        ]);
        if (created.kind === 'created') {
          expect(removal).toEqual({ kind: 'ordered', orders: 1 });
          expect(await store.products.get('de-race')).not.toBeNull();
        } else {
          expect(removal.kind).toBe('deleted');
          expect(created).toEqual({
            kind: 'unavailable',
            line: { productId: 'de-race', color: 'Black', reason: 'gone' },
          });
          expect(await store.orders.get(order.id)).toBeNull();
        }
      });
    });

    describe('orders with requireStock', () => {
      it('stores an order of in-stock colours', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'or-one' })]);
        const order = orderOf(item('or-one', 'Black', 2), item('or-one', 'Navy'));
        expect(await store.orders.create(order, { requireStock: true })).toEqual({
          kind: 'created',
          order,
        });
      });

      it('refuses a sold-out colour, naming it, and stores nothing, not even the cart change', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'or-two' })]);
        await store.products.setColourStock('or-two', 'Navy', false);
        const order = orderOf(item('or-two', 'Black'), item('or-two', 'Navy'));
        await store.carts.set(order.userId, { 'or-two': { Black: { '0': 1 } } });
        expect(await store.orders.create(order, { requireStock: true })).toEqual({
          kind: 'unavailable',
          line: { productId: 'or-two', color: 'Navy', reason: 'soldOut' },
        });
        expect(await store.orders.get(order.id)).toBeNull();
        expect(await store.carts.get(order.userId)).toEqual({ 'or-two': { Black: { '0': 1 } } });
      });

      it('refuses an archived, unknown or colour-less product as gone', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'or-three' })]);
        await store.products.archive('or-three', AT);
        const cases = [item('or-three', 'Black'), item('no-such-bag', 'Black')];
        for (const line of cases) {
          expect(await store.orders.create(orderOf(line), { requireStock: true })).toEqual({
            kind: 'unavailable',
            line: { productId: line.productId, color: 'Black', reason: 'gone' },
          });
        }
        await store.products.upsertMany([makeProduct({ _id: 'or-four' })]);
        expect(
          await store.orders.create(orderOf(item('or-four', 'Purple')), { requireStock: true }),
        ).toMatchObject({ kind: 'unavailable', line: { reason: 'gone' } });
      });

      it('answers a replayed key with its order even once the colour sold out', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'or-five' })]);
        const order = orderRecord({
          items: [item('or-five', 'Black')],
          idempotencyKey: randomUUID(),
          requestHash: 'h1',
        });
        await store.orders.create(order, { requireStock: true });
        await store.products.setColourStock('or-five', 'Black', false);
        expect(await store.orders.create(order, { requireStock: true })).toEqual({
          kind: 'replayed',
          order,
        });
      });

      it('stores no order placed after the colour sold out, however the two interleave', async () => {
        await store.products.upsertMany([makeProduct({ _id: 'or-race' })]);
        const order = orderOf(item('or-race', 'Black'));
        const [created, change] = await Promise.all([
          store.orders.create(order, { requireStock: true }),
          store.products.setColourStock('or-race', 'Black', false),
        ]);
        expect(change.kind).toBe('changed');
        // Either the order was stored before the colour sold out, or it was refused.
        if (created.kind !== 'created')
          expect(created).toMatchObject({ kind: 'unavailable', line: { reason: 'soldOut' } });
        expect(await store.orders.get(order.id)).toEqual(created.kind === 'created' ? order : null);
        const late = orderOf(item('or-race', 'Black'));
        expect((await store.orders.create(late, { requireStock: true })).kind).toBe('unavailable');
      });

      it('does not check stock without requireStock (store-level writes such as restores)', async () => {
        const order = orderOf(item('not-in-this-store', 'Black'));
        expect((await store.orders.create(order)).kind).toBe('created');
      });
    });
  });
}

stockContract('sqlite', async () => tempSqliteStore());
stockContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  stockContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_stock_contract'));
}
