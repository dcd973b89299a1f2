import { describe, expect, it } from 'vitest';
import { statusMail } from '../../src/server/orders/desk-mail.ts';
import type { CourierBooking, OrderRecord } from '../../src/server/store/port.ts';
import { orderRecord } from '../fixtures/store.ts';

const booking = (overrides: Partial<CourierBooking> = {}): CourierBooking => ({
  claim: 'claim-1',
  courier: 'postex',
  state: 'booked',
  claimedAt: '2031-01-01T10:00:00.000Z',
  by: { id: 'staff-1', email: 'packer@bastaa.pk' },
  trackingNumber: 'CX-100 200',
  labelUrl: null,
  bookedAt: '2031-01-01T10:00:01.000Z',
  test: false,
  ...overrides,
});
const shipped = (overrides: Partial<OrderRecord> = {}) =>
  orderRecord({
    id: 'aaaaaaaa-0000-4000-8000-0000000000ff',
    status: 'Out for Delivery',
    shipping: { courier: 'PostEx', trackingNumber: 'CX-100 200' },
    ...overrides,
  });

describe('statusMail when the order goes out for delivery', () => {
  it("names the courier, the tracking number and the courier's tracking page of a booked parcel", () => {
    const text = statusMail(shipped({ courierBooking: booking() }))!.text;
    expect(text).toContain('Courier: PostEx\nTracking number: CX-100 200\n');
    expect(text).toContain(
      "Track it on the courier's site: https://postex.pk/tracking?cn=CX-100%20200",
    );
  });

  it("links Leopards' own tracking page for a Leopards parcel", () => {
    const text = statusMail(
      shipped({
        shipping: { courier: 'Leopards', trackingNumber: 'LE7700' },
        courierBooking: booking({ courier: 'leopards', trackingNumber: 'LE7700' }),
      }),
    )!.text;
    expect(text).toContain(
      "Track it on the courier's site: https://www.leopardscourier.com/tracking?cn=LE7700",
    );
  });

  it('gives no link for a courier typed at the desk by hand, nor for a booking still being made', () => {
    for (const order of [
      shipped(),
      shipped({ courierBooking: booking({ state: 'booking', trackingNumber: null }) }),
    ]) {
      const text = statusMail(order)!.text;
      expect(text).toContain('Tracking number: CX-100 200');
      expect(text).not.toContain('https://');
    }
  });
});
