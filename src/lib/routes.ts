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
