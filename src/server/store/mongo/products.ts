// The catalogue's products on MongoDB: one document each, holding the product, its live state and
// its catalogue position. Writes that read first run in one transaction.
import type { ClientSession } from 'mongodb';
import type { Product } from '../../../lib/product.ts';
import type { EditedSave, ProductChange, ProductRemoval, ProductRepository } from '../port.ts';
import {
  archiveStep,
  colourStep,
  importedRecord,
  toProduct,
  toState,
  type StateStep,
} from '../product-state.ts';
import { editedProduct, productVersion } from '../product-version.ts';
import type { MongoContext } from './context.ts';
import { orderDocs } from './orders.ts';
import { productDocs, stripProduct, unposition, type StoredProduct } from './product-docs.ts';

/** The products repository over `db`. */
export function mongoProducts({ client, db }: MongoContext): ProductRepository {
  const products = productDocs(db);
  const orders = orderDocs(db);
  /** Reads a product, works out its next state and writes it, in one transaction. */
  const stepProduct = async (
    id: string,
    step: (doc: StoredProduct) => StateStep,
  ): Promise<ProductChange> => {
    const session: ClientSession = client.startSession();
    try {
      let change: ProductChange = { kind: 'missing' };
      await session.withTransaction(async () => {
        const doc = await products.findOne({ _id: id }, { session });
        if (!doc) return;
        const next = step(unposition(doc));
        change = next.change;
        if (next.write) {
          const { soldOut, stock, archivedAt, editedBy = null } = next.write;
          await products.updateOne(
            { _id: id },
            { $set: { soldOut, stock, archivedAt, editedBy } },
            { session },
          );
        }
      });
      return change;
    } finally {
      await session.endSession();
    }
  };

  return {
    async list() {
      const docs = await products
        .find({ archivedAt: null }, { sort: { position: 1, _id: 1 } })
        .toArray();
      return docs.map((d) => stripProduct(d) as Product);
    },
    async get(id) {
      return stripProduct(await products.findOne({ _id: id, archivedAt: null }));
    },
    async getMany(ids) {
      const docs = await products
        .find({ _id: { $in: [...new Set(ids)] }, archivedAt: null })
        .toArray();
      return new Map(docs.map((d) => [d._id, stripProduct(d) as Product]));
    },
    async upsertMany(list) {
      if (list.length === 0) return { inserted: 0, updated: 0 };
      // Each record's sold-out colours follow its previous ones, so the previous
      // records are read and the new ones written in one transaction.
      const session: ClientSession = client.startSession();
      try {
        let counts = { inserted: 0, updated: 0 };
        await session.withTransaction(async () => {
          const ids = list.map((p) => p._id);
          const previous = new Map(
            (await products.find({ _id: { $in: ids } }, { session }).toArray()).map((d) => [
              d._id,
              unposition(d),
            ]),
          );
          const last = await products
            .find({}, { sort: { position: -1 }, limit: 1, session })
            .toArray();
          let position = Number(last[0]?.position ?? -1) + 1;
          const result = await products.bulkWrite(
            list.map((p) => {
              const { _id, ...fields } = importedRecord(p, previous.get(p._id) ?? null);
              // _id stays out of $set: it is immutable, and the upsert takes it from the filter.
              return {
                updateOne: {
                  filter: { _id },
                  update: { $set: fields, $setOnInsert: { position: position++ } },
                  upsert: true,
                },
              };
            }),
            { ordered: true, session },
          );
          counts = {
            inserted: result.upsertedCount,
            updated: list.length - result.upsertedCount,
          };
        });
        return counts;
      } finally {
        await session.endSession();
      }
    },
    async count() {
      return products.countDocuments();
    },
    async states(ids) {
      if (ids === undefined) {
        const docs = await products.find({}, { sort: { position: 1, _id: 1 } }).toArray();
        return docs.map((d) => toState(unposition(d)));
      }
      const unique = [...new Set(ids)];
      const docs = await products.find({ _id: { $in: unique } }).toArray();
      const byId = new Map(docs.map((d) => [d._id, toState(unposition(d))]));
      return unique.flatMap((id) => byId.get(id) ?? []);
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
      const session: ClientSession = client.startSession();
      try {
        let removal: ProductRemoval = { kind: 'missing' };
        await session.withTransaction(async () => {
          const doc = await products.findOne({ _id: id }, { session });
          if (!doc) return;
          const held = await orders.countDocuments({ 'items.productId': id }, { session });
          if (held > 0) {
            removal = { kind: 'ordered', orders: held };
            return;
          }
          await products.deleteOne({ _id: id }, { session });
          removal = { kind: 'deleted', before: toState(unposition(doc)) };
        });
        return removal;
      } finally {
        await session.endSession();
      }
    },
    async saveEdited(product, expected, by = null) {
      const session: ClientSession = client.startSession();
      try {
        let saved: EditedSave = { kind: 'taken' };
        await session.withTransaction(async () => {
          const doc = await products.findOne({ _id: product._id }, { session });
          const previous = doc ? unposition(doc) : null;
          if (expected === null && previous) {
            saved = { kind: 'taken' };
            return;
          }
          if (
            expected !== null &&
            (!previous || productVersion(toProduct(previous)) !== expected)
          ) {
            saved = { kind: 'stale', current: previous ? toState(previous) : null };
            return;
          }
          const last = await products
            .find({}, { sort: { position: -1 }, limit: 1, session })
            .toArray();
          const { _id, ...fields } = importedRecord(
            editedProduct(product, previous?.soldOut),
            previous,
            new Date(),
            by,
          );
          await products.updateOne(
            { _id },
            {
              $set: fields,
              $setOnInsert: { position: Number(last[0]?.position ?? -1) + 1 },
            },
            { upsert: true, session },
          );
          saved = {
            kind: 'saved',
            before: previous ? toState(previous) : null,
            after: toState({ _id, ...fields }),
          };
        });
        return saved;
      } finally {
        await session.endSession();
      }
    },
  };
}
