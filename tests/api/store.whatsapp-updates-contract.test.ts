// The store contract of the WhatsApp shipping updates' opt-in, run on every adapter: SQLite, the
// Mongo adapter over the driver's TEST DOUBLE (mingo in memory), and a real MongoDB server wherever
// MONGODB_URI is set. The opt-in is written with the order and kept through its moves, so every
// update of the order's life goes to the number the shopper ticked the box for.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/server/store/port.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const optIn = { to: '923001234567', optedInAt: '2030-03-01T10:00:00.000Z' };
const move = (from: 'Order Placed' | 'Packing', to: 'Packing' | 'Out for Delivery') => ({
  at: '2030-03-02T10:00:00.000Z',
  from,
  to,
  by: null,
});

function whatsappUpdatesContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`WhatsApp updates store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    it('keeps the number and the time a shopper opted in with, as the order was placed', async () => {
      const order = orderRecord({ whatsappUpdates: optIn });
      await store.orders.create(order);
      expect((await store.orders.get(order.id))?.whatsappUpdates).toEqual(optIn);
    });

    it('keeps no opt-in on an order placed without one', async () => {
      const order = orderRecord();
      await store.orders.create(order);
      expect((await store.orders.get(order.id))?.whatsappUpdates).toBeUndefined();
    });

    it('keeps the opt-in through the order’s moves, courier details and all', async () => {
      const order = orderRecord({ whatsappUpdates: optIn });
      await store.orders.create(order);
      await store.orders.transition(order.id, ['Order Placed'], 'Packing', {
        event: move('Order Placed', 'Packing'),
      });
      const out = await store.orders.transition(order.id, ['Packing'], 'Out for Delivery', {
        event: move('Packing', 'Out for Delivery'),
        shipping: { courier: 'TCS', trackingNumber: 'TCS-771203' },
      });
      expect(out?.whatsappUpdates).toEqual(optIn);
      expect((await store.orders.get(order.id))?.whatsappUpdates).toEqual(optIn);
    });
  });
}

whatsappUpdatesContract('sqlite', async () => tempSqliteStore());
whatsappUpdatesContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  whatsappUpdatesContract('mongodb', () =>
    tempRealMongoStore(mongoUri, 'shop_whatsapp_updates_contract'),
  );
}
