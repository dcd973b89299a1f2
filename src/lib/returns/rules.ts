// Returns and exchanges (docs/product.md §9, the FAQ's returns page): who may ask, until when, and the steps a
// request goes through. Pure rules, shared by the account service, the desk and the orders page, so
// the page says why not before the shopper tries and the server refuses in the same words.
import { karachiTime } from '../desk.ts';
import type { OrderStatus } from '../orders/status.ts';
import { POLICY, POLICY_TEXT } from '../policy.ts';
import { RETURN_STATE_LABELS, type ReturnKind, type ReturnState } from './states.ts';

export {
  REFUND_METHODS,
  RETURN_KINDS,
  RETURN_STATES,
  RETURN_STATE_LABELS,
  type RefundMethod,
  type ReturnKind,
  type ReturnState,
} from './states.ts';

/** The window after delivery in which a request may be made: 7 days (docs/product.md §9). */
export const RETURN_WINDOW_MS = POLICY.returnDays * 24 * 60 * 60 * 1000;

/** The longest reason a shopper or staff member may give. */
export const MAX_RETURN_REASON = 300;

/** The country returns are offered in (the FAQ: Pakistan only). */
export const RETURN_COUNTRY = 'Pakistan';

/** What shoppers and staff are told, word for word. */
export const RETURN_MESSAGES = {
  notDelivered: 'A return or exchange can be requested once the order has been delivered.',
  abroad: POLICY_TEXT.pakistanOnly,
  windowClosed: (until: string) =>
    `The ${POLICY.returnDays}-day return window for this order closed on ${until} (Pakistan time).`,
  noDeliveryTime:
    'We cannot tell when this order was delivered. Please contact us to arrange a return.',
  alreadyRequested: 'A return or exchange has already been requested for this order.',
  notFound: 'Order not found.',
  noItems: 'Please choose at least one item to return or exchange.',
  unknownLine: 'One of the chosen items is not in this order.',
  duplicateLine: 'Each item may be chosen only once.',
  tooMany: (name: string, ordered: number) =>
    `You ordered ${ordered} of ${name}: you cannot send back more than that.`,
  reasonRequired: 'Please tell us why you are returning or exchanging these items.',
  kindRequired: 'Please choose return or exchange.',
  requested: (kind: ReturnKind) =>
    kind === 'return'
      ? 'Your return request has been sent. We will e-mail you once it is reviewed.'
      : 'Your exchange request has been sent. We will e-mail you once it is reviewed.',
  noReturn: 'This order has no return or exchange request.',
  badStep: (from: ReturnState, to: ReturnState) =>
    `A request that is ${RETURN_STATE_LABELS[from]} cannot become ${RETURN_STATE_LABELS[to]}.`,
  changedBySomeoneElse: (state: ReturnState, by: string) =>
    `This request was just changed by ${by}: it is now ${RETURN_STATE_LABELS[state]}. Reload to see it.`,
  refusalReasonRequired: 'Please give the shopper a reason for refusing.',
  pickupRequired: 'Please give the pick-up window: from and to.',
  pickupOrder: 'The pick-up window must end after it starts.',
  refundRequired: 'Please give the refund method, reference and amount.',
  refundTooMuch: (lines: string, withDelivery: string | null) =>
    withDelivery === null
      ? `The refund cannot be more than the returned items (${lines}).`
      : `The refund cannot be more than the returned items and the delivery fee (${withDelivery}).`,
  refundNoPayment: 'No payment is recorded on this order, so nothing can be refunded.',
  refundMoreThanHeld: (held: string) =>
    `The refund is more than the ${held} paid and not yet refunded on this order.`,
  refundReferenceTaken: (reference: string) =>
    `A refund with reference ${reference} is already recorded.`,
  refundOnlyReturns: 'An exchange is shipped, not refunded.',
  shipOnlyExchanges: 'A return is refunded, not shipped.',
  stepDone: (number: string, state: ReturnState) =>
    `Order #${number}: the request is now ${RETURN_STATE_LABELS[state]}.`,
} as const;

const NEXT: Record<ReturnState, readonly ReturnState[]> = {
  requested: ['approved', 'refused'],
  approved: ['pickupScheduled'],
  refused: [],
  // A missed pick-up is scheduled again.
  pickupScheduled: ['pickupScheduled', 'received'],
  received: ['refunded', 'exchangeShipped'],
  refunded: [],
  exchangeShipped: [],
};

/** Whether a request of this kind may go from one step to another. */
export function canReturnMove(kind: ReturnKind, from: ReturnState, to: ReturnState): boolean {
  if (!NEXT[from].includes(to)) return false;
  if (to === 'refunded') return kind === 'return';
  if (to === 'exchangeShipped') return kind === 'exchange';
  return true;
}

/** Whether a request has reached its end (nothing more will happen to it). */
export function isReturnClosed(state: ReturnState): boolean {
  return NEXT[state].length === 0;
}

/** What the eligibility rule needs to know of an order. */
export interface ReturnFacts {
  status: OrderStatus;
  country: string;
  /** When it was delivered (ms), or null when no move to Delivered was recorded. */
  deliveredAt: number | null;
  /** Whether a request was already made for it (one per order). */
  hasReturn: boolean;
}

/** Whether a request may be made now, and until when; otherwise why not, in the shopper's words. */
export type ReturnEligibility =
  { ok: true; until: number } | { ok: false; reason: string; until?: number };

/**
 * Whether the shopper may ask to return or exchange this order at `now`: delivered, to Pakistan,
 * at most 7 days (7 × 24 h) after delivery, and no request made before.
 */
export function returnEligibility(facts: ReturnFacts, now: number): ReturnEligibility {
  if (facts.hasReturn) return { ok: false, reason: RETURN_MESSAGES.alreadyRequested };
  if (facts.status !== 'Delivered') return { ok: false, reason: RETURN_MESSAGES.notDelivered };
  if (facts.country.trim().toLowerCase() !== RETURN_COUNTRY.toLowerCase())
    return { ok: false, reason: RETURN_MESSAGES.abroad };
  if (facts.deliveredAt === null) return { ok: false, reason: RETURN_MESSAGES.noDeliveryTime };
  const until = facts.deliveredAt + RETURN_WINDOW_MS;
  if (now > until)
    return { ok: false, reason: RETURN_MESSAGES.windowClosed(karachiTime(until)), until };
  return { ok: true, until };
}

/** One chosen line of a request: the order line's index and how many of it. */
export interface ReturnLineChoice {
  line: number;
  quantity: number;
}

/** The message for the first thing wrong with the chosen lines, or null when they fit the order. */
export function checkReturnLines(
  ordered: readonly { productName: string; quantity: number }[],
  chosen: readonly ReturnLineChoice[],
): string | null {
  if (chosen.length === 0) return RETURN_MESSAGES.noItems;
  const seen = new Set<number>();
  for (const c of chosen) {
    const item = ordered[c.line];
    if (!item) return RETURN_MESSAGES.unknownLine;
    if (seen.has(c.line)) return RETURN_MESSAGES.duplicateLine;
    seen.add(c.line);
    if (c.quantity > item.quantity) return RETURN_MESSAGES.tooMany(item.productName, item.quantity);
  }
  return null;
}

/** The moment an order was delivered: its first recorded move to Delivered, or null. */
export function deliveredAt(
  history: readonly { at: string; to: OrderStatus; returnStep?: unknown }[] | undefined,
): number | null {
  const event = history?.find((e) => e.to === 'Delivered' && e.returnStep === undefined);
  return event ? Date.parse(event.at) : null;
}
