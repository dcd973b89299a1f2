// The shopper's own order page and removed orders on the wire. POST
// /api/order/show answers one of the caller's orders by its short number, with its timeline and
// tracking; POST /api/order/hide removes one of the caller's orders from their list on every device.
// A leaf module: responses.ts builds the answers from these fields, requests.ts spreads the bodies.
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../orders/status.ts';
import { RETURN_STATES } from '../returns/states.ts';

/** One step of an order as its shopper sees it: when (ms since the epoch), the status, the return step. */
export const shopperEventSchema = z.object({
  at: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Set on a return or exchange step (the status stays Delivered). */
  returnStep: z.nullable(z.enum(RETURN_STATES)),
  /** Set on a change that is not a move: the shopper changed the delivery address. */
  change: z.optional(z.literal('address')),
});

/** What the order page adds to the order: its timeline, oldest first, and its courier and tracking number. */
export const orderPageFields = {
  timeline: z.array(shopperEventSchema),
  courier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  /** The courier's own tracking page for the parcel, once booked with a courier the shop knows. */
  trackingUrl: z.optional(z.nullable(z.string())),
  /** The reader may change the delivery address now: its signed-in owner, while Order Placed and not booked. */
  addressChangeable: z.optional(z.boolean()),
};

/** One step of an order's timeline as its shopper sees it. */
export type ShopperEvent = z.infer<typeof shopperEventSchema>;
