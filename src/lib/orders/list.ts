// Which of the shopper's orders /yourOrders lists: the server's list, less the cancelled ones the
// shopper removed from this browser's list (docs/product.md §4; the server keeps them).
import type { Order } from '../contract/responses.ts';

/** The removed ids with one more, without duplicates. */
export function addRemovedId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

/** The orders still listed: those the shopper has not removed, in the server's order. */
export function visibleOrders(orders: readonly Order[], removed: readonly string[]): Order[] {
  return orders.filter((o) => !removed.includes(o._id));
}
