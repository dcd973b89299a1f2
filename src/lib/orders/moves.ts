import { ORDER_MESSAGES, TRACKING_MESSAGES } from '../messages.ts';
import { ORDER_STATUSES, type OrderStatus } from './status.ts';

export { ORDER_STATUSES, type OrderStatus };

/** The forward chain an order moves along, one step at a time. */
const CHAIN: readonly OrderStatus[] = ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered'];

/** The statuses from which a shopper may still cancel (docs/product.md §4). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['Order Placed', 'Packing'];

/** Whether a text is one of the order statuses. */
export function isOrderStatus(status: unknown): status is OrderStatus {
  return typeof status === 'string' && (ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether Cancel is offered: only in Order Placed or Packing. */
export function canCancel(status: OrderStatus): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}

/** Whether Track Order is offered: for every status except Cancelled. */
export function canTrack(status: OrderStatus): boolean {
  return status !== 'Cancelled';
}

/** Whether an order may move from one status to another: one step forward, or to Cancelled while cancellable. */
export function canMoveTo(from: OrderStatus, to: OrderStatus): boolean {
  if (to === 'Cancelled') return canCancel(from);
  const i = CHAIN.indexOf(from);
  return i >= 0 && CHAIN[i + 1] === to;
}

/** The tracking message for a status; an unknown status gets 'Unable to track order at the moment.'. */
export function trackingMessage(status: string): string {
  return isOrderStatus(status) ? TRACKING_MESSAGES[status] : ORDER_MESSAGES.trackFailed;
}

/** The reasons a shopper can give when cancelling (docs/product.md §9). */
export const CANCEL_REASONS = [
  'I changed my mind',
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Expected delivery is too late',
  'Other',
] as const;

/** One of the cancellation reasons. */
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Whether a text is one of the cancellation reasons. */
export function isCancelReason(reason: unknown): reason is CancelReason {
  return typeof reason === 'string' && (CANCEL_REASONS as readonly string[]).includes(reason);
}
