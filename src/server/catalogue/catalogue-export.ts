// `npm run shop -- catalogue export`: what an owner gets before the first `npm start` too.
import type { Product } from '../../lib/product.ts';
import type { Store } from '../store/port.ts';
import { DEMO_CATALOGUE_FILE, readCatalogueFile, validateCatalogue } from './catalogue.ts';

/** The catalogue to export, and whether it came from the store or the demo catalogue file. */
export type CatalogueExport = { products: Product[]; from: 'store' | 'demo' };

/**
 * The store's catalogue; a store with no product yet (before the first `npm start` seeds it) gives
 * the demo catalogue that seeding would load, so an export is never a header alone. The store is
 * left as it is.
 */
export async function catalogueForExport(
  store: Store,
  demoFile = DEMO_CATALOGUE_FILE,
): Promise<CatalogueExport> {
  const products = await store.products.list();
  if (products.length > 0) return { products, from: 'store' };
  const read = await readCatalogueFile(demoFile);
  if (!read.ok) throw new Error(read.errors.join('\n'));
  const checked = validateCatalogue(read.data);
  if (!checked.ok) throw new Error(`The demo catalogue is invalid:\n${checked.errors.join('\n')}`);
  return { products: checked.products, from: 'demo' };
}

/** The line the CLI prints after an export: how many products, from where, into which file. */
export function exportedLine(
  { products, from }: CatalogueExport,
  file: string | undefined,
): string {
  const count = `${products.length} product${products.length === 1 ? '' : 's'}`;
  const into = file ? `Wrote ${count} to ${file}` : `Wrote ${count}`;
  return from === 'store'
    ? `${into}.`
    : `The store has no products yet, so this is the demo catalogue that the first npm start loads: ${into.charAt(0).toLowerCase()}${into.slice(1)}.`;
}
