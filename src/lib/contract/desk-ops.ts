// Request and answer schemas of the desk's operations calls: failed shopper mails, the business
// view, the customer look-up and the CSV export. Spread into DESK_REQUESTS and
// DESK_ANSWER_SCHEMAS (./desk.ts), so the endpoint table names them like the rest of the desk's.
import * as z from 'zod/mini';
import { emailSchema } from './checkout.ts';
import { requiredString, requiredText } from './fields.ts';
import { deskOrderLineSchema, personalSchema } from './desk-order-line.ts';

const success = z.literal(true);
const daySchema = requiredString('Date is required').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD'),
);
const limitSchema = z
  .number({ error: 'Limit must be a number' })
  .check(
    z.refine(Number.isInteger, 'Limit must be a whole number'),
    z.gte(1, 'Limit must be at least 1'),
    z.lte(500, 'Limit must be at most 500'),
  );

/** Bodies of the operations calls. */
export const DESK_OPS_REQUESTS = {
  deskMailFailures: z.object({
    all: z.optional(z.boolean({ error: 'All must be true or false' })),
    limit: z.optional(limitSchema),
  }),
  deskMailResend: z.object({ id: requiredText('Mail id is required', 64) }),
  deskBusiness: z.object({}),
  deskCustomer: z.object({ email: emailSchema }),
  deskExport: z.object({ from: daySchema, to: daySchema }),
} as const;

/** A failed shopper mail as the desk lists it. */
export const deskMailFailureSchema = z.object({
  id: z.string(),
  kind: z.enum(['order-confirmation', 'order-status', 'refund']),
  orderId: z.string(),
  number: z.string(),
  /** The shopper's address: null for a member without customers' personal data. */
  to: personalSchema,
  subject: z.string(),
  error: z.string(),
  attempts: z.number(),
  state: z.enum(['failed', 'sending', 'sent', 'given-up']),
  failedAt: z.string(),
  failedAtKarachi: z.string(),
  lastTriedAt: z.string(),
  nextTryAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  sentBy: z.nullable(z.string()),
});

const money = z.object({ currency: z.string(), orders: z.number(), total: z.number() });

/** One period of the business view. */
export const deskPeriodSchema = z.object({
  name: z.enum(['today', '7 days', '30 days']),
  from: z.string(),
  to: z.string(),
  /** Orders placed in the period, cancelled ones included. */
  orders: z.number(),
  /**
   * The books of the period's orders (src/lib/orders/books.ts): units net of lines refunded; sales
   * (orders not cancelled nor awaiting their card payment) and what of them was returned; money
   * collected and refunded on them, whenever it moved, and the net kept; what they still owe, and
   * what is held beyond their worth (a refund due). collectedPkr − refundsPkr = netPkr, and netPkr +
   * outstandingPkr − refundDuePkr = revenuePkr − returnedPkr.
   */
  units: z.number(),
  revenuePkr: z.number(),
  returnedPkr: z.number(),
  collectedPkr: z.number(),
  refundsPkr: z.number(),
  netPkr: z.number(),
  outstandingPkr: z.number(),
  refundDuePkr: z.number(),
  /**
   * COD: what the couriers remitted (collected on COD orders), and what is "with the courier":
   * outstanding on COD orders delivered, not yet remitted (part of outstandingPkr), and on how many.
   */
  codCollectedPkr: z.number(),
  codWithCourierPkr: z.number(),
  codWithCourierOrders: z.number(),
  /** The same per payment method: each column sums to the totals above. */
  methods: z.array(
    z.object({
      method: z.string(),
      collectedPkr: z.number(),
      refundedPkr: z.number(),
      outstandingPkr: z.number(),
      outstandingOrders: z.number(),
    }),
  ),
  currencies: z.array(money),
  topProducts: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      units: z.number(),
      revenuePkr: z.number(),
    }),
  ),
  cancelled: z.number(),
  returns: z.number(),
});

/** One order of a customer look-up: the fields of the desk's list line it shows. */
const customerOrderSchema = z.pick(deskOrderLineSchema, {
  id: true,
  number: true,
  placedAt: true,
  status: true,
  payment: true,
  currency: true,
  total: true,
  totalPkr: true,
  items: true,
});

/** Answers of the operations calls. */
export const DESK_OPS_ANSWER_SCHEMAS = {
  deskMailFailures: z.object({ success, failures: z.array(deskMailFailureSchema) }),
  deskMailResent: z.object({ success, message: z.string(), failure: deskMailFailureSchema }),
  deskBusiness: z.object({
    success,
    generatedAt: z.string(),
    periods: z.array(deskPeriodSchema),
  }),
  deskCustomer: z.object({
    success,
    email: z.string(),
    name: z.nullable(z.string()),
    hasAccount: z.boolean(),
    orders: z.array(customerOrderSchema),
    orderCount: z.number(),
    cancelledCount: z.number(),
    lifetimePkr: z.number(),
    currencies: z.array(money),
  }),
  /** A CSV file (text/csv with a filename), not JSON. */
  deskCsv: z.string(),
} as const;

export type DeskMailFailure = z.infer<typeof deskMailFailureSchema>;
export type DeskPeriod = z.infer<typeof deskPeriodSchema>;
