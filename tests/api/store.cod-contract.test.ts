// The store contract of COD confirmations, run on every adapter: SQLite, the Mongo adapter over
// the driver's TEST DOUBLE (mingo in memory), and a real MongoDB server wherever MONGODB_URI is
// set. A confirmation is written only while the order is Order Placed and waiting, so of a confirm,
// a cancel and the deadline racing exactly one wins, and a replay changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CodConfirmation } from '../../src/lib/orders/cod-confirmation.ts';
import type { OrderRecord, Store } from '../../src/server/store/port.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const waiting: CodConfirmation = {
  state: 'waiting',
  since: '2030-03-01T10:00:00.000Z',
  deadline: '2030-03-03T10:00:00.000Z',
  channel: null,
  sentAt: null,
};
const codOrder = (overrides: Partial<OrderRecord> = {}) =>
  orderRecord({ paymentMethod: 'COD', codConfirmation: waiting, ...overrides });
const confirmed: CodConfirmation = {
  ...waiting,
  state: 'confirmed',
  answeredAt: '2030-03-01T11:00:00.000Z',
  answeredBy: 'shopper',
};
const cancelled: CodConfirmation = {
  ...waiting,
  state: 'cancelled',
  answeredAt: '2030-03-03T10:00:00.000Z',
  answeredBy: 'deadline',
};
const note = (to: 'Order Placed' | 'Cancelled', text: string) => ({
  at: '2030-03-01T11:00:00.000Z',
  from: 'Order Placed' as const,
  to,
  by: null,
  note: text,
});

function codContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`COD confirmation store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    it('keeps a new order’s waiting confirmation as it was placed', async () => {
      const order = codOrder();
      await store.orders.create(order);
      expect((await store.orders.get(order.id))?.codConfirmation).toEqual(waiting);
    });

    it('records how the links went while the order waits, and the answer once, with its timeline event', async () => {
      const order = codOrder();
      await store.orders.create(order);
      const sent = { ...waiting, channel: 'whatsapp' as const, sentAt: '2030-03-01T10:00:02.000Z' };
      expect((await store.orders.writeCodConfirmation(order.id, sent))?.codConfirmation).toEqual(
        sent,
      );
      const event = note('Order Placed', 'Confirmed by the shopper');
      const written = await store.orders.writeCodConfirmation(
        order.id,
        { ...confirmed, channel: 'whatsapp', sentAt: sent.sentAt },
        { event },
      );
      expect(written).toMatchObject({
        status: 'Order Placed',
        codConfirmation: { state: 'confirmed', channel: 'whatsapp' },
        history: [event],
      });
      expect(await store.orders.get(order.id)).toEqual(written);
      // Answered: a replay, a cancel or the deadline writes nothing.
      expect(await store.orders.writeCodConfirmation(order.id, confirmed, { event })).toBeNull();
      expect(
        await store.orders.writeCodConfirmation(order.id, cancelled, {
          cancelReason: 'Not confirmed in time',
        }),
      ).toBeNull();
      expect(await store.orders.get(order.id)).toEqual(written);
    });

    it('cancels a waiting order with its reason in the same write', async () => {
      const order = codOrder();
      await store.orders.create(order);
      const event = note('Cancelled', 'Not confirmed in time');
      const written = await store.orders.writeCodConfirmation(order.id, cancelled, {
        cancelReason: 'Not confirmed in time',
        event,
      });
      expect(written).toMatchObject({
        status: 'Cancelled',
        cancelReason: 'Not confirmed in time',
        codConfirmation: { state: 'cancelled', answeredBy: 'deadline' },
        history: [event],
      });
      expect(await store.orders.get(order.id)).toEqual(written);
    });

    it('writes nothing on an order that never waited, one cancelled meanwhile, or an unknown id', async () => {
      const plain = orderRecord({ paymentMethod: 'COD' });
      await store.orders.create(plain);
      expect(await store.orders.writeCodConfirmation(plain.id, confirmed)).toBeNull();
      expect((await store.orders.get(plain.id))?.codConfirmation).toBeUndefined();
      const gone = codOrder();
      await store.orders.create(gone);
      await store.orders.transition(gone.id, ['Order Placed'], 'Cancelled', {
        cancelReason: 'changed my mind',
      });
      expect(await store.orders.writeCodConfirmation(gone.id, confirmed)).toBeNull();
      expect((await store.orders.get(gone.id))?.codConfirmation).toEqual(waiting);
      expect(await store.orders.writeCodConfirmation('no-such-order', confirmed)).toBeNull();
    });

    it('makes a wallet order switched to COD wait in the same write as the switch', async () => {
      const order = orderRecord({ paymentMethod: 'JazzCash', walletNumber: '03001234567' });
      await store.orders.create(order);
      const event = note('Order Placed', 'Switched from JazzCash to Cash on Delivery');
      const switched = await store.orders.switchToCod(
        order.id,
        'JazzCash',
        order.userId,
        event,
        waiting,
      );
      expect(switched).toMatchObject({ paymentMethod: 'COD', codConfirmation: waiting });
      expect(await store.orders.get(order.id)).toEqual(switched);
      expect(
        (await store.orders.writeCodConfirmation(order.id, confirmed))?.codConfirmation,
      ).toEqual(confirmed);
    });

    it('lets exactly one of a confirm and the deadline’s cancel win when they race', async () => {
      for (let round = 0; round < 5; round++) {
        const order = codOrder();
        await store.orders.create(order);
        const [yes, no] = await Promise.all([
          store.orders.writeCodConfirmation(order.id, confirmed),
          store.orders.writeCodConfirmation(order.id, cancelled, {
            cancelReason: 'Not confirmed in time',
          }),
        ]);
        expect([yes, no].filter((w) => w !== null)).toHaveLength(1);
        const now = await store.orders.get(order.id);
        expect(now?.status).toBe(yes ? 'Order Placed' : 'Cancelled');
        expect(now?.codConfirmation?.state).toBe(yes ? 'confirmed' : 'cancelled');
      }
    });
  });
}

codContract('sqlite', async () => tempSqliteStore());
codContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  codContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_cod_contract'));
}
