// An order's courier booking as the desk shows it: on Book's answer and on the order's detail.
import type { DeskCourierBooking } from '../../lib/contract/desk-couriers.ts';
import { COURIERS, isCourierName } from '../couriers/index.ts';
import type { CourierBooking } from '../store/port.ts';

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
