// The desk's payment call: its body, and the messages of the payment rules (asserted verbatim by
// the tests). A leaf module: desk.ts spreads the body into the desk's requests.
import * as z from 'zod/mini';
import { CARD, PAYMENT_METHODS, PAYMENT_PURPOSES, paymentLabel } from '../payments.ts';
import { REFUND_METHODS } from '../returns/states.ts';
import { humanText, requiredText, wholeNumber } from './fields.ts';

/** The largest amount one payment may record, in any currency (far above any order). */
export const MAX_PAYMENT_AMOUNT = 1_000_000_000;

/** An amount for the ledger, in the order's currency: a finite number above 0, within reason. */
const ledgerAmount = z
  .number({ error: 'Amount must be a number' })
  .check(
    z.refine(Number.isFinite, 'Amount must be a number'),
    z.gt(0, 'Amount must be more than 0'),
    z.lte(MAX_PAYMENT_AMOUNT, `Amount must be at most ${MAX_PAYMENT_AMOUNT}`),
  );

/** Body of the desk's deskPayment: the order, how it was paid, how much, and the reference. */
export const paymentBodySchema = z.object({
  order: requiredText('Order id or number is required', 64),
  method: z.enum(PAYMENT_METHODS, {
    error: `Method must be one of: ${PAYMENT_METHODS.join(', ')}`,
  }),
  amount: ledgerAmount,
  reference: z.optional(humanText('Reference is required', 60)),
  /** An exchange's shipping fee, charged on a paid order (EXCHANGE_FEE_RULE). */
  purpose: z.optional(
    z.enum(PAYMENT_PURPOSES, { error: `Purpose must be one of: ${PAYMENT_PURPOSES.join(', ')}` }),
  ),
});

/** What the desk's payment call receives once validated. */
export type PaymentBody = z.infer<typeof paymentBodySchema>;

/** Why a payment cannot be recorded, and what recording one answers. */
export const PAYMENT_MESSAGES = {
  cancelled: 'This order is cancelled: no payment can be recorded on it.',
  codNotDelivered: (status: string) =>
    `Cash on delivery can be recorded once the order is Delivered (it is ${status}).`,
  methodNotAllowed: (method: string, country: string) =>
    `${paymentLabel(method)} is not a payment method for an order to ${country}.`,
  referenceRequired: (method: string) => `A reference is required for ${method} payments.`,
  badMinorUnit: (currency: string, digits: number) =>
    digits === 0
      ? `Amount must be a whole number of ${currency}.`
      : `Amount must have at most ${digits} decimal places in ${currency}.`,
  alreadyPaid: 'This order is already paid in full.',
  moreThanDue: (due: string) => `The amount is more than the ${due} still due on this order.`,
  duplicateReference: (reference: string) =>
    `A payment with reference ${reference} is already recorded: one transaction cannot pay two orders.`,
  exchangeFeeNoExchange:
    'An exchange fee can be recorded only on an order whose exchange was approved.',
  exchangeFeeAgain: "This order's exchange fee is already recorded.",
  moreThanExchangeFee: (fee: string) =>
    `The exchange fee is at most the order's delivery fee, ${fee}.`,
  exchangeFeeRecorded: (amount: string, method: string, number: string) =>
    `Recorded the exchange fee of ${amount} by ${paymentLabel(method)} on order #${number}.`,
  raced: 'Someone else recorded a payment on this order just now. Check it before recording again.',
  recorded: (amount: string, method: string, number: string, due: string | null) =>
    `Recorded ${amount} by ${paymentLabel(method)} on order #${number}. ${
      due === null ? 'It is paid in full.' : `${due} is still due.`
    }`,
} as const;

/** One line a refund pays back: its index on the order (-1: the delivery fee), and how many. */
export const refundLineSchema = z.object({
  index: wholeNumber('Line', -1, 999),
  quantity: wholeNumber('Quantity', 1, 1000),
});

/**
 * Body of the desk's deskRefund: the order, how the money goes back, the lines it pays back (the
 * amount follows from them) or an amount alone (money held beyond the order's worth, an agreed
 * reduction), the staff member's reason, whether the lines go back to stock, and the transfer's
 * or wallet's reference (a card refund's comes from the gateway).
 */
export const refundBodySchema = z
  .object({
    order: requiredText('Order id or number is required', 64),
    method: z.enum([...REFUND_METHODS, CARD], {
      error: `Method must be one of: ${[...REFUND_METHODS, CARD].join(', ')}`,
    }),
    amount: z.optional(ledgerAmount),
    lines: z.optional(
      z.array(refundLineSchema).check(z.minLength(1, 'Choose at least one line'), z.maxLength(100)),
    ),
    restock: z.optional(z.boolean({ error: 'Restock must be true or false' })),
    note: humanText('Say why the refund is made', 200),
    reference: z.optional(humanText('Reference is required', 60)),
  })
  .check(
    z.refine((b) => b.amount !== undefined || b.lines !== undefined, {
      error: 'Choose the lines to refund, or an amount',
      path: ['lines'],
    }),
  );

/** What the desk's refund call receives once validated. */
export type RefundBody = z.infer<typeof refundBodySchema>;

/** Why a refund cannot be recorded, and what recording one answers. */
export const REFUND_MESSAGES = {
  noPayment: 'No payment is recorded on this order, so nothing can be refunded.',
  referenceRequired: (method: string) => `A reference is required for ${method} refunds.`,
  moreThanHeld: (held: string) =>
    `The refund is more than the ${held} paid and not yet refunded on this order.`,
  duplicateReference: (reference: string) =>
    `A refund with reference ${reference} is already recorded.`,
  recorded: (amount: string, method: string, number: string, state: string) =>
    `Refunded ${amount} by ${method} on order #${number}. The order is now ${state}.`,
  unknownLine: (line: number) => `Line ${line + 1} is not on this order.`,
  tooMany: (productName: string, left: number) =>
    left === 0
      ? `${productName} was already refunded in full.`
      : `Only ${left} of ${productName} can still be refunded.`,
  feeAgain: 'The delivery fee was already refunded.',
  moreThanLines: (value: string) => `The refund is more than the ${value} the chosen lines cost.`,
  inFlight:
    'A refund on this order is still being sent. Wait for it to finish, then check the order again.',
} as const;
