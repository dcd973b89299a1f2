// What needs the desk's action, counted for its navigation: orders placed and not yet packed, and
// return requests awaiting a decision; a card order still waiting for (or declined by) its card
// payment is not work yet (a request is only ever made on a delivered order). A sold-out colour is not counted: staff mark it themselves, and restocking happens outside the desk.
import { isPaidInFull } from '../../lib/orders/ledger.ts';
import { CARD } from '../../lib/payments.ts';
import type { OrderHead, Store } from '../store/port.ts';

/** Whether an order placed is the shop's to pack: not a card order still waiting for its payment. */
export const toPack = (o: OrderHead) =>
  o.status === 'Order Placed' && !(o.paymentMethod === CARD && !isPaidInFull(o));

/** The counts beside the desk's Orders and Returns entries. */
export async function countsNeedingAction(store: Store) {
  // The heads are the desk list's own covered read: no order is parsed whole for the first count.
  const [heads, delivered] = await Promise.all([
    store.orders.listHeads(),
    store.orders.list({ status: 'Delivered' }),
  ]);
  return {
    success: true as const,
    ordersToPack: heads.filter(toPack).length,
    returnsToDecide: delivered.filter((o) => o.returnRequest?.state === 'requested').length,
  };
}
