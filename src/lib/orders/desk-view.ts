// Pure rules of the desk's order detail beyond its moves: the payment form's prefill and amount
// step, the return steps staff may take next and their buttons, and the refund the form suggests.
// Apart from desk-view.ts so the desk's shell, which loads before any order is open, does not carry
// the return rules.
import { CARD_DECLINED_NOTE } from '../cards.ts';
import { BASE_CURRENCY } from '../currency.ts';
import { currencyDigits, formatMoney } from '../money.ts';
import { orderLineAmounts } from './order-lines.ts';
import { paymentLabel, recordedMethodsFor, type RecordedMethod } from '../payments.ts';
import { PAYMENT_MESSAGES } from '../contract/payments.ts';
import {
  RETURN_STATES,
  RETURN_STATE_LABELS,
  type ReturnKind,
  type ReturnState,
} from '../returns/states.ts';
import { canReturnMove } from '../returns/rules.ts';

/** What the desk's order screen says itself (the server's messages are shown as they come). */
export const ORDER_VIEW_TEXT = {
  copied: (number: string) => `Copied ${number}: paste it into the payment request.`,
  copyFailed: (number: string) => `This phone did not allow copying. The number is ${number}.`,
  paidInFull: 'Paid in full.',
  noPayments: 'No payment recorded yet.',
  noReturns: 'No return or exchange requests.',
  noOpenReturns: 'No open return or exchange requests.',
  /** Where a customer's details would be, to a member the owner has not allowed them. */
  customerHidden:
    "The customer's name, contacts and street are for the owner and the members the owner allows.",
  /** Under the address once its shopper changed it from the order page. */
  addressChanged: (when: string) => `The shopper changed this address on ${when}.`,
  /** Under the contacts when the shopper ticked "Send shipping updates to my WhatsApp". */
  whatsappUpdates: (to: string | null, when: string) =>
    `Shipping updates go to ${to === null ? 'the shopper’s WhatsApp' : `WhatsApp +${to}`} too (Out for Delivery and Delivered): asked at checkout on ${when} (Karachi).`,
} as const;

/** The timeline's line for a shopper's change of the delivery address. */
const ADDRESS_CHANGED_BY_SHOPPER = 'Delivery address changed by the shopper';

/** What the refund form says itself. */
export const REFUND_VIEW_TEXT = {
  confirm: (amount: string, method: string, email: string | null) =>
    `Refund ${amount} by ${method}? ${email ?? 'The shopper'} is mailed the amount, the method and when to expect it.`,
} as const;

/**
 * The methods the payment form offers on an order now: those of its shipping country, cash on
 * delivery only once the order is Delivered (the server refuses it before).
 */
export function methodsToRecord(order: {
  status: string;
  address: { country: string };
}): readonly RecordedMethod[] {
  const allowed = recordedMethodsFor(order.address.country);
  return order.status === 'Delivered' ? allowed : allowed.filter((m) => m !== 'COD');
}

/**
 * Why the order screen offers no "Record payment" yet, in the server's words: a cash on delivery
 * order is paid when it is delivered. Null when a payment can be recorded now.
 */
export function paymentWait(order: { paymentMethod: string; status: string }): string | null {
  if (order.paymentMethod !== 'COD' || order.status === 'Delivered' || order.status === 'Cancelled')
    return null;
  return PAYMENT_MESSAGES.codNotDelivered(order.status);
}

/**
 * What the payment form starts with: the order's own method when it may be recorded now (see
 * methodsToRecord), and what is due.
 */
export function paymentPrefill(order: {
  paymentMethod: string;
  status: string;
  address: { country: string };
  due: number;
}): { method: RecordedMethod; amount: number } {
  const allowed = methodsToRecord(order);
  const method = (allowed as readonly string[]).includes(order.paymentMethod)
    ? (order.paymentMethod as RecordedMethod)
    : allowed[0]!;
  return { method, amount: order.due };
}

/** The step of an amount input in a currency: 1 for PKR, 0.01 for USD (its minor unit). */
export function amountStep(currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? '1' : (1 / 10 ** digits).toFixed(digits);
}

/** Whether a payment by this method needs a reference (all but cash on delivery). */
export const needsReference = (method: string): boolean => method !== 'COD';

/** The steps staff may take next on a request, in the order of its life. */
export function returnActions(r: { kind: ReturnKind; state: ReturnState }): ReturnState[] {
  return RETURN_STATES.filter((to) => canReturnMove(r.kind, r.state, to));
}

/** A step's button: rescheduling reads as such. */
export function returnActionLabel(from: ReturnState, to: ReturnState): string {
  switch (to) {
    case 'approved':
      return 'Approve';
    case 'refused':
      return 'Refuse';
    case 'pickupScheduled':
      return from === 'pickupScheduled' ? 'Reschedule pick-up' : 'Schedule pick-up';
    case 'received':
      return 'Mark received';
    case 'refunded':
      return 'Record refund';
    case 'exchangeShipped':
      return 'Ship exchange';
    default:
      return RETURN_STATE_LABELS[to];
  }
}

/**
 * The refund the form suggests, in PKR: the returned items at the prices paid (never more than the
 * order's total in PKR, the server's limit).
 */
export function refundSuggestion(
  order: { lines: readonly { unitPrice: number }[]; totalPkr: number },
  r: { lines: readonly { line: number; quantity: number }[] },
): number {
  const value = r.lines.reduce(
    (sum, l) => sum + (order.lines[l.line]?.unitPrice ?? 0) * l.quantity,
    0,
  );
  return Math.min(value, order.totalPkr);
}

/**
 * The order screen's lines in the order's currency, so its breakdown reads in one currency (lines,
 * items, delivery and total; the rupee figure only beside the total): each line at the order's rate
 * as it was charged. Null for a rupee order, whose stored lines are already in rupees, and for one
 * priced before that convention, whose converted lines would not add up: it shows its rupee lines.
 */
export function deskLineAmounts(order: {
  lines: readonly { lineTotal: number; quantity: number }[];
  rate: number;
  currency: string;
  amount: number;
}): number[] | null {
  if (order.currency === BASE_CURRENCY) return null;
  return orderLineAmounts({
    items: order.lines,
    rate: order.rate,
    currency: order.currency,
    amount: order.amount,
  });
}

/** How one timeline event reads on the desk: what happened, and its details beside who and when. */
export interface TimelineLine {
  title: string;
  detail: string | null;
}

/**
 * One timeline event as what it is: the order placed, a move ("Moved to Packing"), a payment or a
 * refund with its method and amount in the order's currency, or a step of the order's return or
 * exchange ("Exchange: Pick-up scheduled"). `returnKind` is the kind of the order's request.
 */
export function timelineLine(
  event: {
    kind: 'placed' | 'move' | 'payment' | 'refund' | 'return' | 'address';
    to: string;
    note: string | null;
    returnStep: ReturnState | null;
    method: string | null;
    amount: number | null;
    reference: string | null;
  },
  currency: string,
  returnKind: ReturnKind = 'return',
): TimelineLine {
  switch (event.kind) {
    case 'placed':
      return { title: 'Order placed', detail: event.note };
    case 'address':
      return { title: ADDRESS_CHANGED_BY_SHOPPER, detail: null };
    case 'payment':
    case 'refund': {
      const what = event.kind === 'payment' ? 'Payment received' : 'Refund sent';
      const money = formatMoney(event.amount ?? 0, currency);
      return {
        title: `${what}: ${money} by ${paymentLabel(event.method ?? '')}`,
        detail: event.reference ? `reference ${event.reference}` : null,
      };
    }
    case 'return': {
      const step = event.returnStep ? RETURN_STATE_LABELS[event.returnStep] : event.to;
      return {
        title: `${returnKind === 'exchange' ? 'Exchange' : 'Return'}: ${step}`,
        detail: event.note,
      };
    }
    default:
      // The gateway's decline of a card is an event on the order, not a move.
      if (event.to === 'Order Placed' && event.note === CARD_DECLINED_NOTE)
        return { title: CARD_DECLINED_NOTE, detail: null };
      return {
        title: event.to === 'Cancelled' ? 'Cancelled' : `Moved to ${event.to}`,
        detail: event.note,
      };
  }
}
