// Asks GET /api/stock and keeps the answer in $stock (./stock.ts).
import { fetchStock } from '../client/stock.ts';
import { MAX_STOCK_IDS } from '../lib/stock.ts';
import { $stock } from './stock.ts';

let pending: { key: string; done: Promise<void> } | null = null;

/**
 * Asks for the current stock of these products and keeps it in $stock; asking again for the same
 * ids while a call runs waits for that call. A failed call changes nothing.
 */
export function loadStock(ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)].slice(0, MAX_STOCK_IDS);
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
