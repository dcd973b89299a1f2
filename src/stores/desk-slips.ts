// Packing slips: one order's, or every order waiting in Order Placed, oldest first (the order they
// were placed in is the order to pack them).
import type { DeskOrder } from '../lib/contract/desk.ts';
import { callDesk } from './desk-call.ts';
import { load, resourceAtom, unloaded } from './desk-resource.ts';

/** How many waiting orders the slips cover at most. */
const SLIP_LIMIT = 500;

/** The orders whose slips are shown, as last loaded. */
export const $slips = resourceAtom<DeskOrder[]>();

async function placedOrders(): Promise<DeskOrder[]> {
  const list = await callDesk('deskOrders', { status: 'Order Placed', limit: SLIP_LIMIT });
  const ids = list.orders.map((o) => o.id).reverse();
  // One order that cannot be read (cancelled meanwhile, say) leaves the others' slips.
  const orders = await Promise.all(
    ids.map((order) =>
      callDesk('deskOrder', { order }).then(
        (a) => a.order,
        () => null,
      ),
    ),
  );
  return orders.filter((o) => o !== null);
}

/** Loads one order's slip (by id or short number), or, with none, every waiting order's. */
export function loadSlips(order?: string): Promise<boolean> {
  $slips.set(unloaded());
  return load($slips, async () =>
    order ? [(await callDesk('deskOrder', { order })).order] : placedOrders(),
  );
}
