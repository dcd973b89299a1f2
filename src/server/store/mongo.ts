import { MongoClient, MongoServerError, type ClientSession, type Db, type Document } from 'mongodb';
import type { Product } from '../../lib/product.ts';
import {
  PENDING_SUBSCRIPTION_MS,
  StoreUnavailableError,
  guardOutages,
  subscriptionLinkWorks,
  settled,
  type CartMap,
  type OrderRecord,
  type OtpRecord,
  type ProductChange,
  type ProductRemoval,
  type AuditEntry,
  type MailFailureRecord,
  type RatesRecord,
  type StaffRecord,
  type Store,
  type StoredSettings,
  type SubscriberRecord,
  type UserRecord,
  type CatalogueVersion,
  type DeployState,
} from './port.ts';
import { PENDING_STATES, leftBehind, newVersion, wentLive } from './version-state.ts';
import { isBackedUp } from './collections.ts';
import {
  LineUnavailable,
  archiveStep,
  colourStep,
  importedRecord,
  orderedUnits,
  toProduct,
  toState,
  unavailability,
  type StateFields,
  type StateStep,
} from './product-state.ts';
import type { EditedSave } from './port.ts';
import { editedProduct, productVersion } from './product-version.ts';

/**
 * Client options for serverless: each function instance holds one client with a small pool (15
 * functions × many instances share the cluster's connection limit), and a request fails fast
 * instead of hanging when the cluster cannot be reached.
 */
export const MONGO_CLIENT_OPTIONS = {
  maxPoolSize: 5,
  minPoolSize: 0,
  maxIdleTimeMS: 60_000,
  serverSelectionTimeoutMS: 4000,
  connectTimeoutMS: 4000,
  socketTimeoutMS: 10_000,
} as const;

/** The driver classes the adapter uses; the test double provides the same two. */
export interface MongoDriver {
  MongoClient: new (uri: string, options?: object) => MongoClient;
  MongoServerError: abstract new (...args: never[]) => Error;
}

const realDriver: MongoDriver = { MongoClient, MongoServerError };

// One client per function instance: serverless workers reuse it across invocations.
const clients = new Map<string, Promise<MongoClient>>();

function connect(uri: string, driver: MongoDriver): Promise<MongoClient> {
  const key = driver === realDriver ? uri : `${uri}#double`;
  let client = clients.get(key);
  if (!client) {
    client = new driver.MongoClient(uri, MONGO_CLIENT_OPTIONS).connect();
    client.catch(() => clients.delete(key));
    clients.set(key, client);
  }
  return client;
}

/** Every index the adapter relies on; created by `npm run shop -- db migrate`, never at cold start. */
export const MONGO_INDEXES = [
  { collection: 'products', keys: { position: 1 }, options: { name: 'products_position' } },
  { collection: 'users', keys: { email: 1 }, options: { name: 'users_email', unique: true } },
  { collection: 'orders', keys: { userId: 1, date: -1 }, options: { name: 'orders_user_date' } },
  {
    collection: 'orders',
    keys: { idempotencyKey: 1 },
    options: {
      name: 'orders_idempotency',
      unique: true,
      partialFilterExpression: { idempotencyKey: { $type: 'string' } },
    },
  },
  {
    collection: 'otps',
    keys: { expiresAtDate: 1 },
    options: { name: 'otps_ttl', expireAfterSeconds: 0 },
  },
  {
    collection: 'limits',
    keys: { resetAtDate: 1 },
    options: { name: 'limits_ttl', expireAfterSeconds: 0 },
  },
  {
    collection: 'subscribers',
    keys: { tokenHash: 1 },
    options: {
      name: 'subscribers_token',
      unique: true,
      partialFilterExpression: { tokenHash: { $type: 'string' } },
    },
  },
  { collection: 'staff', keys: { email: 1 }, options: { name: 'staff_email', unique: true } },
  {
    collection: 'staff',
    keys: { inviteHash: 1 },
    options: {
      name: 'staff_invite',
      unique: true,
      partialFilterExpression: { inviteHash: { $type: 'string' } },
    },
  },
  { collection: 'audit', keys: { at: -1 }, options: { name: 'audit_at' } },
  {
    collection: 'mailFailures',
    keys: { state: 1, nextTryAt: 1 },
    options: { name: 'mail_failures_due' },
  },
  { collection: 'mailFailures', keys: { createdAt: -1 }, options: { name: 'mail_failures_at' } },
  { collection: 'orders', keys: { date: -1, _id: -1 }, options: { name: 'orders_date' } },
  // The live version is found without reading every version's products.
  {
    collection: 'catalogueVersions',
    keys: { state: 1, _id: -1 },
    options: { name: 'catalogue_versions_state' },
  },
] as const;

/** Creates the indexes (idempotent); returns their names. */
export async function migrateMongo(
  uri: string,
  dbName: string,
  driver: MongoDriver = realDriver,
): Promise<string[]> {
  const db = (await connect(uri, driver)).db(dbName);
  for (const index of MONGO_INDEXES) {
    await db.collection(index.collection).createIndex(index.keys, index.options);
  }
  return MONGO_INDEXES.map((i) => `${i.collection}.${i.options.name}`);
}

/** The indexes `migrateMongo` would create that the database lacks (for `shop doctor`). */
export async function missingMongoIndexes(
  uri: string,
  dbName: string,
  driver: MongoDriver = realDriver,
): Promise<string[]> {
  const db = (await connect(uri, driver)).db(dbName);
  const missing: string[] = [];
  for (const index of MONGO_INDEXES) {
    const names = await db
      .collection(index.collection)
      .indexes()
      .then((list) => list.map((i) => i.name))
      .catch(() => [] as (string | undefined)[]);
    if (!names.includes(index.options.name))
      missing.push(`${index.collection}.${index.options.name}`);
  }
  return missing;
}

type Doc<T> = Omit<T, 'id'> & { _id: string };
const fromDoc = <T extends { id: string }>(doc: Doc<T> | null): T | null => {
  if (!doc) return null;
  const { _id, ...rest } = doc as Doc<T> & Record<string, unknown>;
  return { ...(rest as object), id: _id } as T;
};
const toDoc = <T extends { id: string }>(record: T): Doc<T> => {
  const { id, ...rest } = record;
  return { ...rest, _id: id } as Doc<T>;
};
const stripProduct = (doc: Record<string, unknown> | null): Product | null => {
  if (!doc) return null;
  return toProduct(unposition(doc));
};
type StoredProduct = Product & StateFields;
/** A stored product document without its catalogue position. */
const unposition = (doc: Record<string, unknown>): StoredProduct => {
  const { position: _position, ...product } = doc;
  return product as unknown as StoredProduct;
};

/**
 * The driver's outage errors (no server to select, a dropped connection, a closed topology): the
 * store is unreachable, which is not a bug of the call.
 */
function mongoOutage(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name ?? '';
  return /^Mongo(ServerSelection|Network|Topology|NotConnected)/.test(name)
    ? `MongoDB unavailable: ${String(error)}`
    : null;
}

/** A backed-up collection's name; anything else is refused. */
function backedUp(collection: string): string {
  if (!isBackedUp(collection)) throw new Error(`${JSON.stringify(collection)} is not backed up`);
  return collection;
}

/** Connects to MongoDB and returns the store port over it. */
export async function openMongoStore(
  uri: string,
  dbName: string,
  driver: MongoDriver = realDriver,
): Promise<Store> {
  let client: MongoClient;
  try {
    client = await connect(uri, driver);
  } catch (error) {
    throw new StoreUnavailableError(`cannot reach MongoDB: ${String(error)}`);
  }
  const db: Db = client.db(dbName);
  const isDuplicate = (error: unknown) =>
    error instanceof driver.MongoServerError && (error as { code?: number }).code === 11000;

  const products = db.collection<Record<string, unknown> & { _id: string }>('products');
  const users = db.collection<Doc<UserRecord>>('users');
  const carts = db.collection<{ _id: string; data: string; version: number }>('carts');
  const orders = db.collection<Doc<OrderRecord>>('orders');
  type OtpDoc = Omit<OtpRecord, 'email'> & { _id: string; expiresAtDate: Date };
  const otps = db.collection<OtpDoc>('otps');
  const limits = db.collection<{ _id: string; count: number; resetAt: number; resetAtDate: Date }>(
    'limits',
  );
  const rates = db.collection<RatesRecord & { _id: string }>('rates');
  type SubscriberDoc = Omit<SubscriberRecord, 'email'> & { _id: string };
  const subscribers = db.collection<SubscriberDoc>('subscribers');
  /** A filter for a subscription whose current link was mailed at `cutoff` or later. */
  const linkMailedSince = (cutoff: number) => ({
    $or: [
      { requestedAt: { $gte: cutoff } },
      { requestedAt: { $exists: false }, createdAt: { $gte: cutoff } },
    ],
  });
  const fromSubscriber = (doc: SubscriberDoc | null): SubscriberRecord | null => {
    if (!doc) return null;
    const { _id, ...rest } = doc;
    return { ...rest, email: _id };
  };

  const staff = db.collection<Doc<StaffRecord>>('staff');
  const audit = db.collection<Doc<AuditEntry>>('audit');
  const locks = db.collection<{ _id: string; version: number }>('locks');
  // Shop settings.
  const settings = db.collection<StoredSettings & { _id: string }>('settings');
  const mailFailures = db.collection<Doc<MailFailureRecord>>('mailFailures');
  // Catalogue versions, one document each: _id is the number, `items` the products.
  type VersionDoc = Omit<CatalogueVersion, 'number'> & { _id: number; items: Product[] };
  const versions = db.collection<VersionDoc>('catalogueVersions');
  const WITHOUT_ITEMS = { projection: { items: 0 } } as const;
  const fromVersion = (doc: VersionDoc | null): CatalogueVersion | null => {
    if (!doc) return null;
    const { _id, items: _items, ...rest } = doc;
    return { number: _id, ...rest };
  };
  const newestVersion = async (filter: object, session?: ClientSession) =>
    (
      await versions
        .find(filter, { sort: { _id: -1 }, limit: 1, ...WITHOUT_ITEMS, session })
        .toArray()
    )[0] ?? null;
  /** Writes what version `number` leaves behind of the older ones, in `session`. */
  const leaveBehind = async (
    number: number,
    at: string,
    byLive: boolean,
    session: ClientSession,
  ) => {
    const states: DeployState[] = byLive ? [...PENDING_STATES, 'live'] : [...PENDING_STATES];
    const older = await versions
      .find({ _id: { $lt: number }, state: { $in: states } }, { ...WITHOUT_ITEMS, session })
      .toArray();
    for (const doc of older) {
      const next = leftBehind(fromVersion(doc)!, at, byLive);
      if (next)
        await versions.updateOne(
          { _id: doc._id },
          { $set: { state: next.state, stateAt: next.stateAt, message: next.message } },
          { session },
        );
    }
  };
  /** Runs `work` in one transaction and answers what it answered. */
  const inTransaction = async <T>(work: (session: ClientSession) => Promise<T>): Promise<T> => {
    const session: ClientSession = client.startSession();
    try {
      let result: T | undefined;
      await session.withTransaction(async () => {
        result = await work(session);
      });
      return result as T;
    } finally {
      await session.endSession();
    }
  };

  const fromOtp = (doc: OtpDoc | null): OtpRecord | null => {
    if (!doc) return null;
    const { _id, expiresAtDate: _date, ...rest } = doc;
    return { ...rest, email: _id };
  };

  const readCart = async (userId: string) => {
    const doc = await carts.findOne({ _id: userId });
    return {
      data: doc ? (JSON.parse(doc.data) as CartMap) : {},
      version: doc?.version ?? 0,
      exists: !!doc,
    };
  };

  /** The order stored under an idempotency key, as a replay or a conflict with this request. */
  const replayOf = async (order: OrderRecord) => {
    const previous = fromDoc<OrderRecord>(
      await orders.findOne({ idempotencyKey: order.idempotencyKey }),
    );
    return previous &&
      previous.requestHash === order.requestHash &&
      previous.userId === order.userId
      ? ({ kind: 'replayed', order: previous } as const)
      : ({ kind: 'conflict' } as const);
  };
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
          const { soldOut, stock, archivedAt } = next.write;
          await products.updateOne(
            { _id: id },
            { $set: { soldOut, stock, archivedAt } },
            { session },
          );
        }
      });
      return change;
    } finally {
      await session.endSession();
    }
  };
  /**
   * Checks each line of an order and counts it on its product, one conditional write per line in
   * the order's transaction (a concurrent stock change or delete of that product conflicts with
   * it); throws LineUnavailable, which rolls the transaction back, for the first line that fails.
   */
  const claimLines = async (order: OrderRecord, session: ClientSession) => {
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
  };

  return guardOutages(
    {
      kind: 'mongo',
      products: {
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
                  d as unknown as StoredProduct,
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
        async archive(id, at) {
          return stepProduct(id, (doc) => archiveStep(doc, at));
        },
        async restore(id) {
          return stepProduct(id, (doc) => archiveStep(doc, null));
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
        async saveEdited(product, expected) {
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
            if (isDuplicate(error)) return null;
            throw error;
          }
        },
        async setPassword(id, passwordHash, opts = {}) {
          const set =
            opts.emailVerified === undefined
              ? { passwordHash }
              : { passwordHash, emailVerified: opts.emailVerified };
          return fromDoc<UserRecord>(
            await users.findOneAndUpdate(
              { _id: id },
              { $set: set, $inc: { tokenVersion: 1 } },
              { returnDocument: 'after' },
            ),
          );
        },
        async linkGoogle(id, googleSub, opts = {}) {
          const set = opts.dropPassword
            ? { googleSub, emailVerified: true, passwordHash: null }
            : { googleSub, emailVerified: true };
          return fromDoc<UserRecord>(
            await users.findOneAndUpdate(
              { _id: id },
              { $set: set, $inc: { tokenVersion: 1 } },
              { returnDocument: 'after' },
            ),
          );
        },
        async bumpTokenVersion(id) {
          return fromDoc<UserRecord>(
            await users.findOneAndUpdate(
              { _id: id },
              { $inc: { tokenVersion: 1 } },
              { returnDocument: 'after' },
            ),
          );
        },
      },
      carts: {
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
              if (current.exists ? result.modifiedCount === 1 : result.upsertedCount === 1)
                return next;
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
      },
      orders: {
        async create(order, opts = {}) {
          // A replayed key answers before the stock check, as on SQLite.
          if (opts.requireStock && order.idempotencyKey) {
            if (await orders.findOne({ idempotencyKey: order.idempotencyKey }))
              return replayOf(order);
          }
          // The order and the emptied cart are one transaction: a crash between them can neither
          // leave an order whose cart is still full nor an emptied cart without its order.
          const session: ClientSession = client.startSession();
          try {
            await session.withTransaction(async () => {
              if (opts.requireStock) await claimLines(order, session);
              await orders.insertOne(toDoc(order), { session });
              await carts.updateOne(
                { _id: order.userId },
                { $set: { data: '{}' }, $inc: { version: 1 } },
                { upsert: true, session },
              );
            });
            return { kind: 'created', order };
          } catch (error) {
            if (error instanceof LineUnavailable) return { kind: 'unavailable', line: error.line };
            if (!isDuplicate(error) || !order.idempotencyKey) throw error;
            return replayOf(order);
          } finally {
            await session.endSession();
          }
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
        async listHeads() {
          const docs = await orders
            .find(
              {},
              {
                sort: { date: -1, _id: -1 },
                projection: { _id: 1, date: 1, status: 1, payment: 1, address: 1 },
              },
            )
            .toArray();
          return docs.map((d) => ({
            id: d._id,
            date: d.date,
            status: d.status,
            payment: d.payment === true,
            email: d.address?.email ?? '',
            firstName: d.address?.firstName ?? '',
            lastName: d.address?.lastName ?? '',
            mobile: d.address?.mobile ?? '',
          }));
        },
        async getMany(ids) {
          const docs = await orders.find({ _id: { $in: [...ids] } }).toArray();
          const found = new Map(docs.map((d) => [d._id, fromDoc<OrderRecord>(d) as OrderRecord]));
          return ids.flatMap((id) => found.get(id) ?? []);
        },
        async transition(id, from, to, opts = {}) {
          const filter: Record<string, unknown> = { _id: id, status: { $in: [...from] } };
          if (opts.userId !== undefined) filter.userId = opts.userId;
          const set: Record<string, unknown> = { status: to };
          if (opts.cancelReason !== undefined) set.cancelReason = opts.cancelReason;
          if (opts.shipping !== undefined) set.shipping = opts.shipping;
          const update = opts.event ? { $set: set, $push: { history: opts.event } } : { $set: set };
          return fromDoc<OrderRecord>(
            await orders.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
          );
        },
        async saveReturn(id, expectedVersion, next, opts) {
          const filter: Record<string, unknown> = {
            _id: id,
            status: 'Delivered',
            ...(expectedVersion === 0
              ? { returnRequest: { $exists: false } }
              : { 'returnRequest.version': expectedVersion }),
          };
          if (opts.userId !== undefined) filter.userId = opts.userId;
          return fromDoc<OrderRecord>(
            await orders.findOneAndUpdate(
              filter,
              { $set: { returnRequest: next }, $push: { history: opts.event } },
              { returnDocument: 'after' },
            ),
          );
        },
        // Payments.
        async addPayment(id, payment, paid, when) {
          const count =
            when.paymentsBefore === 0
              ? { $or: [{ payments: { $exists: false } }, { payments: { $size: 0 } }] }
              : { payments: { $size: when.paymentsBefore } };
          return fromDoc<OrderRecord>(
            await orders.findOneAndUpdate(
              { _id: id, status: { $in: [...when.statuses] }, ...count },
              { $set: { payment: paid }, $push: { payments: payment } },
              { returnDocument: 'after' },
            ),
          );
        },
        // Removed orders.
        async hideForOwner(id, userId) {
          const result = await orders.updateOne(
            { _id: id, userId },
            { $set: { hiddenByOwner: true } },
          );
          return result.matchedCount === 1;
        },
      },
      otps: {
        async put(otp) {
          const { email, ...rest } = otp;
          await otps.replaceOne(
            { _id: email },
            { ...rest, expiresAtDate: new Date(otp.expiresAt) },
            { upsert: true },
          );
        },
        async get(email) {
          return fromOtp(await otps.findOne({ _id: email }));
        },
        async spendAttempt(email, max, now = Date.now()) {
          return fromOtp(
            await otps.findOneAndUpdate(
              { _id: email, expiresAt: { $gt: now }, attempts: { $lt: max } },
              { $inc: { attempts: 1 } },
              { returnDocument: 'after' },
            ),
          );
        },
        async delete(email) {
          return (await otps.deleteOne({ _id: email })).deletedCount === 1;
        },
      },
      limits: {
        async hit(key, windowMs, now = Date.now()) {
          // $inc with upsert on the live window; an expired counter blocks the upsert's insert
          // (same _id), so it is removed conditionally and the hit tried again.
          for (let attempt = 0; attempt < 5; attempt++) {
            try {
              const doc = await limits.findOneAndUpdate(
                { _id: key, resetAt: { $gt: now } },
                {
                  $inc: { count: 1 },
                  $setOnInsert: { resetAt: now + windowMs, resetAtDate: new Date(now + windowMs) },
                },
                { upsert: true, returnDocument: 'after' },
              );
              if (doc) return { count: doc.count, resetAt: doc.resetAt };
            } catch (error) {
              if (!isDuplicate(error)) throw error;
              await limits.deleteOne({ _id: key, resetAt: { $lte: now } });
            }
          }
          throw new StoreUnavailableError(`throttle counter ${key} kept conflicting; try again`);
        },
        async release(key, now = Date.now()) {
          await limits.updateOne(
            { _id: key, resetAt: { $gt: now }, count: { $gt: 0 } },
            { $inc: { count: -1 } },
          );
        },
        async reset(key) {
          await limits.deleteOne({ _id: key });
        },
        async purge(now = Date.now()) {
          return (await limits.deleteMany({ resetAt: { $lte: now } })).deletedCount;
        },
      },
      rates: {
        async get() {
          const doc = await rates.findOne({ _id: 'latest' });
          if (!doc) return null;
          const { _id, ...record } = doc;
          return record;
        },
        async put(record) {
          await rates.replaceOne({ _id: 'latest' }, record, { upsert: true });
        },
      },
      subscribers: {
        async request(email, tokenHash, now = Date.now()) {
          const key = email.toLowerCase();
          // One conditional upsert: a confirmed subscriber is never matched, so never reset to pending.
          try {
            const doc = await subscribers.findOneAndUpdate(
              { _id: key, status: { $ne: 'confirmed' } },
              {
                $set: { status: 'pending', tokenHash, requestedAt: now, confirmedAt: null },
                $setOnInsert: { createdAt: now },
              },
              { upsert: true, returnDocument: 'after' },
            );
            if (doc) return fromSubscriber(doc) as SubscriberRecord;
          } catch (error) {
            if (!isDuplicate(error)) throw error;
          }
          return fromSubscriber(await subscribers.findOne({ _id: key })) as SubscriberRecord;
        },
        async findPending(tokenHash, now = Date.now()) {
          const found = fromSubscriber(await subscribers.findOne({ tokenHash, status: 'pending' }));
          return found && subscriptionLinkWorks(found, now) ? found : null;
        },
        async confirm(tokenHash, now = Date.now()) {
          return fromSubscriber(
            await subscribers.findOneAndUpdate(
              { tokenHash, status: 'pending', ...linkMailedSince(now - PENDING_SUBSCRIPTION_MS) },
              { $set: { status: 'confirmed', tokenHash: null, confirmedAt: now } },
              { returnDocument: 'after' },
            ),
          );
        },
        async purgeExpired(now = Date.now()) {
          const cutoff = now - PENDING_SUBSCRIPTION_MS;
          // Records without requestedAt (written before links expired) count from createdAt.
          const result = await subscribers.deleteMany({
            status: 'pending',
            $or: [
              { requestedAt: { $lt: cutoff } },
              { requestedAt: { $exists: false }, createdAt: { $lt: cutoff } },
            ],
          });
          return result.deletedCount;
        },
        async get(email) {
          return fromSubscriber(await subscribers.findOne({ _id: email.toLowerCase() }));
        },
      },
      staff: {
        async create(member) {
          const record = { ...member, email: member.email.toLowerCase() };
          try {
            await staff.insertOne(toDoc(record));
            return record;
          } catch (error) {
            if (isDuplicate(error)) return null;
            throw error;
          }
        },
        async findById(id) {
          return fromDoc<StaffRecord>(await staff.findOne({ _id: id }));
        },
        async findByEmail(email) {
          return fromDoc<StaffRecord>(await staff.findOne({ email: email.toLowerCase() }));
        },
        async findByInvite(inviteHash) {
          return fromDoc<StaffRecord>(await staff.findOne({ inviteHash }));
        },
        async list() {
          const docs = await staff.find({}, { sort: { createdAt: 1, _id: 1 } }).toArray();
          return docs.map((d) => fromDoc<StaffRecord>(d) as StaffRecord);
        },
        async update(id, change, when = {}) {
          // One conditional findOneAndUpdate: the condition and the change are one atomic step.
          const filter: Record<string, unknown> = { _id: id };
          if (when.status) filter.status = { $in: [...when.status] };
          if (when.inviteHash !== undefined) filter.inviteHash = when.inviteHash;
          if (when.role !== undefined) filter.role = when.role;
          if (when.totpLastStepBelow !== undefined)
            filter.totpLastStep = { $lt: when.totpLastStepBelow };
          const update: Record<string, unknown> = {};
          if (change.set && Object.keys(change.set).length > 0) update.$set = change.set;
          if (change.bumpSession) update.$inc = { sessionVersion: 1 };
          if (Object.keys(update).length === 0) {
            return fromDoc<StaffRecord>(await staff.findOne(filter));
          }
          if (!when.anotherActiveOwner)
            return fromDoc<StaffRecord>(
              await staff.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
            );
          // Whether another owner remains reads other documents than the one written, so it is one
          // transaction; each such transaction first bumps one shared lock document, so two of them
          // at once conflict (one retries and sees the other's write) instead of both passing.
          const session: ClientSession = client.startSession();
          try {
            let result: Doc<StaffRecord> | null = null;
            await session.withTransaction(async () => {
              await locks.updateOne(
                { _id: 'staff-owners' },
                { $inc: { version: 1 } },
                { upsert: true, session },
              );
              const others = await staff.countDocuments(
                { _id: { $ne: id }, role: 'owner', status: 'active' },
                { session },
              );
              result =
                others === 0
                  ? null
                  : await staff.findOneAndUpdate(filter, update, {
                      returnDocument: 'after',
                      session,
                    });
            });
            return fromDoc<StaffRecord>(result);
          } finally {
            await session.endSession();
          }
        },
      },
      audit: {
        async append(entry) {
          await audit.insertOne(toDoc(entry));
        },
        async list(filter = {}) {
          const query: Record<string, unknown> = {};
          if (filter.actorId !== undefined) query['actor.id'] = filter.actorId;
          if (filter.target !== undefined) query.target = filter.target;
          if (filter.action !== undefined) query.action = filter.action;
          const docs = await audit
            .find(query, { sort: { at: -1, _id: -1 }, limit: filter.limit ?? 100 })
            .toArray();
          return docs.map((d) => fromDoc<AuditEntry>(d) as AuditEntry);
        },
      },
      // Shop settings, one document.
      settings: {
        async get() {
          const doc = await settings.findOne({ _id: 'shop' });
          if (!doc) return {};
          const { _id, ...stored } = doc;
          return stored;
        },
        async save(values) {
          // One atomic upsert answering the document before it; after is that plus the new values.
          const doc = await settings.findOneAndUpdate(
            { _id: 'shop' },
            { $set: values },
            { upsert: true, returnDocument: 'before' },
          );
          const { _id, ...before } = doc ?? { _id: 'shop' };
          return { before, after: { ...before, ...values } };
        },
      },
      mailFailures: {
        async add(f) {
          await mailFailures.insertOne(toDoc(f));
        },
        async get(id) {
          return fromDoc<MailFailureRecord>(await mailFailures.findOne({ _id: id }));
        },
        async list(filter = {}) {
          const query = filter.states ? { state: { $in: [...filter.states] } } : {};
          const docs = await mailFailures
            .find(query, { sort: { createdAt: -1, _id: -1 }, limit: filter.limit ?? 100 })
            .toArray();
          return docs.map((d) => fromDoc<MailFailureRecord>(d) as MailFailureRecord);
        },
        async due(now, limit) {
          const docs = await mailFailures
            .find(
              { state: 'failed', nextTryAt: { $lte: now } },
              { sort: { nextTryAt: 1, _id: 1 }, limit, projection: { _id: 1 } },
            )
            .toArray();
          return docs.map((d) => d._id);
        },
        async claim(id, now, leaseMs, manual) {
          // The same condition as `claimable`, as one conditional update.
          const states: Record<string, unknown>[] = [
            { state: 'failed' },
            { state: 'sending', claimedUntil: { $lte: now } },
          ];
          if (manual) states.push({ state: 'given-up' });
          return fromDoc<MailFailureRecord>(
            await mailFailures.findOneAndUpdate(
              { _id: id, $or: states },
              { $set: { state: 'sending', claimedUntil: now + leaseMs }, $inc: { attempts: 1 } },
              { returnDocument: 'after' },
            ),
          );
        },
        async settle(id, outcome) {
          const current = fromDoc<MailFailureRecord>(
            await mailFailures.findOne({ _id: id, state: 'sending' }),
          );
          if (!current) return null;
          const { id: _id, ...next } = settled(current, outcome);
          // Conditional on the claim still standing, so a lapsed claim's late answer changes nothing.
          return fromDoc<MailFailureRecord>(
            await mailFailures.findOneAndUpdate(
              { _id: id, state: 'sending', claimedUntil: current.claimedUntil },
              { $set: next },
              { returnDocument: 'after' },
            ),
          );
        },
      },
      async close() {
        // The client is shared per instance and closed with the process.
      },
      // Raw documents for backups.
      backup: {
        async count(collection) {
          return db.collection(backedUp(collection)).countDocuments({});
        },
        async read(collection) {
          const docs = await db
            .collection(backedUp(collection))
            .find({}, { sort: { _id: 1 } })
            .toArray();
          return docs as Record<string, unknown>[];
        },
        async write(collection, records) {
          const target = db.collection(backedUp(collection));
          // Ordered batches: a failure stops at the document that failed, and says which.
          for (let start = 0; start < records.length; start += 1000)
            await target.insertMany(records.slice(start, start + 1000) as Document[], {
              ordered: true,
            });
        },
      },
      // Catalogue versions. A publish reads the latest version and inserts the
      // next number in one transaction; the number is the _id, so two publishes that read the same
      // latest cannot both insert it: the loser retries with the next number.
      catalogueVersions: {
        async publish(input, changed) {
          for (let attempt = 0; ; attempt++) {
            try {
              return await inTransaction(async (session) => {
                const latest = await versions
                  .find({}, { sort: { _id: -1 }, limit: 1, session })
                  .toArray();
                const previous = latest[0]?.items ?? null;
                const version = newVersion((latest[0]?._id ?? 0) + 1, input, changed(previous));
                const { number, ...rest } = version;
                await versions.insertOne(
                  { _id: number, ...rest, items: [...input.products] },
                  { session },
                );
                await leaveBehind(number, input.publishedAt, false, session);
                return version;
              });
            } catch (error) {
              if (!isDuplicate(error) || attempt >= 20) throw error;
            }
          }
        },
        async latest() {
          return fromVersion(await newestVersion({}));
        },
        async live() {
          return fromVersion(await newestVersion({ state: 'live' }));
        },
        async get(number) {
          return fromVersion(await versions.findOne({ _id: number }, WITHOUT_ITEMS));
        },
        async recent(limit) {
          const docs = await versions
            .find({}, { sort: { _id: -1 }, limit, ...WITHOUT_ITEMS })
            .toArray();
          return docs.map((d) => fromVersion(d)!);
        },
        async products(number) {
          const doc = await versions.findOne({ _id: number }, { projection: { items: 1 } });
          return doc ? doc.items : null;
        },
        async holds(productId) {
          return (
            (await versions.findOne({ 'items._id': productId }, { projection: { _id: 1 } })) !==
            null
          );
        },
        async setState(number, next, from) {
          const doc = await versions.findOneAndUpdate(
            { _id: number, state: { $in: [...from] } },
            { $set: { state: next.state, stateAt: next.at, message: next.message } },
            { returnDocument: 'after', ...WITHOUT_ITEMS },
          );
          return fromVersion(doc);
        },
        async markLive(number, at) {
          return inTransaction(async (session) => {
            const current = fromVersion(
              await versions.findOne({ _id: number }, { ...WITHOUT_ITEMS, session }),
            );
            if (!current) return null;
            if (current.state === 'live') return current;
            const live = await newestVersion({ state: 'live' }, session);
            if (live && live._id > number) return null;
            const updated = wentLive(current, at);
            await versions.updateOne(
              { _id: number },
              {
                $set: {
                  state: updated.state,
                  stateAt: updated.stateAt,
                  liveAt: updated.liveAt,
                  message: null,
                },
              },
              { session },
            );
            await leaveBehind(number, at, true, session);
            return updated;
          });
        },
      },
    },
    mongoOutage,
  );
}
