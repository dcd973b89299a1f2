// The store contract of courier bookings, run on every adapter: SQLite, the Mongo adapter over the
// driver's TEST DOUBLE (mingo in memory), and a real MongoDB server wherever MONGODB_URI is set.
// A booking is claimed in one conditional write, so of two taps on Book exactly one reaches the
// courier; only the claim's own tap completes or releases it; an order that left Packing takes no
// claim.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CourierBooking, Store } from '../../src/server/store/port.ts';
import {
  orderRecord,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const claimed = (claim: string): CourierBooking => ({
  claim,
  courier: 'postex',
  state: 'booking',
  claimedAt: '2030-03-01T10:00:00.000Z',
  by: { id: 'staff-1', email: 'packer@example.com' },
  trackingNumber: null,
  labelUrl: null,
  bookedAt: null,
  test: true,
});
const booked = (claim: string): CourierBooking => ({
  ...claimed(claim),
  state: 'booked',
  trackingNumber: '20120012345678',
  bookedAt: '2030-03-01T10:00:02.000Z',
});
const PACKING = { statuses: ['Packing'] as const };

function couriersContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`courier bookings store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    it('claims a booking on a Packing order with none, then completes it under the same claim', async () => {
      const order = orderRecord({ status: 'Packing' });
      await store.orders.create(order);
      expect(
        (await store.orders.writeCourierBooking(order.id, null, claimed('tap-1'), PACKING))
          ?.courierBooking,
      ).toEqual(claimed('tap-1'));
      expect(
        (await store.orders.writeCourierBooking(order.id, 'tap-1', booked('tap-1'), PACKING))
          ?.courierBooking,
      ).toEqual(booked('tap-1'));
      expect((await store.orders.get(order.id))?.courierBooking).toEqual(booked('tap-1'));
    });

    it('lets exactly one of ten racing claims in, and keeps that one', async () => {
      const order = orderRecord({ status: 'Packing' });
      await store.orders.create(order);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          store.orders.writeCourierBooking(order.id, null, claimed(`tap-${index}`), PACKING),
        ),
      );
      const winners = results.filter(Boolean);
      expect(winners).toHaveLength(1);
      expect((await store.orders.get(order.id))?.courierBooking).toEqual(
        winners[0]!.courierBooking,
      );
    });

    it("refuses another tap's completion or release, and changes nothing", async () => {
      const order = orderRecord({ status: 'Packing' });
      await store.orders.create(order);
      await store.orders.writeCourierBooking(order.id, null, claimed('tap-1'), PACKING);
      expect(
        await store.orders.writeCourierBooking(order.id, 'tap-2', booked('tap-2'), PACKING),
      ).toBeNull();
      expect(await store.orders.writeCourierBooking(order.id, 'tap-2', null, PACKING)).toBeNull();
      expect(
        await store.orders.writeCourierBooking(order.id, null, claimed('tap-3'), PACKING),
      ).toBeNull();
      expect((await store.orders.get(order.id))?.courierBooking).toEqual(claimed('tap-1'));
    });

    it('releases a claim, after which a new tap may claim again', async () => {
      const order = orderRecord({ status: 'Packing' });
      await store.orders.create(order);
      await store.orders.writeCourierBooking(order.id, null, claimed('tap-1'), PACKING);
      const released = await store.orders.writeCourierBooking(order.id, 'tap-1', null, PACKING);
      expect(released).not.toBeNull();
      expect(released?.courierBooking).toBeUndefined();
      expect((await store.orders.get(order.id))?.courierBooking).toBeUndefined();
      expect(
        await store.orders.writeCourierBooking(order.id, null, claimed('tap-2'), PACKING),
      ).not.toBeNull();
    });

    it('keeps what the tracking job writes under a rotated claim (the parcel, its problems, the restock), and of ten runs racing on one claim lets one write', async () => {
      const order = orderRecord({ status: 'Out for Delivery' });
      await store.orders.create(order);
      const ANY = { statuses: ['Packing', 'Out for Delivery', 'Delivered', 'Cancelled'] as const };
      await store.orders.writeCourierBooking(order.id, null, booked('tap-1'), ANY);
      const seen = (state: string) => ({
        state,
        status: state === 'returned' ? 'Returned to shipper' : 'Refused by consignee',
        at: '2030-03-03 14:05:00',
        seenAt: '2030-03-03T09:10:00.000Z',
      });
      const runs = Array.from({ length: 10 }, (_, i): CourierBooking => ({
        ...booked(`run-${i}`),
        codMinor: 835_000,
        parcel: seen('returned'),
        problems: [seen('refused'), seen('returned')],
        restockedAt: '2030-03-03T09:10:00.000Z',
      }));
      const written = await Promise.all(
        runs.map((next) => store.orders.writeCourierBooking(order.id, 'tap-1', next, ANY)),
      );
      const winners = written.filter((w) => w !== null);
      expect(winners).toHaveLength(1);
      const stored = (await store.orders.get(order.id))?.courierBooking;
      expect(stored).toEqual(winners[0]!.courierBooking);
      expect(stored).toMatchObject({
        codMinor: 835_000,
        parcel: seen('returned'),
        problems: [seen('refused'), seen('returned')],
        restockedAt: '2030-03-03T09:10:00.000Z',
      });
    });

    it('takes no claim on an order outside the statuses given, or an unknown order', async () => {
      const order = orderRecord({ status: 'Order Placed' });
      await store.orders.create(order);
      expect(
        await store.orders.writeCourierBooking(order.id, null, claimed('tap-1'), PACKING),
      ).toBeNull();
      expect(
        await store.orders.writeCourierBooking('no-such-order', null, claimed('tap-1'), PACKING),
      ).toBeNull();
      expect((await store.orders.get(order.id))?.courierBooking).toBeUndefined();
    });
  });
}

couriersContract('sqlite', async () => tempSqliteStore());
couriersContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  couriersContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_couriers_contract'));
}
