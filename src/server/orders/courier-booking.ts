// Booking an order in Packing with the owner's courier, from the desk, and its airway bill. A tap
// claims the booking on the order first (one conditional write), then asks the courier, then
// writes the tracking number under its claim: a second tap, or a second member, finds the claim
// and books nothing. A courier that is down or refuses lets the claim go, so nothing changes.
import { randomUUID } from 'node:crypto';
import { COURIER_MESSAGES, type LabelFormat } from '../../lib/contract/desk-couriers.ts';
import { money, zeroMoney } from '../../lib/money.ts';
import { ORDER_STATUSES } from '../../lib/orders/moves.ts';
import { COD_CONFIRM_MESSAGES, awaitsConfirmation } from '../../lib/orders/cod-confirmation.ts';
import { shortNumber } from '../../lib/desk.ts';
import { CourierError, courierFromConfig } from '../couriers/index.ts';
import type { CourierConnection, ShipmentRequest } from '../couriers/index.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound, unavailable, unprocessable } from '../errors.ts';
import { actorOf, audit } from '../operations/index.ts';
import type { CourierBooking, OrderRecord, StaffRecord } from '../store/port.ts';
import { deskBooking } from './courier-view.ts';
import { findOrder, toDeskOrder } from './desk-orders.ts';
import { orderFor, type Sees } from './desk-privacy.ts';
import { labelWithSlip } from './label-sheet.ts';
import { dueMinor } from './payment-view.ts';

const PACKING = { statuses: ['Packing'] as const };
/** What a parcel weighs per item until products carry their own weight. */
const GRAMS_PER_ITEM = 500;
const MAX_GRAMS = 50_000;

/** The parcel an order makes: COD is what is still due on a COD order, in whole rupees. */
export function shipmentOf(order: OrderRecord): ShipmentRequest {
  const a = order.address;
  const cod =
    order.paymentMethod === 'COD' && order.currency === 'PKR'
      ? money(Math.max(0, dueMinor(order)), 'PKR')
      : zeroMoney('PKR');
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    orderRef: shortNumber(order.id),
    cod,
    weightGrams: Math.min(MAX_GRAMS, Math.max(1, items) * GRAMS_PER_ITEM),
    pieces: 1,
    consignee: {
      name: `${a.firstName} ${a.lastName}`.trim(),
      phone: a.mobile,
      address: [a.address1, a.address2].filter(Boolean).join(', '),
      city: a.city,
    },
    description: order.items
      .map((item) => `${item.quantity} × ${item.productName}`)
      .join(', ')
      .slice(0, 200),
  };
}

const answerOf = (booking: CourierBooking, replayed: boolean) => {
  const shown = deskBooking(booking);
  return {
    success: true as const,
    message: (replayed ? COURIER_MESSAGES.alreadyBooked : COURIER_MESSAGES.booked)(
      shown.courierLabel,
      shown.trackingNumber,
    ),
    replayed,
    booking: shown,
  };
};

/** Why an order cannot be claimed now, as the domain error the desk shows. */
function refusalOf(order: OrderRecord) {
  if (order.courierBooking?.state === 'booking') return conflict(COURIER_MESSAGES.beingBooked);
  return conflict(COURIER_MESSAGES.notPacking(order.status));
}

/** The courier's failure in the desk's words: down (retry) or refused (fix the order). */
function courierFailure(connection: CourierConnection, error: unknown) {
  if (
    error instanceof CourierError &&
    ['invalid-input', 'rejected', 'not-found'].includes(error.kind)
  )
    return unprocessable(COURIER_MESSAGES.courierRefused(connection.label, error.message));
  return unavailable(COURIER_MESSAGES.courierDown(connection.label), 60);
}

/** Books an order in Packing with the owner's courier; a booked order answers its booking again. */
export async function bookCourier(deps: Deps, staff: StaffRecord, body: { order: string }) {
  const { store } = deps;
  const order = await findOrder(store, body.order);
  if (order.courierBooking?.state === 'booked') return answerOf(order.courierBooking, true);
  // Said in its own words: an order awaiting confirmation is never in Packing (checkCodMove).
  if (awaitsConfirmation(order)) throw conflict(COD_CONFIRM_MESSAGES.bookingRefused);
  if (order.courierBooking || order.status !== 'Packing') throw refusalOf(order);
  if (order.address.country !== 'Pakistan') throw conflict(COURIER_MESSAGES.pakistanOnly);
  const connection = courierFromConfig(deps.config);
  if (!connection) throw unavailable(COURIER_MESSAGES.noCourier);
  const claim: CourierBooking = {
    claim: randomUUID(),
    courier: connection.name,
    state: 'booking',
    claimedAt: new Date().toISOString(),
    by: actorOf(staff),
    trackingNumber: null,
    labelUrl: null,
    bookedAt: null,
    test: connection.test,
  };
  if (!(await store.orders.writeCourierBooking(order.id, null, claim, PACKING))) {
    const now = await store.orders.get(order.id);
    if (now?.courierBooking?.state === 'booked') return answerOf(now.courierBooking, true);
    throw refusalOf(now ?? order);
  }
  let booking: CourierBooking;
  try {
    const shipment = shipmentOf(order);
    const parcel = await connection.adapter.book(shipment);
    booking = {
      ...claim,
      codMinor: shipment.cod.minor,
      state: 'booked',
      trackingNumber: parcel.trackingNumber,
      labelUrl: parcel.labelUrl,
      bookedAt: new Date().toISOString(),
    };
  } catch (error) {
    // Nothing was booked (or the courier cannot say so): the claim goes, so the order is as it was.
    await store.orders.writeCourierBooking(order.id, claim.claim, null, PACKING);
    throw courierFailure(connection, error);
  }
  // Written under the claim whatever the status now: the parcel exists at the courier.
  await store.orders.writeCourierBooking(order.id, claim.claim, booking, {
    statuses: ORDER_STATUSES,
  });
  await audit(store, staff, 'order.book', `order:${order.id}`, null, {
    courier: booking.courier,
    trackingNumber: booking.trackingNumber,
    test: booking.test,
  });
  return answerOf(booking, false);
}

/**
 * A booked order's airway bill as a PDF file answer (a filename, never cached): the courier's own,
 * or with `format` the label and the packing slip on one A4 sheet or two 4 × 6 labels, the slip
 * showing the customer as `sees` allows.
 */
export async function courierLabel(
  deps: Deps,
  body: { order: string; format?: LabelFormat },
  sees: Sees,
): Promise<Response> {
  const order = await findOrder(deps.store, body.order);
  const booking = order.courierBooking;
  if (booking?.state !== 'booked' || !booking.trackingNumber)
    throw notFound(COURIER_MESSAGES.notBooked);
  const connection = courierFromConfig(deps.config);
  if (!connection) throw unavailable(COURIER_MESSAGES.noCourier);
  if (connection.name !== booking.courier)
    throw unavailable(COURIER_MESSAGES.labelDown(deskBooking(booking).courierLabel));
  let pdf: Uint8Array;
  try {
    pdf = await connection.adapter.airwayBill({
      trackingNumber: booking.trackingNumber,
      labelUrl: booking.labelUrl,
    });
  } catch {
    throw unavailable(COURIER_MESSAGES.labelDown(connection.label), 60);
  }
  let filename = `airway-bill-${booking.trackingNumber}.pdf`;
  if (body.format) {
    try {
      pdf = await labelWithSlip(pdf, orderFor(sees, toDeskOrder(order)), body.format);
    } catch {
      // The courier answered something that is not a PDF its page can be taken from.
      throw unavailable(COURIER_MESSAGES.labelDown(connection.label), 60);
    }
    filename = `label-and-slip-${body.format}-${booking.trackingNumber}.pdf`;
  }
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
