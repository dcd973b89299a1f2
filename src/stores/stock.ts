// live-stock (issue 23): the shop's current stock, colour by colour, as GET /api/stock answered
// it. The product page's buy box and the cart read it; the static page's "In Stock" was true at
// build time, and this answer wins once it comes.
import { map } from 'nanostores';
import { fetchStock } from '../client/stock.ts';
import type { ColourStock } from '../lib/stock.ts';

/** Per product id: its colours' stock, or 'gone' (archived or deleted). Absent: not asked yet. */
export const $stock = map<Record<string, ColourStock[] | 'gone'>>({});

let pending: { key: string; done: Promise<void> } | null = null;

/**
 * Asks for the current stock of these products and keeps it in $stock; asking again for the same
 * ids while a call runs waits for that call. A failed call changes nothing.
 */
export function loadStock(ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)].slice(0, 50);
  const key = unique.join(',');
  if (unique.length === 0) return Promise.resolve();
  if (pending?.key === key) return pending.done;
  const done = fetchStock(unique).then((products) => {
    if (products === null) return;
    for (const id of unique) {
      const found = products.find((p) => p._id === id);
      $stock.setKey(id, found ? found.colours : 'gone');
    }
  });
  pending = { key, done };
  void done.finally(() => {
    if (pending?.done === done) pending = null;
  });
  return done;
}

/** Whether a colour is in stock as last read: true/false, or null when not known yet. */
export function colourInStock(
  stock: Record<string, ColourStock[] | 'gone'>,
  productId: string,
  color: string,
): boolean | null {
  const colours = stock[productId];
  if (colours === undefined) return null;
  if (colours === 'gone') return false;
  return colours.some((c) => c.color.toLowerCase() === color.toLowerCase() && c.inStock);
}
