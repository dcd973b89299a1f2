// Pure rules of the desk's pages: phone links, the moves an order offers, and the desk's screen
// routes (the part of the address after '#', e.g. '#/orders/7133649B').
import { ORDER_STATUSES, canMoveTo, type OrderStatus } from './orders/moves.ts';
import { ORDER_LIST_MAX, phoneDigits } from './desk.ts';

/** Said in place of the desk when its drawing's script does not arrive (a dropped connection). */
export const DESK_NOT_LOADED =
  'The desk could not load. Check the connection, then reload the page.';

/**
 * The international digits of a phone number for wa.me: a Pakistani mobile written locally
 * (0300 1234567) becomes 923001234567; '0092…' and '+92…' lose their prefix. Null when fewer than
 * eight digits remain (no number WhatsApp could reach).
 */
export function internationalDigits(phone: string): string | null {
  let digits = phoneDigits(phone);
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^03\d{9}$/.test(digits)) digits = `92${digits.slice(1)}`;
  else if (/^3\d{9}$/.test(digits)) digits = `92${digits}`;
  return digits.length >= 8 ? digits : null;
}

/** The WhatsApp chat link of a phone number, or null when it has too few digits. */
export function whatsappLink(phone: string): string | null {
  const digits = internationalDigits(phone);
  return digits ? `https://wa.me/${digits}` : null;
}

/** The tel: link of a phone number as written (digits and a leading +), or null when it has none. */
export function telLink(phone: string): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** The statuses an order in `status` may be moved to by staff, in the shop's order. */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMoveTo(status, to));
}

/** A screen's address pattern: segments, with ':name' for a parameter ('orders/:order'). */
export type RoutePattern = string;

/** The parameters of `path` if it fits `pattern` ('orders/:order', 'orders/AB12CD34'), else null. */
export function matchRoute(pattern: RoutePattern, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

/** The address of a screen with its parameters filled in ('#/orders/AB12CD34'). */
export function routeHref(pattern: RoutePattern, params: Record<string, string> = {}): string {
  const path = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.slice(1)] ?? '') : part))
    .join('/');
  return `#/${path}`;
}

/** The screen path of a location hash ('#/orders/x?y' → 'orders/x'); '' for none. */
export function pathOfHash(hash: string): string {
  return hash.replace(/^#\/?/, '').split('?')[0]!.replace(/\/+$/, '');
}

/**
 * The order list's first page on the desk: a phone shows about six orders at once, so the list asks
 * for the newest 25 and lets staff ask for more (measured: drawing 100 cards made most of the desk's
 * blocking time on a 4× slowed phone).
 */
export const ORDER_PAGE = 25;
/** How many more orders "Show more orders" asks for. */
export const ORDER_PAGE_STEP = 50;

/** How many orders to ask for after "Show more orders", when `shown` are listed. */
export function nextOrderLimit(shown: number): number {
  return Math.min(ORDER_LIST_MAX, Math.max(ORDER_PAGE, shown) + ORDER_PAGE_STEP);
}

/** The order list's filters folded behind one button (the search box stays on top). */
export interface FoldedFilters {
  status: string;
  payment: string;
  from: string;
  to: string;
}

/** How many of the folded filters are set. */
export function activeFilterCount(filters: FoldedFilters): number {
  return [filters.status, filters.payment, filters.from, filters.to].filter(Boolean).length;
}

/** The folded filters' button: 'Filters', or 'Filters (2 active)' when some are set. */
export function filtersLabel(active: number): string {
  return active === 0 ? 'Filters' : `Filters (${active} active)`;
}
