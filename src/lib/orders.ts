/** An order's statuses in the order they happen, then Cancelled (SPEC §4). */
export const ORDER_STATUSES = [
  'Order Placed',
  'Packing',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;

/** One of an order's statuses. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The forward chain an order moves along, one step at a time. */
const CHAIN: readonly OrderStatus[] = ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered'];

/** The statuses from which a shopper may still cancel (SPEC §4). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['Order Placed', 'Packing'];

/** Whether a text is one of the order statuses. */
export function isOrderStatus(status: unknown): status is OrderStatus {
  return typeof status === 'string' && (ORDER_STATUSES as readonly string[]).includes(status);
}

/** Whether Cancel is offered: only in Order Placed or Packing. */
export function canCancel(status: string): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/** Whether Track Order is offered: for every status except Cancelled. */
export function canTrack(status: string): boolean {
  return isOrderStatus(status) && status !== 'Cancelled';
}

/** Whether an order may move from one status to another: one step forward, or to Cancelled while cancellable. */
export function canMoveTo(from: string, to: string): boolean {
  if (to === 'Cancelled') return canCancel(from);
  const i = CHAIN.indexOf(from as OrderStatus);
  return i >= 0 && CHAIN[i + 1] === to;
}

/** What Track Order tells the shopper for each status (SPEC §4). */
export const TRACKING_MESSAGES: Readonly<Record<OrderStatus, string>> = {
  'Order Placed':
    'Your order has been placed. It usually takes 2-3 business days to process and dispatch.',
  Packing: 'Your order is being packed and will ship soon.',
  'Out for Delivery': 'Your order is out for delivery. Please keep your phone available.',
  Delivered: 'Your order has been delivered. Thank you for shopping with us!',
  Cancelled: 'This order has been cancelled. Please contact support if you need any help.',
};

/** Order, cancel and tracking messages, verbatim from SPEC §4 and §8. */
export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  trackFailed: 'Unable to track order at the moment.',
  cancelFailed: 'Error cancelling order',
  cancelled: 'Order cancelled successfully',
  removed: 'Order removed from your list',
  serverError: 'Server Error',
  placed: 'Order Placed Successfully!',
  loginRequired: 'Please login to place your order.',
  reasonRequired: 'Please select a cancellation reason.',
  confirmCancel: 'Are you sure you want to cancel this order?',
  empty: 'You have not ordered anything',
} as const;

/** The tracking message for a status; an unknown status gets 'Unable to track order at the moment.'. */
export function trackingMessage(status: string): string {
  return isOrderStatus(status) ? TRACKING_MESSAGES[status] : ORDER_MESSAGES.trackFailed;
}

/** The reasons a shopper can give when cancelling (SPEC §9). */
export const CANCEL_REASONS = [
  'I changed my mind',
  'Ordered by mistake',
  'Found a better price elsewhere',
  'Expected delivery is too late',
  'Other',
] as const;

/** One of the cancellation reasons. */
export type CancelReason = (typeof CANCEL_REASONS)[number];
