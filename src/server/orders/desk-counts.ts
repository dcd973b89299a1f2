// What needs the desk's action, counted for its navigation: orders placed and not yet packed, and
// return requests awaiting a decision (a request is only ever made on a delivered order). A sold-out
// colour is not counted: staff mark it themselves, and restocking happens outside the desk.
import type { Store } from '../store/port.ts';

/** The counts beside the desk's Orders and Returns entries. */
export async function countsNeedingAction(store: Store) {
  // The heads are the desk list's own covered read: no order is parsed whole for the first count.
  const [heads, delivered] = await Promise.all([
    store.orders.listHeads(),
    store.orders.list({ status: 'Delivered' }),
  ]);
  return {
    success: true as const,
    ordersToPack: heads.filter((o) => o.status === 'Order Placed').length,
    returnsToDecide: delivered.filter((o) => o.returnRequest?.state === 'requested').length,
  };
}
