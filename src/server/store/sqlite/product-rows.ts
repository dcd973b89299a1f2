// Product rows as the products and orders repositories both read and write them: an order's
// transaction checks its lines against the catalogue and counts them on their products.
import type { DatabaseSync } from 'node:sqlite';
import type { Product } from '../../../lib/product.ts';
import type { OrderRecord, UnavailableLine } from '../port.ts';
import { orderedUnits, unavailability, type StateFields } from '../product-state.ts';
import { parse, type Row, type Statement } from './db.ts';

/** A product row's document: the product and its live state. */
export type StoredProduct = Product & StateFields;

/** Whether a stored product is live (not archived). */
export const isLive = (doc: StoredProduct) => (doc.archivedAt ?? null) === null;

/** Reads and writes of single product rows. */
export interface ProductRows {
  /** The stored product with this id, or null. */
  read(id: string): StoredProduct | null;
  /** UPDATE of a row's document: run(doc JSON, id). */
  setDoc: Statement;
  /**
   * Checks an order's lines against the catalogue inside the order's transaction, then counts
   * them on their products; answers the first line that cannot be had (nothing written then).
   */
  claimLines(order: OrderRecord): UnavailableLine | null;
}

/** The product rows of `db`. */
export function productRows(db: DatabaseSync): ProductRows {
  const get = db.prepare('SELECT doc FROM products WHERE id = ?');
  const setDoc = db.prepare('UPDATE products SET doc = ? WHERE id = ?');
  const read = (id: string) => parse<StoredProduct>(get.get(id) as Row | undefined);
  return {
    read,
    setDoc,
    claimLines(order) {
      const lines = orderedUnits(order).map((line) => ({
        ...line,
        doc: read(line.productId),
      }));
      for (const { productId, color, doc } of lines) {
        const problem = unavailability(doc, productId, color);
        if (problem) return problem;
      }
      for (const { productId, units } of lines) {
        const doc = read(productId)!;
        setDoc.run(JSON.stringify({ ...doc, ordered: (doc.ordered ?? 0) + units }), productId);
      }
      return null;
    },
  };
}
