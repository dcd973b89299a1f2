import type { Product } from '../../lib/product.ts';
import { seedIfEmpty } from './catalogue.ts';
import { versionToBuild } from './build-version.ts';
import { publishedList } from './published.ts';
import { getStore } from '../store/index.ts';

let catalogue: Promise<{ version: number | null; products: Product[] }> | null = null;

/**
 * The catalogue as pages see it at build time, read once per build from the store: the published
 * version  named by CATALOGUE_VERSION, else the newest one; a store with none
 * yet publishes its draft as version 1. Archived and deleted products stay out, and each product
 * carries its current stock flag. A fresh local SQLite store is seeded from the demo catalogue
 * first; MongoDB is never seeded implicitly (editors import with `npm run shop -- catalogue import`).
 */
function builtCatalogue(): Promise<{ version: number | null; products: Product[] }> {
  catalogue ??= (async () => {
    const store = await getStore();
    if (store.kind === 'sqlite') await seedIfEmpty(store);
    const version = await versionToBuild(store, process.env.CATALOGUE_VERSION);
    return { version: version?.number ?? null, products: await publishedList(store, version) };
  })();
  return catalogue;
}

/** The products the pages show. */
export async function getCatalogue(): Promise<Product[]> {
  return (await builtCatalogue()).products;
}

/** The catalogue version the pages are built from (null: an empty store, nothing published). */
export async function getCatalogueVersion(): Promise<number | null> {
  return (await builtCatalogue()).version;
}
