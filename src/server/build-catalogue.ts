import type { Product } from '../lib/product.ts';
import { seedIfEmpty } from './services/catalogue.ts';
import { getStore } from './store/index.ts';

let catalogue: Promise<Product[]> | null = null;

/**
 * The catalogue as pages see it at build time, read once per build from the store.
 * A fresh local SQLite store is seeded from the demo catalogue first; MongoDB is never seeded
 * implicitly (editors import with `npm run shop -- catalogue import`).
 */
export function getCatalogue(): Promise<Product[]> {
  catalogue ??= (async () => {
    const store = await getStore();
    if (store.kind === 'sqlite') await seedIfEmpty(store);
    return store.products.list();
  })();
  return catalogue;
}
