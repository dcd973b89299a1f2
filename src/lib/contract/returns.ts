// Returns and exchanges on the wire: the shopper's request (/api/order/return), the desk's steps and
// list (/api/desk/returns/*), the return as its shopper sees it (an optional field of their order)
// and as the desk sees it. Imports only leaf modules: responses.ts and desk.ts's neighbours import it.
import * as z from 'zod/mini';
import {
  REFUND_ACCOUNT_MAX,
  REFUND_METHODS,
  RETURN_KINDS,
  RETURN_STATES,
} from '../returns/states.ts';
import { humanText, requiredText } from './fields.ts';
import { personalSchema } from './desk-order-line.ts';

const success = z.literal(true);
const stateSchema = z.enum(RETURN_STATES);
const kindSchema = z.enum(RETURN_KINDS, { error: 'Please choose return or exchange.' });

/** The longest reason a shopper or staff member may give (as src/lib/returns/rules.ts MAX_RETURN_REASON). */
const REASON_MAX = 300;
/** The most lines one request may name (an order has at most 50 lines). */
const MAX_LINES = 50;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .check(
      z.refine(Number.isInteger, `${name} must be a whole number`),
      z.gte(min, `${name} must be at least ${min}`),
      z.lte(max, `${name} must be at most ${max}`),
    );

/** A desk time typed as Pakistan wall time, as a datetime-local input gives it: YYYY-MM-DDTHH:mm. */
const karachiMinute = requiredText('Time is required', 16).check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Times must be written YYYY-MM-DDTHH:mm'),
);

/** Bodies of the return calls, spread into REQUESTS. */
export const RETURN_REQUESTS = {
  returnRequest: z.object({
    orderId: requiredText('Order id is required', 64),
    kind: kindSchema,
    reason: humanText(
      'Please tell us why you are returning or exchanging these items.',
      REASON_MAX,
    ),
    /** A cash-on-delivery return's refund account: a Pakistani IBAN or mobile wallet number. */
    refundAccount: z.optional(requiredText('Refund account is required', REFUND_ACCOUNT_MAX)),
    items: z
      .array(
        z.object({ line: wholeNumber('Line', 0, 99), quantity: wholeNumber('Quantity', 1, 100) }),
        { error: 'Items must be a list' },
      )
      .check(
        z.minLength(1, 'Please choose at least one item to return or exchange.'),
        z.maxLength(MAX_LINES, `At most ${MAX_LINES} items`),
      ),
  }),
  deskReturnStep: z.object({
    order: requiredText('Order id or number is required', 64),
    to: z.enum(RETURN_STATES, { error: 'Unknown step' }),
    /** The request's version the staff member saw; a newer one refuses the step. */
    version: z.optional(wholeNumber('Version', 1, 1000)),
    reason: z.optional(humanText('Reason is required', REASON_MAX)),
    pickupFrom: z.optional(karachiMinute),
    pickupTo: z.optional(karachiMinute),
    method: z.optional(z.enum(REFUND_METHODS, { error: 'Unknown refund method' })),
    reference: z.optional(humanText('Reference is required', 60)),
    amount: z.optional(wholeNumber('Amount', 1, 10_000_000)),
    /** Whether the owner refunds the delivery fee too (a return's refund covers the returned lines only). */
    includeDelivery: z.optional(z.boolean({ error: 'Include delivery must be true or false' })),
    courier: z.optional(humanText('Courier is required', 60)),
    trackingNumber: z.optional(humanText('Tracking number is required', 60)),
  }),
  deskReturns: z.object({
    state: z.optional(z.enum(RETURN_STATES, { error: 'Unknown step' })),
    open: z.optional(z.boolean({ error: 'Open must be true or false' })),
  }),
} as const;

/** A return or exchange as its shopper sees it with their order. Times in ms since the epoch. */
export const shopperReturnSchema = z.object({
  kind: kindSchema,
  state: stateSchema,
  lines: z.array(
    z.object({
      line: z.number(),
      productName: z.string(),
      selectedColor: z.string(),
      quantity: z.number(),
    }),
  ),
  reason: z.string(),
  requestedAt: z.number(),
  updatedAt: z.number(),
  refusalReason: z.nullable(z.string()),
  pickup: z.nullable(z.object({ from: z.number(), to: z.number() })),
  refund: z.nullable(z.object({ method: z.string(), reference: z.string(), amount: z.number() })),
  exchangeShipping: z.nullable(
    z.object({ courier: z.nullable(z.string()), trackingNumber: z.nullable(z.string()) }),
  ),
});

/** The fields a shopper's order gains: when it was delivered, and its return (both optional). */
export const orderReturnFields = {
  deliveredAt: z.optional(z.number()),
  return: z.optional(shopperReturnSchema),
};

/** A return as the desk shows it: the shopper's view, its version, its order and its steps. */
export const deskReturnSchema = z.extend(shopperReturnSchema, {
  version: z.number(),
  orderId: z.string(),
  number: z.string(),
  name: personalSchema,
  email: personalSchema,
  phone: personalSchema,
  paymentMethod: z.string(),
  totalPkr: z.number(),
  /** Where a cash-on-delivery return's refund goes, as people read it ("IBAN PK36 SCBL …"), or null. */
  refundAccount: z.nullable(z.string()),
  pickupKarachi: z.nullable(z.object({ from: z.string(), to: z.string() })),
  steps: z.array(
    z.object({
      at: z.string(),
      atKarachi: z.string(),
      state: stateSchema,
      by: z.string(),
      note: z.nullable(z.string()),
    }),
  ),
});

/** Answers of the desk's return calls, spread into the desk's answers. */
export const RETURN_ANSWER_SCHEMAS = {
  deskReturnMoved: z.object({ success, message: z.string(), return: deskReturnSchema }),
  deskReturns: z.object({ success, returns: z.array(deskReturnSchema) }),
} as const;

export type ShopperReturn = z.infer<typeof shopperReturnSchema>;
export type DeskReturn = z.infer<typeof deskReturnSchema>;
export type ReturnRequestBody = z.infer<(typeof RETURN_REQUESTS)['returnRequest']>;
export type DeskReturnStepBody = z.infer<(typeof RETURN_REQUESTS)['deskReturnStep']>;
export type DeskReturnsBody = z.infer<(typeof RETURN_REQUESTS)['deskReturns']>;
