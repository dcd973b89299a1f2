// Many parcels at once: "Book all packed" books every order in Packing that has no booking yet with
// the owner's courier, and the load sheet lists the parcels booked and not yet picked up, for the
// rider to sign at pickup. Each booking is bookCourier's own (its claim, its refusals, its audit),
// so a batch books an order once however many members press at once, and an order the courier
// refuses is listed with the courier's reason while the others are booked.
import { COURIER_MESSAGES } from '../../lib/contract/desk-couriers.ts';
import type { LoadSheetParcel } from '../../lib/contract/desk-couriers.ts';
import { shortNumber } from '../../lib/desk.ts';
import { courierFromConfig, courierShown } from '../couriers/index.ts';
import type { Deps } from '../deps.ts';
import { DomainError, unavailable } from '../errors.ts';
import type { OrderRecord, StaffRecord } from '../store/port.ts';
import { bookCourier, shipmentOf } from './courier-booking.ts';

/**
 * How many orders one press books at most, and how long it may keep starting bookings: one at a
 * time, so the courier sees one request after another (neither courier documents a rate limit for
 * booking; one at a time is what their own portals' bulk upload does), and a press answers within
 * a function's time even when the courier takes seconds per parcel.
 */
export const BOOK_PER_PRESS = 25;
export const BOOK_BUDGET_MS = 8_000;

/** Orders in Packing that ship within Pakistan and have no booking, oldest placed first. */
async function waitingForBooking(deps: Deps): Promise<OrderRecord[]> {
  const packed = await deps.store.orders.list({ status: 'Packing' });
  return packed
    .filter((o) => !o.courierBooking && o.address.country === 'Pakistan')
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Books the packed orders waiting for a booking, a bounded batch a press (see BOOK_PER_PRESS). */
export async function bookAllPacked(deps: Deps, staff: StaffRecord, now = () => Date.now()) {
  const connection = courierFromConfig(deps.config);
  if (!connection) throw unavailable(COURIER_MESSAGES.noCourier);
  const waiting = await waitingForBooking(deps);
  if (waiting.length === 0) throw new DomainError('conflict', COURIER_MESSAGES.nothingPacked);
  const started = now();
  const booked: { number: string; trackingNumber: string }[] = [];
  const failed: { number: string; message: string }[] = [];
  let tried = 0;
  for (const order of waiting.slice(0, BOOK_PER_PRESS)) {
    if (now() - started > BOOK_BUDGET_MS) break;
    tried++;
    const number = shortNumber(order.id);
    try {
      const answer = await bookCourier(deps, staff, { order: order.id });
      // Booked by someone else meanwhile (a member's tap, another press): theirs, not this press's.
      if (!answer.replayed) booked.push({ number, trackingNumber: answer.booking.trackingNumber });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ number, message: error.message });
      // The courier is down: the next parcels would fail the same way, each after a timeout.
      if (error.kind === 'unavailable') break;
    }
  }
  const left = waiting.length - tried;
  return {
    success: true as const,
    message: COURIER_MESSAGES.bookedPacked(connection.label, booked.length, failed.length, left),
    courierLabel: connection.label,
    booked,
    failed,
    left,
  };
}

/** The parcels booked with the owner's courier whose order is still in Packing: the rider's sheet. */
export async function loadSheet(deps: Deps) {
  const connection = courierFromConfig(deps.config);
  const packed = await deps.store.orders.list({ status: 'Packing' });
  const parcels: LoadSheetParcel[] = packed
    .filter(
      (o) =>
        o.courierBooking?.state === 'booked' &&
        o.courierBooking.trackingNumber !== null &&
        o.courierBooking.courier === connection?.name,
    )
    .map((o) => {
      const booking = o.courierBooking!;
      const shipment = shipmentOf(o);
      return {
        number: shortNumber(o.id),
        trackingNumber: booking.trackingNumber!,
        city: o.address.city,
        // The COD the courier was booked with (kept on the booking), else what the order owes now.
        codMinor: booking.codMinor ?? shipment.cod.minor,
        weightGrams: shipment.weightGrams,
        pieces: shipment.pieces,
        bookedAt: booking.bookedAt ?? booking.claimedAt,
      };
    })
    .sort((a, b) => a.bookedAt.localeCompare(b.bookedAt));
  return {
    success: true as const,
    courier: courierShown(deps.config),
    parcels,
    codTotalMinor: parcels.reduce((sum, p) => sum + p.codMinor, 0),
  };
}
