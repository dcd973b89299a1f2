// Pure helpers of the /yourOrders island: which lines show and how their dates read.
import type { Order } from '../../client/api.ts';

/** How long Track Order buttons stay highlighted after the footer's Track My Order link (SPEC §4). */
export const TRACK_HIGHLIGHT_MS = 5000;

/** The removed-order ids as stored: a JSON array of strings; anything else counts as none. */
export function toRemovedIds(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** The removed ids with one more, without duplicates. */
export function addRemovedId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

/** The orders still listed: those the shopper has not removed, in the server's order. */
export function visibleOrders(orders: readonly Order[], removed: readonly string[]): Order[] {
  return orders.filter((o) => !removed.includes(o._id));
}

/** The short reference shown for an order: the last 8 characters of its id, upper case. */
export function orderReference(id: string): string {
  return id.slice(-8).toUpperCase();
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** An order's date (ms since epoch) as '5 July 2026'; an invalid date gives ''. */
export function orderDate(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
