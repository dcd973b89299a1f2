// Request and answer schemas of the desk's courier calls: book an order in Packing with the
// owner's courier, and download its airway bill. Spread into DESK_REQUESTS and
// DESK_ANSWER_SCHEMAS (./desk.ts), so the endpoint table names them like the rest of the desk's.
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';

const orderRef = requiredText('Order id or number is required', 64);

/** The sheets the airway bill prints on with the packing slip: one A4 sheet, or 4 × 6 inch labels. */
export const LABEL_FORMATS = ['a4', '4x6'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Bodies of the courier calls. */
export const COURIER_REQUESTS = {
  deskBookCourier: z.object({ order: orderRef }),
  /** Without `format`, the courier's airway bill as it gave it; with one, the label and the packing slip. */
  deskCourierLabel: z.object({
    order: orderRef,
    format: z.optional(z.enum(LABEL_FORMATS, { error: 'Format must be a4 or 4x6' })),
  }),
  deskTrackParcels: z.object({}),
  deskBookPacked: z.object({}),
  deskLoadSheet: z.object({}),
  /** A member confirms a COD order awaiting confirmation for a customer who called. */
  deskConfirmCod: z.object({ order: orderRef }),
} as const;

/** A parcel's state as the courier reported it: the shop's word, the courier's, and when. */
export const parcelSeenSchema = z.object({
  /** booked, picked_up, in_transit, out_for_delivery, delivered, attempted, refused, returning, returned, cancelled. */
  state: z.string(),
  status: z.string(),
  /** As the courier wrote it (local time, no zone), when it says. */
  at: z.nullable(z.string()),
  /** When the shop read it (ISO 8601). */
  seenAt: z.string(),
});

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
  /** Where the courier last said the parcel is (absent until the tracking job has read it). */
  parcel: z.optional(parcelSeenSchema),
  /** Failed attempts, refusals and the return, oldest first (absent when none). */
  problems: z.optional(z.array(parcelSeenSchema)),
  /** When a returned parcel's items were marked in stock again (absent until then). */
  restockedAt: z.optional(z.string()),
});

/** A parcel booked and waiting for the courier's rider: one line of the load sheet. */
export const loadSheetParcelSchema = z.object({
  number: z.string(),
  trackingNumber: z.string(),
  /** The consignee's city: where the parcel goes (no name, phone or street on the sheet). */
  city: z.string(),
  /** The cash the courier collects on delivery, in paisa (0 for a paid order). */
  codMinor: z.number(),
  weightGrams: z.number(),
  pieces: z.number(),
  /** ISO 8601. */
  bookedAt: z.string(),
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
  deskTracked: z.object({
    success: z.literal(true),
    message: z.string(),
    /** Parcels asked about, orders moved, problems newly reported, orders restocked. */
    asked: z.number(),
    moved: z.number(),
    problems: z.number(),
    restocked: z.number(),
  }),
  deskBookedPacked: z.object({
    success: z.literal(true),
    message: z.string(),
    courierLabel: z.string(),
    /** The orders this press booked, oldest placed first. */
    booked: z.array(z.object({ number: z.string(), trackingNumber: z.string() })),
    /** The orders it could not book, each with the courier's or the shop's reason. */
    failed: z.array(z.object({ number: z.string(), message: z.string() })),
    /** Packed orders still waiting for a booking after this press (the next press books them). */
    left: z.number(),
  }),
  deskLoadSheet: z.object({
    success: z.literal(true),
    /** The owner's courier now (null when none is connected), and whether it is a stand-in. */
    courier: z.nullable(z.object({ label: z.string(), test: z.boolean() })),
    /** Parcels booked with it whose order is still in Packing: the rider has not picked them up. */
    parcels: z.array(loadSheetParcelSchema),
    /** The sum of the parcels' COD, in paisa. */
    codTotalMinor: z.number(),
  }),
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
  tracked: (label: string, asked: number, moved: number, problems: number) =>
    `Asked ${label} about ${asked} open ${asked === 1 ? 'parcel' : 'parcels'}: ${moved} ${moved === 1 ? 'order' : 'orders'} moved, ${problems} delivery ${problems === 1 ? 'problem' : 'problems'} new.`,
  bookedPacked: (label: string, booked: number, failed: number, left: number) =>
    [
      `Booked ${booked} packed ${booked === 1 ? 'order' : 'orders'} with ${label}.`,
      failed > 0 ? `${failed} could not be booked: see why below.` : '',
      left > 0 ? `${left} more ${left === 1 ? 'waits' : 'wait'}: press again to book them.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  nothingPacked: 'No packed order within Pakistan is waiting to be booked.',
  trackingDown: (label: string) =>
    `${label} did not answer, so no order was moved. The shop asks again on its next run.`,
} as const;

export type DeskCourierBooking = z.infer<typeof deskCourierBookingSchema>;
export type LoadSheetParcel = z.infer<typeof loadSheetParcelSchema>;
