import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { LISTING_MESSAGES } from '../../lib/messages.ts';
import { searchHeading, searchProducts } from '../../lib/search.ts';
import type { CardProduct } from './card-product.ts';
import ProductListing from './ProductListing.tsx';

// The query changes only with a new page load: nothing to subscribe to.
const still = () => () => undefined;
const readQuery = () => new URLSearchParams(window.location.search).get('q') ?? '';

/**
 * The results page: every product the query in the address finds, in the listing's grid with its
 * sort menu, filters, counter and Load More. The page is built once for every query, so the query
 * is read in the browser; the static HTML (and hydration) has none.
 */
export default function SearchResults({ products }: { products: CardProduct[] }) {
  const query = useSyncExternalStore(still, readQuery, () => null);
  const found = useMemo(
    () => (query === null ? [] : searchProducts(products, query)),
    [products, query],
  );
  const heading = searchHeading(query ?? '');
  useEffect(() => {
    if (query !== null) document.title = document.title.replace(/^[^|]*/, `${heading} `);
  }, [query, heading]);
  return (
    <>
      {/* React writes the query as text: markup in it is shown, never run. */}
      <h1 className="search-heading">{heading}</h1>
      {query !== null && (
        <ProductListing products={found} showCategory emptyText={LISTING_MESSAGES.empty} />
      )}
    </>
  );
}
