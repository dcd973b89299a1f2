// The store contract of card payments, run on every adapter: SQLite, the Mongo adapter over the
// driver's TEST DOUBLE (mingo in memory), and a real MongoDB server wherever MONGODB_URI is set.
// A gateway event is taken in once by its id, however many deliveries race; a card charge is set
// only on an unpaid Order Placed order, the one it replaces kept as earlier; an unpaid order is
// cancelled only while no payment is recorded, so a payment and an expiry cannot both win.
import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '../../src/lib/orders/status.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  GatewayEventRecord,
  OrderPayment,
  OrderRecord,
  Store,
} from '../../src/server/store/port.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const event = (overrides: Partial<GatewayEventRecord> = {}): GatewayEventRecord => ({
  id: 'evt_0001',
  gateway: 'safepay',
  type: 'payment.succeeded',
  reference: 'track_aaaa',
  receivedAt: '2030-03-01T10:00:00.000Z',
  outcome: 'taken in',
  ...overrides,
});
const charge = (reference: string) => ({
  reference,
  chargeCurrency: 'GBP',
  chargeMinor: 4301,
});
const cardOrder = (overrides: Partial<OrderRecord> = {}) =>
  orderRecord({ paymentMethod: 'Card', currency: 'GBP', total: 43.01, ...overrides });
const payment: OrderPayment = {
  id: 'pay-1',
  at: '2030-03-01T10:01:00.000Z',
  method: 'Card',
  amount: 43.01,
  reference: 'track_aaaa',
  by: { id: 'gateway', email: 'Safepay' },
  status: 'Order Placed',
};
const expiry = { at: '2030-03-01T11:00:00.000Z', to: 'Cancelled' as const, by: null };
/** Appends `payment` (with a reference of its own) to an empty ledger; the order, or null. */
async function pay(store: Store, id: string, statuses: OrderStatus[]) {
  const written = await store.orders.appendLedger(
    id,
    { ...payment, reference: `track_${randomUUID()}` },
    { statuses, entriesBefore: 0 },
  );
  return written.kind === 'saved' ? written.order : null;
}

function cardsContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`card payments store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    describe('gatewayEvents', () => {
      it('takes an event in once: a second insert of its id is refused and changes nothing', async () => {
        expect(await store.gatewayEvents.insert(event())).toBe(true);
        expect(await store.gatewayEvents.insert(event({ type: 'payment.failed' }))).toBe(false);
        expect(await store.gatewayEvents.get('evt_0001')).toEqual(event());
        expect(await store.gatewayEvents.get('evt_other')).toBeNull();
      });

      it('lets exactly one of ten racing deliveries of one event in', async () => {
        const results = await Promise.all(
          Array.from({ length: 10 }, () => store.gatewayEvents.insert(event())),
        );
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it('records the outcome, and a released event can be taken in again', async () => {
        await store.gatewayEvents.insert(event());
        await store.gatewayEvents.settle('evt_0001', 'recorded payment');
        expect((await store.gatewayEvents.get('evt_0001'))?.outcome).toBe('recorded payment');
        await store.gatewayEvents.release('evt_0001');
        expect(await store.gatewayEvents.get('evt_0001')).toBeNull();
        expect(await store.gatewayEvents.insert(event())).toBe(true);
      });
    });

    describe('orders.setCard', () => {
      it('sets the charge on an unpaid Order Placed order, and keeps the one it replaces as earlier', async () => {
        const order = cardOrder();
        await store.orders.create(order);
        const first = await store.orders.setCard(order.id, charge('track_aaaa'));
        expect(first?.card).toEqual(charge('track_aaaa'));
        const second = await store.orders.setCard(order.id, charge('track_bbbb'), {
          userId: order.userId,
        });
        expect(second?.card).toEqual({ ...charge('track_bbbb'), earlier: ['track_aaaa'] });
        expect((await store.orders.get(order.id))?.card).toEqual(second?.card);
      });

      it("refuses someone else's order, a paid one and a cancelled one, changing nothing", async () => {
        const order = cardOrder();
        await store.orders.create(order);
        expect(await store.orders.setCard(order.id, charge('track_aaaa'), { userId: 'x' })).toBe(
          null,
        );
        await pay(store, order.id, ['Order Placed']);
        expect(await store.orders.setCard(order.id, charge('track_aaaa'))).toBeNull();
        const cancelled = cardOrder({ status: 'Cancelled' });
        await store.orders.create(cancelled);
        expect(await store.orders.setCard(cancelled.id, charge('track_aaaa'))).toBeNull();
        expect((await store.orders.get(order.id))?.card).toBeUndefined();
        expect(await store.orders.setCard('no-such-order', charge('track_aaaa'))).toBeNull();
      });
    });

    describe('orders.cancelUnpaid', () => {
      it('cancels an unpaid Order Placed order with its reason and event', async () => {
        const order = cardOrder();
        await store.orders.create(order);
        const cancelled = await store.orders.cancelUnpaid(
          order.id,
          'payment not completed',
          expiry,
        );
        expect(cancelled).toMatchObject({
          status: 'Cancelled',
          cancelReason: 'payment not completed',
          history: [expiry],
        });
        expect(await store.orders.cancelUnpaid(order.id, 'again', expiry)).toBeNull();
      });

      it('never cancels an order a payment reached first, and a cancel first makes the payment fail', async () => {
        const paid = cardOrder();
        await store.orders.create(paid);
        await pay(store, paid.id, ['Order Placed', 'Packing']);
        expect(await store.orders.cancelUnpaid(paid.id, 'payment not completed', expiry)).toBe(
          null,
        );
        expect((await store.orders.get(paid.id))?.status).toBe('Order Placed');

        const expired = cardOrder();
        await store.orders.create(expired);
        await store.orders.cancelUnpaid(expired.id, 'payment not completed', expiry);
        expect(
          await pay(store, expired.id, [
            'Order Placed',
            'Packing',
            'Out for Delivery',
            'Delivered',
          ]),
        ).toBeNull();
      });

      it('lets one of a racing payment and expiry win, never both', async () => {
        for (let round = 0; round < 5; round++) {
          const order = cardOrder();
          await store.orders.create(order);
          const [paidOrder, cancelled] = await Promise.all([
            pay(store, order.id, ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered']),
            store.orders.cancelUnpaid(order.id, 'payment not completed', expiry),
          ]);
          expect([paidOrder, cancelled].filter(Boolean)).toHaveLength(1);
          const now = await store.orders.get(order.id);
          expect(now?.status === 'Cancelled').toBe(now?.payments === undefined);
        }
      });
    });

    describe('orders.switchToCod', () => {
      const switched = { at: '2030-03-01T10:30:00.000Z', to: 'Order Placed' as const, by: null };
      const walletOrder = (overrides: Partial<OrderRecord> = {}) =>
        orderRecord({ paymentMethod: 'JazzCash', walletNumber: '03001234567', ...overrides });

      it('switches its owner’s unpaid Order Placed wallet order to COD, keeping the wallet and its charge', async () => {
        const order = walletOrder({ card: charge('T20300301100000abcde') });
        await store.orders.create(order);
        const cod = await store.orders.switchToCod(order.id, 'JazzCash', order.userId!, switched);
        expect(cod).toMatchObject({
          paymentMethod: 'COD',
          switchedFrom: 'JazzCash',
          card: charge('T20300301100000abcde'),
          history: [switched],
        });
        expect(await store.orders.get(order.id)).toEqual(cod);
        expect(
          await store.orders.switchToCod(order.id, 'JazzCash', order.userId!, switched),
        ).toBeNull();
      });

      it('refuses someone else’s order, another method’s, a paid one and one past Order Placed, changing nothing', async () => {
        const order = walletOrder();
        await store.orders.create(order);
        expect(
          await store.orders.switchToCod(order.id, 'JazzCash', 'intruder', switched),
        ).toBeNull();
        expect(
          await store.orders.switchToCod(order.id, 'EasyPaisa', order.userId!, switched),
        ).toBeNull();
        const paid = walletOrder();
        await store.orders.create(paid);
        await pay(store, paid.id, ['Order Placed']);
        expect(
          await store.orders.switchToCod(paid.id, 'JazzCash', paid.userId!, switched),
        ).toBeNull();
        const packed = walletOrder({ status: 'Packing' });
        await store.orders.create(packed);
        expect(
          await store.orders.switchToCod(packed.id, 'JazzCash', packed.userId!, switched),
        ).toBeNull();
        expect(
          await store.orders.switchToCod('no-such-order', 'JazzCash', 'buyer', switched),
        ).toBeNull();
        for (const o of [order, paid, packed])
          expect((await store.orders.get(o.id))?.paymentMethod).toBe('JazzCash');
      });

      it('never switches after a payment, and a payment after a switch is still recorded', async () => {
        for (let round = 0; round < 5; round++) {
          const order = walletOrder();
          await store.orders.create(order);
          const [paidOrder, cod] = await Promise.all([
            pay(store, order.id, ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered']),
            store.orders.switchToCod(order.id, 'JazzCash', order.userId!, switched),
          ]);
          const now = await store.orders.get(order.id);
          expect(paidOrder).not.toBeNull();
          expect(now?.payments).toHaveLength(1);
          expect(now?.paymentMethod).toBe(cod === null ? 'JazzCash' : 'COD');
        }
      });
    });
  });
}

cardsContract('sqlite', async () => tempSqliteStore());
cardsContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  cardsContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_cards_contract'));
}
