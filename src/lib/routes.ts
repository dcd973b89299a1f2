/**
 * Every fixed page route of docs/product.md §2 in its canonical spelling (the pages in src/pages), by name.
 * Links, redirects and the sitemap use these names; the paths are typed only here.
 */
export const ROUTES = {
  home: '/',
  collections: '/Collections',
  handbags: '/Handbags',
  bagpacks: '/Bagpacks',
  sleeves: '/Sleeves',
  bestSellers: '/BestSellers',
  under999: '/under999',
  // Every product a search finds (?q=<the query>).
  search: '/search',
  cart: '/Cart',
  checkout: '/Checkout',
  selectCountry: '/selectCountry',
  settings: '/mySetting',
  favourites: '/favourites',
  yourFavourites: '/yourFavourites',
  orders: '/yourOrders',
  // One order's page (?n=<short number>).
  orderPage: '/yourOrders/order',
  // A COD order's Confirm / Cancel page, opened from the shopper's message (?n=…&k=…).
  confirmOrder: '/order/confirm',
  faq: '/faq',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
} as const;

/** One of the fixed page routes. */
export type PageRoute = (typeof ROUTES)[keyof typeof ROUTES];

/** Every fixed page route, in the spec's order. */
export const PAGE_ROUTES: readonly PageRoute[] = Object.values(ROUTES);

/** The page of one FAQ topic ('returns' → '/faq/returns'). */
export const faqPath = (topic: string): string => `${ROUTES.faq}/${topic}`;

/** The search results page for a query ('maroon tote' → '/search?q=maroon+tote', as a GET form sends it). */
export const searchPath = (query: string): string =>
  `${ROUTES.search}?${new URLSearchParams({ q: query }).toString()}`;

/** The product page path for an id. */
export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;

/**
 * The pages search engines are asked not to index (a shopper's own cart, checkout, account pages and
 * the FAQ index, which only links to the topics). ShopLayout writes their robots meta from this list
 * and the sitemap leaves them out (astro.config.mjs), so the two cannot disagree.
 */
export const NOINDEX_ROUTES: readonly PageRoute[] = [
  ROUTES.cart,
  ROUTES.checkout,
  ROUTES.settings,
  ROUTES.orders,
  ROUTES.orderPage,
  ROUTES.confirmOrder,
  ROUTES.favourites,
  ROUTES.yourFavourites,
  ROUTES.faq,
  // A results page holds nothing of its own: the products have their pages.
  ROUTES.search,
];

/**
 * A path without its trailing slashes ('/Cart///' → '/Cart'; the root stays '/'), in one pass from
 * the end: the regex /\/+$/ retries at every slash of a run and takes quadratic time on a path of
 * many slashes followed by a letter.
 */
export function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47 /* '/' */) end -= 1;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

/**
 * The longest path that may name a page (the longest real one, a product page, is under 80
 * characters). A longer path names no page, whatever it holds, and is answered with the 404 page
 * without being examined.
 */
export const MAX_PAGE_PATH_LENGTH = 1024;

/** The staff desk's area: its own pages, headers and policy, never indexed or linked from the shop. */
export const DESK_PATH = '/desk';

/** The desk's pages (src/pages/desk); its screens live after '#' in /desk's address. */
export const DESK_PAGES = [DESK_PATH, `${DESK_PATH}/invite`] as const;

/** Whether a path is in the staff desk's area ('/desk', '/desk/invite'). */
export function isDeskPath(pathname: string): boolean {
  return pathname === DESK_PATH || pathname.startsWith(`${DESK_PATH}/`);
}

/** Whether a page path (trailing slash or not) is one of NOINDEX_ROUTES or in the desk's area. */
export function isNoindexPath(pathname: string): boolean {
  const path = trimTrailingSlashes(pathname);
  return (NOINDEX_ROUTES as readonly string[]).includes(path) || isDeskPath(path);
}

/** A site link with the short label of the desktop nav and the longer one of the mobile menu. */
export interface NavLink {
  href: string;
  label: string;
  longLabel: string;
}

/** The header's shop links, in the spec's order (docs/product.md §2, Header and footer). */
export const NAV_LINKS: readonly NavLink[] = [
  { href: ROUTES.home, label: 'Home', longLabel: 'Home' },
  { href: ROUTES.bestSellers, label: 'Best Sellers', longLabel: 'Our Best Sellers' },
  { href: ROUTES.collections, label: 'Collections', longLabel: 'All Collections' },
  { href: ROUTES.handbags, label: 'Handbags', longLabel: 'Laptop Handbags' },
  { href: ROUTES.bagpacks, label: 'Bagpacks', longLabel: 'Laptop Bagpacks' },
  { href: ROUTES.sleeves, label: 'Sleeves', longLabel: 'Laptop Sleeves' },
  { href: ROUTES.under999, label: 'Under 999', longLabel: 'Bags Under 999' },
];

/** The footer's Customer Care links. */
export const CARE_LINKS = [
  { href: ROUTES.orders, label: 'Track My Order', trackOrder: true },
  { href: faqPath('returns'), label: 'Return & Exchange' },
  { href: ROUTES.privacy, label: 'Privacy Policy' },
  { href: ROUTES.terms, label: 'Terms of Service' },
  { href: faqPath('products'), label: 'FAQs' },
] as const;

/** Route prefixes whose last segment (a product id, an FAQ topic) is always lower case. */
const LOWER_CASE_SEGMENT_ROUTES = ['/product/', '/faq/'] as const;

const canonicalByLowerCase = new Map<string, string>(
  PAGE_ROUTES.map((route) => [route.toLowerCase(), route]),
);

/**
 * The canonical spelling of a page path typed in another letter case ('/collections' →
 * '/Collections', '/PRODUCT/Margalla-Bag' → '/product/margalla-bag'), or null when the path is
 * already canonical or names no page (a path over MAX_PAGE_PATH_LENGTH never does). Trailing
 * slashes are dropped.
 */
export function canonicalPagePath(pathname: string): string | null {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return null;
  const path = trimTrailingSlashes(pathname);
  const lower = path.toLowerCase();
  let canonical = canonicalByLowerCase.get(lower);
  for (const prefix of LOWER_CASE_SEGMENT_ROUTES) {
    if (
      canonical === undefined &&
      lower.startsWith(prefix) &&
      lower.length > prefix.length &&
      !lower.slice(prefix.length).includes('/')
    ) {
      canonical = lower;
    }
  }
  return canonical !== undefined && canonical !== pathname ? canonical : null;
}

// A product opened in one of its colours (from a colour filter), read by src/stores/product.ts.
/** The query parameter naming the colour a product page opens in. */
export const COLOUR_PARAM = 'colour';
/** A product's page opened in `colour` (the plain path when no colour is given). */
export const productColourPath = (id: string, colour?: string): string =>
  colour ? `${productPath(id)}?${COLOUR_PARAM}=${encodeURIComponent(colour)}` : productPath(id);
