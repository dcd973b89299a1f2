// The answers the desk's first drawing waits for, alone: who is signed in, the order list's first
// page and the bar's counts. The browser parses them with these few schemas (src/client/desk-calls.ts)
// while the schemas of every other desk answer (./desk.ts, which spreads these in) are still loading:
// building those took a slow phone's main thread for about 200 ms before the first order showed.
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '../orders/status.ts';
import { deskOrderLineSchema } from './desk-order-line.ts';

const success = z.literal(true);

/** A member's role. */
export const roleSchema = z.enum(['owner', 'staff'], { error: 'Role must be owner or staff' });

/** A staff member as the desk shows them: never a password hash, secret or invitation hash. */
export const deskStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  status: z.enum(['invited', 'active', 'removed']),
  createdAt: z.string(),
  invitedBy: z.nullable(z.string()),
  inviteExpiresAt: z.nullable(z.number()),
  /** Whether they may see customers' personal data (always, for an owner). */
  personalData: z.boolean(),
  /** Whether they may send refunds (always, for an owner). */
  refunds: z.boolean(),
  /** Whether they may see sales figures: the business view and the export (always, for an owner). */
  sales: z.boolean(),
  /** Whether they may publish the catalogue (always, for an owner). */
  publish: z.boolean(),
});

/** Answers of the calls the desk's first drawing waits for. */
export const DESK_START_ANSWER_SCHEMAS = {
  deskMe: z.object({
    success,
    staff: deskStaffSchema,
    /** Whether push is set up, and a SHA-256 (base64url) of each of the member's push addresses. */
    alerts: z.object({ ready: z.boolean(), devices: z.array(z.string()) }),
    /** The owner's courier that Book uses (null when none is connected), and whether it is a stand-in. */
    courier: z.nullable(z.object({ label: z.string(), test: z.boolean() })),
  }),
  deskCounts: z.object({ success, ordersToPack: z.number(), returnsToDecide: z.number() }),
  deskOrders: z.object({
    success,
    orders: z.array(deskOrderLineSchema),
    matched: z.number(),
    counts: z.record(z.enum(ORDER_STATUSES), z.number()),
  }),
} as const;
