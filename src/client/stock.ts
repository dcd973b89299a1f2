// The browser's read of GET /api/stock, kept apart from src/client/api.ts so
// the product page loads a few hundred bytes instead of the answer schemas; the few fields read
// are checked by hand. The answer may be up to 60 s old (browser and CDN caches).
import { API_ROUTES } from './api-routes.ts';
import { API_TIMEOUT_MS } from './api.ts';
import type { ColourStock, ProductStock } from '../lib/stock.ts';

const isColour = (c: unknown): c is ColourStock =>
  typeof c === 'object' &&
  c !== null &&
  typeof (c as ColourStock).color === 'string' &&
  typeof (c as ColourStock).inStock === 'boolean';

const isProduct = (p: unknown): p is ProductStock =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as ProductStock)._id === 'string' &&
  Array.isArray((p as ProductStock).colours) &&
  (p as ProductStock).colours.every(isColour);

/**
 * The current stock of these products (those on sale; an archived or deleted one is absent), or
 * null when the call failed or answered something else: the caller keeps what the page said.
 */
export async function fetchStock(ids: readonly string[]): Promise<ProductStock[] | null> {
  try {
    const query = ids.map(encodeURIComponent).join(',');
    const res = await fetch(`${API_ROUTES.stock[1]}?ids=${query}`, {
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const answer = (await res.json()) as { products?: unknown };
    const products = answer.products;
    return Array.isArray(products) && products.every(isProduct) ? products : null;
  } catch {
    return null;
  }
}
