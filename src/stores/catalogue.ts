import { atom } from 'nanostores';
import { api } from '../client/api.ts';
import type { Product } from '../lib/product.ts';

/** The catalogue for the header's overlays (search, favourites, cart panel), loaded on first need. */
export const $products = atom<Product[] | null>(null);

let loading: Promise<Product[]> | null = null;

/** Fetches /api/product/list once per page (it is CDN-cached); failures are retried on next call. */
export function loadProducts(): Promise<Product[]> {
  loading ??= api
    .productList()
    .then(({ products }) => {
      $products.set(products);
      return products;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
