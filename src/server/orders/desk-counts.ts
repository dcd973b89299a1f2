// What needs the desk's action, counted for its navigation: orders placed and not yet packed, and
// return requests awaiting a decision; an order paid online (card, or wallet by API) still waiting
// for (or declined) its payment, and a COD order still awaiting its shopper's confirmation, are not work yet (a request is only ever made on a delivered order). A sold-out colour is not counted: staff mark it themselves, and restocking happens outside the desk.
import { awaitsConfirmation } from '../../lib/orders/cod-confirmation.ts';
import type { OrderHead, Store } from '../store/port.ts';
import { isUnpaidCard } from './card-orders.ts';

/**
 * Whether an order placed is the shop's to pack: not one to be paid online (a card, or a wallet
 * by its API) still waiting for its payment, nor a COD order awaiting its shopper's confirmation
 * (Move to Packing refuses both).
 */
export const toPack = (o: OrderHead) =>
  o.status === 'Order Placed' && !isUnpaidCard(o) && !awaitsConfirmation(o);

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
