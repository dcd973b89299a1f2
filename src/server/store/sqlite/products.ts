// The catalogue's products on SQLite: one row each, its document holding the product and its live
// state, `position` keeping catalogue order.
import type { Product } from '../../../lib/product.ts';
import type { EditedSave, ProductChange, ProductRepository } from '../port.ts';
import {
  archiveStep,
  colourStep,
  importedRecord,
  toProduct,
  toState,
  type StateStep,
} from '../product-state.ts';
import { editedProduct, productVersion } from '../product-version.ts';
import { parse, type Row, type SqliteContext } from './db.ts';
import { isLive, productRows, type StoredProduct } from './product-rows.ts';

/** The products repository over `db`. */
export function sqliteProducts({ db, tx }: SqliteContext): ProductRepository {
  const rows = productRows(db);
  const readProduct = rows.read;
  const q = {
    productAll: db.prepare('SELECT doc FROM products ORDER BY position, id'),
    productCount: db.prepare('SELECT COUNT(*) AS n FROM products'),
    productMaxPos: db.prepare('SELECT COALESCE(MAX(position), -1) AS p FROM products'),
    productUpsert: db.prepare(
      'INSERT INTO products (id, position, doc) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
    ),
    productDelete: db.prepare('DELETE FROM products WHERE id = ?'),
    ordersHolding: db.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE EXISTS (SELECT 1 FROM json_each(orders.doc, '$.items') AS i WHERE json_extract(i.value, '$.productId') = ?)",
    ),
  };
  /** Reads a product, works out its next state and writes it, in one transaction. */
  const stepProduct = (id: string, step: (doc: StoredProduct) => StateStep): ProductChange =>
    tx(() => {
      const doc = readProduct(id);
      if (!doc) return { kind: 'missing' };
      const { write, change } = step(doc);
      if (write) rows.setDoc.run(JSON.stringify(write), id);
      return change;
    });

  return {
    async list() {
      return (q.productAll.all() as Row[])
        .map((r) => parse<StoredProduct>(r) as StoredProduct)
        .filter(isLive)
        .map(toProduct);
    },
    async get(id) {
      const doc = readProduct(id);
      return doc && isLive(doc) ? toProduct(doc) : null;
    },
    async getMany(ids) {
      const found = new Map<string, Product>();
      for (const id of new Set(ids)) {
        const doc = readProduct(id);
        if (doc && isLive(doc)) found.set(id, toProduct(doc));
      }
      return found;
    },
    async upsertMany(products) {
      return tx(() => {
        let inserted = 0;
        let position = Number((q.productMaxPos.get() as Row).p) + 1;
        for (const p of products) {
          const previous = readProduct(p._id);
          q.productUpsert.run(p._id, position++, JSON.stringify(importedRecord(p, previous)));
          if (!previous) inserted++;
        }
        return { inserted, updated: products.length - inserted };
      });
    },
    async count() {
      return Number((q.productCount.get() as Row).n);
    },
    async states(ids) {
      if (ids === undefined)
        return (q.productAll.all() as Row[]).map((r) => toState(parse<StoredProduct>(r)!));
      return [...new Set(ids)].flatMap((id) => {
        const doc = readProduct(id);
        return doc ? [toState(doc)] : [];
      });
    },
    async setColourStock(id, color, inStock) {
      return stepProduct(id, (doc) => colourStep(doc, color, inStock));
    },
    async archive(id, at, by = null) {
      return stepProduct(id, (doc) => archiveStep(doc, at, by));
    },
    async restore(id, by = null) {
      return stepProduct(id, (doc) => archiveStep(doc, null, by));
    },
    async remove(id) {
      return tx(() => {
        const doc = readProduct(id);
        if (!doc) return { kind: 'missing' as const };
        const orders = Number((q.ordersHolding.get(id) as Row).n);
        if (orders > 0) return { kind: 'ordered' as const, orders };
        q.productDelete.run(id);
        return { kind: 'deleted' as const, before: toState(doc) };
      });
    },
    async saveEdited(product, expected, by = null) {
      return tx((): EditedSave => {
        const previous = readProduct(product._id);
        if (expected === null && previous) return { kind: 'taken' };
        if (expected !== null && (!previous || productVersion(toProduct(previous)) !== expected))
          return { kind: 'stale', current: previous ? toState(previous) : null };
        const position = previous
          ? 0 // kept: the upsert leaves an existing row's position alone
          : Number((q.productMaxPos.get() as Row).p) + 1;
        const write = importedRecord(
          editedProduct(product, previous?.soldOut),
          previous,
          new Date(),
          by,
        );
        q.productUpsert.run(product._id, position, JSON.stringify(write));
        return {
          kind: 'saved',
          before: previous ? toState(previous) : null,
          after: toState(write),
        };
      });
    },
  };
}
