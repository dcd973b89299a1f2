// Carts on MongoDB: one document per user, the cart kept as one JSON value with a version for
// optimistic concurrency. Placing an order empties its owner's cart in the order's transaction, so
// the orders repository writes these documents too.
import type { Collection, Db } from 'mongodb';
import { StoreUnavailableError, type CartMap, type CartRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

/** A cart document: the cart as JSON, and its version. */
export type CartDoc = { _id: string; data: string; version: number };

/** The carts collection of `db`. */
export const cartDocs = (db: Db): Collection<CartDoc> => db.collection<CartDoc>('carts');

/** The carts repository over `db`. */
export function mongoCarts({ db, isDuplicate }: MongoContext): CartRepository {
  const carts = cartDocs(db);
  const readCart = async (userId: string) => {
    const doc = await carts.findOne({ _id: userId });
    return {
      data: doc ? (JSON.parse(doc.data) as CartMap) : {},
      version: doc?.version ?? 0,
      exists: !!doc,
    };
  };

  return {
    async get(userId) {
      return (await readCart(userId)).data;
    },
    async update(userId, change) {
      // Optimistic concurrency on a version field: colour names may hold '.' or '$', so the
      // nested map is stored as one JSON value rather than as Mongo field paths. A lost race
      // re-reads and re-applies `change`, so caps inside it hold under concurrency.
      for (let attempt = 0; attempt < 50; attempt++) {
        const current = await readCart(userId);
        const next = change(current.data);
        const data = JSON.stringify(next);
        try {
          const result = current.exists
            ? await carts.updateOne(
                { _id: userId, version: current.version },
                { $set: { data }, $inc: { version: 1 } },
              )
            : await carts.updateOne(
                { _id: userId },
                { $setOnInsert: { data, version: 1 } },
                { upsert: true },
              );
          if (current.exists ? result.modifiedCount === 1 : result.upsertedCount === 1) return next;
        } catch (error) {
          if (!isDuplicate(error)) throw error;
        }
      }
      throw new StoreUnavailableError('cart update kept conflicting; try again');
    },
    async set(userId, cart) {
      await carts.updateOne(
        { _id: userId },
        { $set: { data: JSON.stringify(cart) }, $inc: { version: 1 } },
        { upsert: true },
      );
    },
  };
}
