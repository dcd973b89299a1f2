// What counts as a change between two catalogues (the draft and a published
// version, or two versions). Stock is live (changed at the desk without a publish), so a product
// whose only difference is its stock flag is not a change to publish.
import type { Product } from './product.ts';

/** A product's published fields as text that does not depend on key order; stock left out. */
export function fingerprint(product: Product): string {
  const { stock: _stock, ...rest } = product;
  return JSON.stringify(rest, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : value,
  );
}

/**
 * How many products differ between two catalogues: added, removed, or with any field changed
 * (stock aside). Against no catalogue at all (null), every product counts.
 */
export function changedProducts(
  previous: readonly Product[] | null,
  next: readonly Product[],
): number {
  if (previous === null) return next.length;
  const before = new Map(previous.map((p) => [p._id, fingerprint(p)]));
  let changed = 0;
  for (const product of next) {
    const was = before.get(product._id);
    if (was === undefined || was !== fingerprint(product)) changed++;
    before.delete(product._id);
  }
  return changed + before.size;
}
