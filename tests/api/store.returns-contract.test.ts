// The store contract of returns and exchanges (orders.saveReturn), run on every adapter: SQLite,
// the Mongo adapter over the driver's query-evaluating in-memory double, and a real MongoDB server
// wherever MONGODB_URI is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent, ReturnRecord, Store } from '../../src/server/store/port.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const by = { id: 'staff-1', email: 'staff@bastaa.pk' };
const delivered = (userId = 'buyer') =>
  orderRecord({
    userId,
    status: 'Delivered',
    history: [{ at: '2031-01-01T00:00:00.000Z', from: 'Out for Delivery', to: 'Delivered', by }],
  });

function request(overrides: Partial<ReturnRecord> = {}): ReturnRecord {
  return {
    kind: 'return',
    state: 'requested',
    version: 1,
    lines: [
      { line: 0, productId: 'p1', productName: 'City Tote', selectedColor: 'Black', quantity: 1 },
    ],
    reason: 'Too small',
    requestedAt: '2031-01-02T00:00:00.000Z',
    updatedAt: '2031-01-02T00:00:00.000Z',
    ...overrides,
  };
}

const step = (returnStep: ReturnRecord['state'], who: OrderEvent['by'] = null): OrderEvent => ({
  at: new Date().toISOString(),
  from: 'Delivered',
  to: 'Delivered',
  by: who,
  returnStep,
});

function returnsContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`returns store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    it('stores the first request and its event in one write, and reads them back', async () => {
      const o = delivered();
      await store.orders.create(o);
      const saved = await store.orders.saveReturn(o.id, 0, request(), {
        userId: 'buyer',
        event: step('requested'),
      });
      expect(saved?.returnRequest).toEqual(request());
      expect(saved?.history?.map((e) => e.returnStep)).toEqual([undefined, 'requested']);
      const read = await store.orders.get(o.id);
      expect(read?.returnRequest).toEqual(request());
      expect(read?.status).toBe('Delivered');
      expect(read?.history).toHaveLength(2);
    });

    it('writes a step only over the version its writer saw', async () => {
      const o = delivered();
      await store.orders.create(o);
      await store.orders.saveReturn(o.id, 0, request(), { event: step('requested') });
      const approved = request({ state: 'approved', version: 2 });
      expect(
        await store.orders.saveReturn(o.id, 0, approved, { event: step('approved', by) }),
      ).toBe(null);
      expect(
        await store.orders.saveReturn(o.id, 2, approved, { event: step('approved', by) }),
      ).toBe(null);
      expect(
        (await store.orders.saveReturn(o.id, 1, approved, { event: step('approved', by) }))
          ?.returnRequest?.state,
      ).toBe('approved');
      const read = await store.orders.get(o.id);
      expect(read?.returnRequest).toEqual(approved);
      expect(read?.history?.map((e) => e.returnStep)).toEqual([undefined, 'requested', 'approved']);
    });

    it("refuses another shopper's order, an order not delivered and an unknown id, changing nothing", async () => {
      const mine = delivered('buyer');
      const packing = orderRecord({ userId: 'buyer', status: 'Packing' });
      await store.orders.create(mine);
      await store.orders.create(packing);
      expect(
        await store.orders.saveReturn(mine.id, 0, request(), {
          userId: 'someone-else',
          event: step('requested'),
        }),
      ).toBe(null);
      expect(
        await store.orders.saveReturn(packing.id, 0, request(), { event: step('requested') }),
      ).toBe(null);
      expect(
        await store.orders.saveReturn('no-such-order', 0, request(), { event: step('requested') }),
      ).toBe(null);
      expect(await store.orders.get(mine.id)).toEqual(mine);
      expect(await store.orders.get(packing.id)).toEqual(packing);
    });

    it('keeps exactly one of 8 racing first requests, with one event', async () => {
      const o = delivered();
      await store.orders.create(o);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          store.orders.saveReturn(o.id, 0, request({ reason: `reason ${n}` }), {
            event: step('requested'),
          }),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const read = await store.orders.get(o.id);
      expect(read?.returnRequest?.reason).toBe(winners[0]?.returnRequest?.reason);
      expect(read?.history).toHaveLength(2);
    });

    it('lets one of two staff racing on one step win', async () => {
      const o = delivered();
      await store.orders.create(o);
      await store.orders.saveReturn(o.id, 0, request(), { event: step('requested') });
      const results = await Promise.all([
        store.orders.saveReturn(o.id, 1, request({ state: 'approved', version: 2 }), {
          event: step('approved', by),
        }),
        store.orders.saveReturn(
          o.id,
          1,
          request({ state: 'refused', version: 2, refusalReason: 'Used' }),
          { event: step('refused', { id: 'staff-2', email: 'other@bastaa.pk' }) },
        ),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect((await store.orders.get(o.id))?.history).toHaveLength(3);
    });
  });
}

returnsContract('sqlite', async () => tempSqliteStore());
returnsContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  returnsContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_returns_contract'));
}
