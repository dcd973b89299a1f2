// The shopper's order page. One static page (Netlify serves static files; no
// rewrite rule is needed in netlify.toml nor under `npm start`) that reads the order's short number
// from `?n=` and asks the account API for that order of the signed-in shopper.
import { parseShortNumber, shortNumber } from '../desk.ts';
import { ROUTES } from '../routes.ts';
import { RETURN_STATE_LABELS, type ReturnState } from '../returns/states.ts';

/** The order page's path. */
export const ORDER_PAGE = ROUTES.orderPage;

/**
 * The link to one order's page: '/yourOrders/order?n=3A4030A3'; with a mailed link's `key`, the
 * page shows the order without signing in ('…?n=3A4030A3&k=…').
 */
export function orderPageHref(id: string, key?: string): string {
  return `${ORDER_PAGE}?n=${shortNumber(id)}${key ? `&k=${encodeURIComponent(key)}` : ''}`;
}

/** The short number a page address names ('?n=3a4030a3' → '3A4030A3'), or null when none is valid. */
export function numberFromSearch(search: string): string | null {
  const n = new URLSearchParams(search).get('n');
  return n === null ? null : parseShortNumber(n);
}

/** A mailed link's key in a page address ('&k=…'), or null: the server alone judges it. */
export function linkKeyFromSearch(search: string): string | null {
  const k = new URLSearchParams(search).get('k');
  return k && k.length <= 120 ? k : null;
}

/** What the order page needs of one timeline step. */
interface TimelineStep {
  status: string;
  returnStep: ReturnState | null;
}

/** How one step reads on the timeline: the status, or the return step it records ('Return: Approved'). */
export function stepLabel(step: TimelineStep): string {
  return step.returnStep ? `Return: ${RETURN_STATE_LABELS[step.returnStep]}` : step.status;
}

/** True once the courier's name and tracking number are worth showing (the order has left the shop). */
export function showsTracking(status: string): boolean {
  return status === 'Out for Delivery' || status === 'Delivered';
}

/** What the order page and the order list say of an order's money. */
export const PAYMENT_STATE_WORDS = {
  paid: 'Paid',
  onDelivery: 'Pay in cash when it arrives',
  paidOnDelivery: 'Paid in cash on delivery',
  unpaid: 'Not paid yet',
  cancelled: 'Not paid',
} as const;

/**
 * Where an order's payment stands, in words that are true for its method: a cash-on-delivery
 * order is not "not paid yet" but paid when it arrives (and, once delivered, it was, though staff
 * may not have recorded the cash yet); a cancelled order with nothing paid owes nothing.
 */
export function paymentStateWords(order: {
  paymentMethod: string;
  payment: boolean;
  status: string;
}): string {
  if (order.payment) return PAYMENT_STATE_WORDS.paid;
  if (order.status === 'Cancelled') return PAYMENT_STATE_WORDS.cancelled;
  if (order.paymentMethod !== 'COD') return PAYMENT_STATE_WORDS.unpaid;
  return order.status === 'Delivered'
    ? PAYMENT_STATE_WORDS.paidOnDelivery
    : PAYMENT_STATE_WORDS.onDelivery;
}
