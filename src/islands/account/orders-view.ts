// Pure helpers of the /yourOrders island: how long Track Order glows, and how an order's
// reference and date read. Which orders are listed is the store's (src/lib/orders/list.ts).

import { shortNumber } from '../../lib/desk.ts';

/** How long Track Order buttons stay highlighted after the footer's Track My Order link (docs/product.md §4). */
export const TRACK_HIGHLIGHT_MS = 5000;

/** The short reference shown for an order: the last 8 characters of its id, upper case. */
export function orderReference(id: string): string {
  return shortNumber(id);
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** An order's date (ms since epoch) as '5 July 2026'; an invalid date gives ''. */
export function orderDate(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
}
