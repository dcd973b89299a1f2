// Request and answer schemas of the desk's courier calls: book an order in Packing with the
// owner's courier, and download its airway bill. Spread into DESK_REQUESTS and
// DESK_ANSWER_SCHEMAS (./desk.ts), so the endpoint table names them like the rest of the desk's.
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';

const orderRef = requiredText('Order id or number is required', 64);

/** Bodies of the courier calls. */
export const COURIER_REQUESTS = {
  deskBookCourier: z.object({ order: orderRef }),
  deskCourierLabel: z.object({ order: orderRef }),
} as const;

/** An order's booking with a courier, as the desk shows it. */
export const deskCourierBookingSchema = z.object({
  /** The registry's name ('postex') and how the desk names it ('PostEx'). */
  courier: z.string(),
  courierLabel: z.string(),
  trackingNumber: z.string(),
  /** ISO 8601. */
  bookedAt: z.string(),
  labelAvailable: z.boolean(),
  /** Booked with a local stand-in: a TEST courier, nothing will be collected. */
  test: z.boolean(),
});

/** Answers of the courier calls. */
export const COURIER_ANSWER_SCHEMAS = {
  deskBooked: z.object({
    success: z.literal(true),
    message: z.string(),
    /** True when the order was booked already: this tap booked nothing new. */
    replayed: z.boolean(),
    booking: deskCourierBookingSchema,
  }),
  /** A PDF file (application/pdf with a filename), not JSON. */
  deskPdf: z.string(),
} as const;

/** The desk's words for booking a courier. */
export const COURIER_MESSAGES = {
  booked: (label: string, trackingNumber: string) =>
    `Booked with ${label}: tracking number ${trackingNumber}.`,
  alreadyBooked: (label: string, trackingNumber: string) =>
    `Already booked with ${label}: tracking number ${trackingNumber}. Nothing new was booked.`,
  notPacking: (status: string) =>
    `Only an order in Packing can be booked with a courier; this one is ${status}.`,
  beingBooked: 'This order is being booked with the courier right now. Open it again in a moment.',
  pakistanOnly: 'Couriers book parcels within Pakistan only; this order ships abroad.',
  noCourier:
    'No courier is connected. Set the courier keys (docs/couriers.md) to book from the desk.',
  courierDown: (label: string) =>
    `${label} did not answer, so nothing was booked. Try again in a few minutes.`,
  courierRefused: (label: string, reason: string) =>
    `${label} refused the booking, so nothing was booked: ${reason}`,
  notBooked: 'This order has not been booked with a courier.',
  labelDown: (label: string) =>
    `${label} did not send the airway bill. Try again in a few minutes.`,
} as const;

export type DeskCourierBooking = z.infer<typeof deskCourierBookingSchema>;
