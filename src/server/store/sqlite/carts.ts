// Carts on SQLite: one row per user, the cart as JSON. Placing an order empties its owner's cart
// in the order's transaction, so the orders repository writes these rows too.
import type { DatabaseSync } from 'node:sqlite';
import type { CartMap, CartRepository } from '../port.ts';
import { parse, type Row, type SqliteContext, type Statement } from './db.ts';

/** Reads and writes of cart rows. */
export interface CartRows {
  /** The user's cart, empty when none is stored. */
  read(userId: string): CartMap;
  /** Upsert of a user's cart: run(userId, cart JSON). */
  put: Statement;
}

/** The cart rows of `db`. */
export function cartRows(db: DatabaseSync): CartRows {
  const cartGet = db.prepare('SELECT data FROM carts WHERE user_id = ?');
  const put = db.prepare(
    'INSERT INTO carts (user_id, data) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET data = excluded.data',
  );
  return {
    read: (userId) => parse<CartMap>(cartGet.get(userId) as Row | undefined, 'data') ?? {},
    put,
  };
}

/** The carts repository over `db`. */
export function sqliteCarts({ db, tx }: SqliteContext): CartRepository {
  const rows = cartRows(db);
  return {
    async get(userId) {
      return rows.read(userId);
    },
    async update(userId, change) {
      return tx(() => {
        const next = change(rows.read(userId));
        rows.put.run(userId, JSON.stringify(next));
        return next;
      });
    },
    async set(userId, cart) {
      rows.put.run(userId, JSON.stringify(cart));
    },
  };
}
