// Product documents as the products and orders repositories both read and write them: the product,
// its live state and its catalogue `position`; an order's transaction counts its lines on them.
import type { ClientSession, Collection, Db, Document } from 'mongodb';
import type { Product } from '../../../lib/product.ts';
import type { OrderRecord } from '../port.ts';
import {
  LineUnavailable,
  orderedUnits,
  toProduct,
  unavailability,
  type StateFields,
} from '../product-state.ts';

/** A product document: the product, its live state and its position. */
export type ProductDoc = Record<string, unknown> & { _id: string };

/** A stored product without its position: the product and its live state. */
export type StoredProduct = Product & StateFields;

/** The products collection of `db`. */
export const productDocs = (db: Db): Collection<ProductDoc> =>
  db.collection<ProductDoc>('products');

/** A stored product document without its catalogue position. */
export const unposition = (doc: Record<string, unknown>): StoredProduct => {
  const { position: _position, ...product } = doc;
  return product as unknown as StoredProduct;
};

/** The product a document holds, without position or state, or null for no document. */
export const stripProduct = (doc: Record<string, unknown> | null): Product | null => {
  if (!doc) return null;
  return toProduct(unposition(doc));
};

/**
 * Checks each line of an order and counts it on its product, one conditional write per line in
 * the order's transaction (a concurrent stock change or delete of that product conflicts with
 * it); throws LineUnavailable, which rolls the transaction back, for the first line that fails.
 */
export async function claimLines(
  products: Collection<ProductDoc>,
  order: OrderRecord,
  session: ClientSession,
): Promise<void> {
  for (const { productId, color, units } of orderedUnits(order)) {
    const { matchedCount } = await products.updateOne(
      { _id: productId, archivedAt: null, colors: color, soldOut: { $ne: color } },
      { $inc: { ordered: units } } as Document,
      { session },
    );
    if (matchedCount === 1) continue;
    const doc = await products.findOne({ _id: productId }, { session });
    throw new LineUnavailable(
      unavailability(doc && unposition(doc), productId, color) ?? {
        productId,
        color,
        reason: 'gone',
      },
    );
  }
}
