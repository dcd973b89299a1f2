// An order's courier booking as the desk shows it: on Book's answer and on the order's detail.
import type { DeskCourierBooking } from '../../lib/contract/desk-couriers.ts';
import { COURIERS, isCourierName, trackingPageOf } from '../couriers/index.ts';
import type { CourierBooking, OrderRecord } from '../store/port.ts';

/** The booking as the desk shows it. */
export function deskBooking(booking: CourierBooking): DeskCourierBooking {
  return {
    courier: booking.courier,
    courierLabel: isCourierName(booking.courier)
      ? COURIERS[booking.courier].label
      : booking.courier,
    trackingNumber: booking.trackingNumber ?? '',
    bookedAt: booking.bookedAt ?? booking.claimedAt,
    labelAvailable: booking.trackingNumber !== null,
    test: booking.test,
    ...(booking.parcel ? { parcel: booking.parcel } : {}),
    ...(booking.problems?.length ? { problems: booking.problems } : {}),
    ...(booking.restockedAt ? { restockedAt: booking.restockedAt } : {}),
  };
}

/**
 * The courier's tracking page for the order's parcel, once it is booked with a courier the shop
 * knows; null before (a courier and number typed at the desk by hand name no page we can trust).
 */
export function parcelTrackingUrl(order: OrderRecord): string | null {
  const booking = order.courierBooking;
  if (booking?.state !== 'booked' || !booking.trackingNumber) return null;
  return trackingPageOf(booking.courier, booking.trackingNumber);
}
