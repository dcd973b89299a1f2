import { MongoClient, MongoServerError, type Db } from 'mongodb';
import type { Product } from '../../lib/product.ts';
import {
  StoreUnavailableError,
  type CartData,
  type OrderRecord,
  type OtpRecord,
  type Store,
  type UserRecord,
} from './port.ts';

// One client per function instance: serverless workers reuse it across invocations.
const clients = new Map<string, Promise<MongoClient>>();

function connect(uri: string): Promise<MongoClient> {
  let client = clients.get(uri);
  if (!client) {
    client = new MongoClient(uri, { serverSelectionTimeoutMS: 4000, connectTimeoutMS: 4000 }).connect();
    client.catch(() => clients.delete(uri));
    clients.set(uri, client);
  }
  return client;
}

async function ensureIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('products').createIndex({ position: 1 }),
    db.collection('users').createIndex({ email: 1 }, { unique: true }),
    db.collection('orders').createIndex({ userId: 1, date: -1 }),
    db.collection('orders').createIndex(
      { idempotencyKey: 1 },
      { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
    ),
    db.collection('otps').createIndex({ expiresAtDate: 1 }, { expireAfterSeconds: 0 }),
    db.collection('limits').createIndex({ resetAtDate: 1 }, { expireAfterSeconds: 0 }),
  ]);
}

type Doc<T> = Omit<T, 'id'> & { _id: string };
const fromDoc = <T extends { id: string }>(doc: Doc<T> | null): T | null => {
  if (!doc) return null;
  const { _id, ...rest } = doc as Doc<T> & Record<string, unknown>;
  delete rest.expiresAtDate;
  delete rest.resetAtDate;
  return { ...(rest as object), id: _id } as T;
};
const toDoc = <T extends { id: string }>(record: T): Doc<T> => {
  const { id, ...rest } = record;
  return { ...rest, _id: id } as Doc<T>;
};
const stripProduct = (doc: Record<string, unknown> | null): Product | null => {
  if (!doc) return null;
  const { position: _position, ...product } = doc;
  return product as unknown as Product;
};

/** Connects to MongoDB and returns the store port over it. */
export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  let db: Db;
  try {
    db = (await connect(uri)).db(dbName);
    await ensureIndexes(db);
  } catch (error) {
    throw new StoreUnavailableError(`cannot reach MongoDB: ${String(error)}`);
  }
  const products = db.collection<Record<string, unknown> & { _id: string }>('products');
  const users = db.collection<Doc<UserRecord>>('users');
  const carts = db.collection<{ _id: string; data: string; version: number }>('carts');
  const orders = db.collection<Doc<OrderRecord>>('orders');
  const otps = db.collection<{ _id: string; codeHash: string; expiresAt: number; attempts: number; expiresAtDate: Date }>('otps');
  const limits = db.collection<{ _id: string; count: number; resetAt: number; resetAtDate: Date }>('limits');
  const rates = db.collection<{ _id: string; rates: Record<string, number>; fetchedAt: number; fallback?: boolean }>('rates');

  const readCart = async (userId: string) => {
    const doc = await carts.findOne({ _id: userId });
    return { data: doc ? (JSON.parse(doc.data) as CartData) : {}, version: doc?.version ?? 0, exists: !!doc };
  };

  return {
    kind: 'mongo',
    products: {
      async list() {
        const docs = await products.find({}, { sort: { position: 1, _id: 1 } }).toArray();
        return docs.map((d) => stripProduct(d) as Product);
      },
      async get(id) {
        return stripProduct(await products.findOne({ _id: id }));
      },
      async getMany(ids) {
        const docs = await products.find({ _id: { $in: [...new Set(ids)] } }).toArray();
        return new Map(docs.map((d) => [d._id, stripProduct(d) as Product]));
      },
      async upsertMany(list) {
        const last = await products.find({}, { sort: { position: -1 }, limit: 1 }).toArray();
        let position = Number(last[0]?.position ?? -1) + 1;
        if (list.length === 0) return { inserted: 0, updated: 0 };
        const result = await products.bulkWrite(
          list.map((p) => ({
            updateOne: {
              filter: { _id: p._id },
              update: { $set: { ...p }, $setOnInsert: { position: position++ } },
              upsert: true,
            },
          })),
          { ordered: true },
        );
        return { inserted: result.upsertedCount, updated: list.length - result.upsertedCount };
      },
      async count() {
        return products.countDocuments();
      },
    },
    users: {
      async findByEmail(email) {
        return fromDoc<UserRecord>(await users.findOne({ email: email.toLowerCase() }));
      },
      async findById(id) {
        return fromDoc<UserRecord>(await users.findOne({ _id: id }));
      },
      async create(user) {
        const record = { ...user, email: user.email.toLowerCase() };
        try {
          await users.insertOne(toDoc(record));
          return record;
        } catch (error) {
          if (error instanceof MongoServerError && error.code === 11000) return null;
          throw error;
        }
      },
      async setPassword(id, passwordHash) {
        return fromDoc<UserRecord>(
          await users.findOneAndUpdate({ _id: id }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } }, { returnDocument: 'after' }),
        );
      },
      async linkGoogle(id, googleSub) {
        return fromDoc<UserRecord>(
          await users.findOneAndUpdate({ _id: id }, { $set: { googleSub } }, { returnDocument: 'after' }),
        );
      },
    },
    carts: {
      async get(userId) {
        return (await readCart(userId)).data;
      },
      async update(userId, change) {
        // Optimistic concurrency on a version field: colour names may hold '.' or '$', so the
        // nested map is stored as one JSON value rather than as Mongo field paths.
        for (let attempt = 0; attempt < 50; attempt++) {
          const current = await readCart(userId);
          const next = change(current.data);
          const data = JSON.stringify(next);
          try {
            const result = current.exists
              ? await carts.updateOne({ _id: userId, version: current.version }, { $set: { data }, $inc: { version: 1 } })
              : await carts.updateOne({ _id: userId }, { $setOnInsert: { data, version: 1 } }, { upsert: true });
            if (current.exists ? result.modifiedCount === 1 : result.upsertedCount === 1) return next;
          } catch (error) {
            if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
          }
        }
        throw new StoreUnavailableError('cart update kept conflicting; try again');
      },
      async set(userId, cart) {
        await carts.updateOne({ _id: userId }, { $set: { data: JSON.stringify(cart) }, $inc: { version: 1 } }, { upsert: true });
      },
    },
    orders: {
      async create(order) {
        try {
          await orders.insertOne(toDoc(order));
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === 11000) || !order.idempotencyKey) throw error;
          const previous = fromDoc<OrderRecord>(await orders.findOne({ idempotencyKey: order.idempotencyKey }));
          return previous && previous.requestHash === order.requestHash && previous.userId === order.userId
            ? { kind: 'replayed', order: previous }
            : { kind: 'conflict' };
        }
        await carts.updateOne({ _id: order.userId }, { $set: { data: '{}' }, $inc: { version: 1 } }, { upsert: true });
        return { kind: 'created', order };
      },
      async get(id) {
        return fromDoc<OrderRecord>(await orders.findOne({ _id: id }));
      },
      async listByUser(userId) {
        const docs = await orders.find({ userId }, { sort: { date: -1, _id: -1 } }).toArray();
        return docs.map((d) => fromDoc<OrderRecord>(d) as OrderRecord);
      },
      async list(filter = {}) {
        const query = filter.status ? { status: filter.status } : {};
        const docs = await orders.find(query, { sort: { date: -1, _id: -1 } }).toArray();
        return docs.map((d) => fromDoc<OrderRecord>(d) as OrderRecord);
      },
      async transition(id, from, to, opts = {}) {
        const filter: Record<string, unknown> = { _id: id, status: { $in: [...from] } };
        if (opts.userId !== undefined) filter.userId = opts.userId;
        const set: Record<string, unknown> = { status: to };
        if (opts.cancelReason !== undefined) set.cancelReason = opts.cancelReason;
        return fromDoc<OrderRecord>(await orders.findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after' }));
      },
    },
    otps: {
      async put(otp) {
        const { email, ...rest } = otp;
        await otps.replaceOne({ _id: email }, { ...rest, expiresAtDate: new Date(otp.expiresAt) }, { upsert: true });
      },
      async get(email) {
        const doc = await otps.findOne({ _id: email });
        if (!doc) return null;
        return { email: doc._id, codeHash: doc.codeHash, expiresAt: doc.expiresAt, attempts: doc.attempts } satisfies OtpRecord;
      },
      async addAttempt(email) {
        const doc = await otps.findOneAndUpdate({ _id: email }, { $inc: { attempts: 1 } }, { returnDocument: 'after' });
        return doc?.attempts ?? 0;
      },
      async delete(email) {
        return (await otps.deleteOne({ _id: email })).deletedCount === 1;
      },
    },
    limits: {
      async hit(key, windowMs, now = Date.now()) {
        const live = { $gt: ['$resetAt', now] };
        const doc = await limits.findOneAndUpdate(
          { _id: key },
          [
            {
              $set: {
                count: { $cond: [live, { $add: ['$count', 1] }, 1] },
                resetAt: { $cond: [live, '$resetAt', now + windowMs] },
                resetAtDate: { $cond: [live, '$resetAtDate', new Date(now + windowMs)] },
              },
            },
          ],
          { upsert: true, returnDocument: 'after' },
        );
        return { count: doc?.count ?? 1, resetAt: doc?.resetAt ?? now + windowMs };
      },
      async release(key, now = Date.now()) {
        await limits.updateOne({ _id: key, resetAt: { $gt: now }, count: { $gt: 0 } }, { $inc: { count: -1 } });
      },
      async reset(key) {
        await limits.deleteOne({ _id: key });
      },
    },
    rates: {
      async get() {
        const doc = await rates.findOne({ _id: 'latest' });
        return doc ? { rates: doc.rates, fetchedAt: doc.fetchedAt, ...(doc.fallback ? { fallback: true } : {}) } : null;
      },
      async put(record) {
        await rates.replaceOne({ _id: 'latest' }, record, { upsert: true });
      },
    },
    async close() {
      // The client is shared per instance and closed with the process.
    },
  };
}
