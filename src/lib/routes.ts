/** A site link with the short label of the desktop nav and the longer one of the mobile menu. */
export interface NavLink {
  href: string;
  label: string;
  longLabel: string;
}

/** The header's shop links, in the spec's order (SPEC §2, Header and footer). */
export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home', longLabel: 'Home' },
  { href: '/BestSellers', label: 'Best Sellers', longLabel: 'Our Best Sellers' },
  { href: '/Collections', label: 'Collections', longLabel: 'All Collections' },
  { href: '/Handbags', label: 'Handbags', longLabel: 'Laptop Handbags' },
  { href: '/Bagpacks', label: 'Bagpacks', longLabel: 'Laptop Bagpacks' },
  { href: '/Sleeves', label: 'Sleeves', longLabel: 'Laptop Sleeves' },
  { href: '/under999', label: 'Under 999', longLabel: 'Bags Under 999' },
];

/** The footer's Customer Care links. */
export const CARE_LINKS = [
  { href: '/yourOrders', label: 'Track My Order', trackOrder: true },
  { href: '/faq/returns', label: 'Return & Exchange' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
  { href: '/faq/products', label: 'FAQs' },
] as const;

/** The product page path for an id. */
export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;

/** Every fixed page route of SPEC §2, in its canonical spelling (the pages in src/pages). */
export const PAGE_ROUTES = [
  '/',
  '/Collections',
  '/Handbags',
  '/Bagpacks',
  '/Sleeves',
  '/BestSellers',
  '/under999',
  '/Cart',
  '/Checkout',
  '/selectCountry',
  '/mySetting',
  '/favourites',
  '/yourFavourites',
  '/yourOrders',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
] as const;

/** Route prefixes whose last segment (a product id, an FAQ topic) is always lower case. */
const LOWER_CASE_SEGMENT_ROUTES = ['/product/', '/faq/'] as const;

const canonicalByLowerCase = new Map<string, string>(
  PAGE_ROUTES.map((route) => [route.toLowerCase(), route]),
);

/**
 * The canonical spelling of a page path typed in another letter case ('/collections' →
 * '/Collections', '/PRODUCT/Margalla-Bag' → '/product/margalla-bag'), or null when the path is
 * already canonical or names no page. A trailing slash is dropped.
 */
export function canonicalPagePath(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
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
