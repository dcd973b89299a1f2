// One line of the desk's order list alone, so the look-up's orders (desk-ops.ts) and the list
// (desk.ts) derive from one schema without importing each other.
import * as z from 'zod/mini';
import { CARD_WAITS } from '../cards.ts';
import { FINANCIAL_STATES } from '../orders/ledger.ts';
import { ORDER_STATUSES } from '../orders/status.ts';

/**
 * A customer's detail (name, e-mail, phone, street, postcode) as the desk is sent it: null for a
 * member the owner has not allowed customers' personal data, so it never leaves the server.
 */
export const personalSchema = z.nullable(z.string());

/** One line of the desk's order list. */
export const deskOrderLineSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  placedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment: z.enum(FINANCIAL_STATES),
  paymentMethod: z.string(),
  /** An unpaid card order's state: waiting for its card payment, or declined; absent otherwise. */
  cardWait: z.optional(z.enum(CARD_WAITS)),
  /**
   * A COD order waiting for its shopper's confirmation: since when, and when it is cancelled
   * unless confirmed (ISO 8601 and Karachi time); absent otherwise.
   */
  codWait: z.optional(
    z.object({
      since: z.string(),
      sinceText: z.string(),
      deadline: z.string(),
      deadlineText: z.string(),
      channel: z.nullable(z.string()),
    }),
  ),
  currency: z.string(),
  total: z.number(),
  totalPkr: z.number(),
  name: personalSchema,
  email: personalSchema,
  phone: personalSchema,
  /** Where it goes: what packing needs, sent to every member. */
  city: z.string(),
  items: z.number(),
});
