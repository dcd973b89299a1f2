import { atom, onMount } from 'nanostores';
import { ApiError, api } from '../client/api.ts';
import { LISTING_MESSAGES } from '../lib/messages.ts';
import type { Product } from '../lib/product.ts';

/**
 * The catalogue for the overlays and pages that list products by id (search, favourites, cart,
 * checkout): null until loaded. It loads itself when the first island reads it, once per page.
 */
export const $products = atom<Product[] | null>(null);

/** Why the last load failed, as the shopper is told (docs/product.md §8: the server's message, else the generic one). */
export const $productsError = atom<string | null>(null);

let loading: Promise<Product[]> | null = null;

/** Fetches /api/product/list once per page (it is CDN-cached); a failure is retried at the next mount. */
function loadProducts(): Promise<Product[]> {
  loading ??= api
    .productList()
    .then(({ products }) => {
      $productsError.set(null);
      $products.set(products);
      return products;
    })
    .catch((error: unknown) => {
      loading = null;
      $productsError.set(productListMessage(error));
      throw error;
    });
  return loading;
}

// A failure is kept in $productsError for the islands to show; the next mount tries again. The
// first reader mounts the store while an island hydrates: the call (its parsers' import, its
// request) starts in a task of its own, so hydration's task does not carry it (on /Checkout at 4×
// CPU it was about 30 ms of one task of 200 ms, Lighthouse's longest).
onMount($products, () => {
  const start = setTimeout(() => loadProducts().catch(() => undefined));
  return () => clearTimeout(start);
});

/** The toast for a failed product-list load: the server's message, else docs/product.md §8's. */
export function productListMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : LISTING_MESSAGES.listFailed;
}
