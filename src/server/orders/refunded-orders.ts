// An order refunded in full before it ships is cancelled, never packed: what was bought has all
// gone back, so there is nothing left to send.
import { ledgerSums, type LedgerActor } from '../../lib/orders/ledger.ts';
import type { OrderEvent, OrderRecord, Store } from '../store/port.ts';

/** The reason a cancel for a refund in full gives, on the order and in the shopper's mail. */
export const REFUNDED_IN_FULL = 'Refunded in full before it was sent';

/** Whether the order's refunds have paid back its whole total and it has not yet left the shop. */
export function refundedBeforeShipping(order: OrderRecord): boolean {
  if (order.status !== 'Order Placed' && order.status !== 'Packing') return false;
  const { refundedMinor, totalMinor, heldMinor } = ledgerSums(order);
  return refundedMinor >= totalMinor && heldMinor === 0;
}

/**
 * Cancels `order` when it was refunded in full before it shipped, in one conditional move; the
 * order as it is then (unchanged when it had shipped or moved meanwhile).
 */
export async function cancelIfRefundedInFull(
  store: Store,
  order: OrderRecord,
  by: LedgerActor,
): Promise<OrderRecord> {
  if (!refundedBeforeShipping(order)) return order;
  const event: OrderEvent = {
    at: new Date().toISOString(),
    from: order.status,
    to: 'Cancelled',
    by,
    note: REFUNDED_IN_FULL,
  };
  const moved = await store.orders.transition(order.id, [order.status], 'Cancelled', {
    event,
    cancelReason: REFUNDED_IN_FULL,
  });
  return moved ?? order;
}
