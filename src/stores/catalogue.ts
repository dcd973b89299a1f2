import { atom } from 'nanostores';
import { ApiError, api } from '../client/api.ts';
import { LISTING_MESSAGES } from '../lib/messages.ts';
import type { Product } from '../lib/product.ts';

/** The catalogue for the header's overlays (search, favourites, cart panel), loaded on first need. */
export const $products = atom<Product[] | null>(null);

/** Why the last load failed, as the shopper is told (SPEC §8: the server's message, else the generic one). */
export const $productsError = atom<string | null>(null);

let loading: Promise<Product[]> | null = null;

/** Fetches /api/product/list once per page (it is CDN-cached); failures are retried on next call. */
export function loadProducts(): Promise<Product[]> {
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

/** The toast for a failed product-list load: the server's message, else SPEC §8's. */
export function productListMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? error.serverMessage
    : LISTING_MESSAGES.listFailed;
}
