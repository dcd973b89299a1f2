// A product's version, as the desk's editor reads it and sends it back when
// saving. It is the SHA-256 of the product's fields (docs/product.md §3), keys sorted, so a save is refused when
// anyone changed any field since the editor read it, whichever adapter stores it. `stock` is left
// out: it follows the colours marked sold out, which the Products list changes while an editor
// is open without touching what the editor shows.
import { createHash } from 'node:crypto';
import type { Product } from '../../lib/product.ts';
import { anyColourInStock } from '../../lib/stock.ts';

/** JSON with every object's keys sorted, so equal products always read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The version of a product: the SHA-256 (hex) of its fields but `stock`. */
export function productVersion(product: Product): string {
  const { stock: _stock, ...fields } = product;
  return createHash('sha256').update(canonical(fields)).digest('hex');
}

/**
 * The product an editor's save stores over a record whose colours `soldOut` were marked sold out:
 * the marks of the colours still listed stay (all of them too: the editor does not change stock,
 * unlike a sheet's "in stock"), and `stock` follows them.
 */
export function editedProduct(product: Product, soldOut: readonly string[] = []): Product {
  const kept = product.colors.filter((c) => soldOut.includes(c));
  return { ...product, stock: anyColourInStock(product.colors, kept) };
}
