// The shop's pages, by kind, for journeys that visit each of them.
import { MARGALLA } from './catalogue.ts';

/** The FAQ's topics (/faq/<topic>). */
export const FAQ_TOPICS = ['products', 'orders', 'returns', 'payments', 'delivery'] as const;

export const LEGAL_PAGES = ['/privacy-policy', '/terms-of-service'] as const;

/** The content pages: every FAQ topic, the legal pages and the bare 404 page. */
export const CONTENT_PAGES = [...FAQ_TOPICS.map((t) => `/faq/${t}`), ...LEGAL_PAGES, '/404'];

/** The storefront's pages: home, the listings, a product page and the country picker. */
export const STOREFRONT_PAGES = [
  '/',
  '/Collections',
  '/Handbags',
  '/Bagpacks',
  '/Sleeves',
  '/BestSellers',
  '/under999',
  MARGALLA.path,
  '/selectCountry',
];
