// after-purchase: the shopper's order page. One static page (Netlify serves static files; no
// rewrite rule is needed in netlify.toml nor under `npm start`) that reads the order's short number
// from `?n=` and asks the account API for that order of the signed-in shopper.
import { parseShortNumber, shortNumber } from './desk.ts';

/** The order page's path. */
export const ORDER_PAGE = '/yourOrders/order';

/** The link to one order's page: '/yourOrders/order?n=3A4030A3'. */
export function orderPageHref(id: string): string {
  return `${ORDER_PAGE}?n=${shortNumber(id)}`;
}

/** The short number a page address names ('?n=3a4030a3' → '3A4030A3'), or null when none is valid. */
export function numberFromSearch(search: string): string | null {
  const n = new URLSearchParams(search).get('n');
  return n === null ? null : parseShortNumber(n);
}
