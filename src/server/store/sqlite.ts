import path from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Product } from '../../lib/product.ts';
import { privateFileSync, privateFolderSync, tightenFileSync } from '../private-files.ts';
import {
  PENDING_SUBSCRIPTION_MS,
  StoreUnavailableError,
  guardOutages,
  subscriptionLinkWorks,
  claimable,
  settled,
  type CartMap,
  type OrderRecord,
  type OtpRecord,
  type AuditEntry,
  type MailFailureRecord,
  type OrderHead,
  type ProductChange,
  type RatesRecord,
  type StaffRecord,
  type Store,
  type StoredSettings,
  type SubscriberRecord,
  type UserRecord,
  type CatalogueVersion,
} from './port.ts';
import { leftBehind, newVersion, wentLive } from './version-state.ts';
import { isBackedUp } from './collections.ts';
import {
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS products (id TEXT PRIMARY KEY, position INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS carts (user_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL, status TEXT NOT NULL, date TEXT NOT NULL,
  idempotency_key TEXT UNIQUE, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS orders_by_user ON orders (user_id, date DESC);
CREATE TABLE IF NOT EXISTS otps (email TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rates (id INTEGER PRIMARY KEY CHECK (id = 1), doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS subscribers (email TEXT PRIMARY KEY, token_hash TEXT UNIQUE, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS staff (
  id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, invite_hash TEXT UNIQUE,
  created_at TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS audit (
  id TEXT PRIMARY KEY, at TEXT NOT NULL, actor_id TEXT NOT NULL, action TEXT NOT NULL,
  target TEXT NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit (at DESC);
CREATE TABLE IF NOT EXISTS settings (id INTEGER PRIMARY KEY CHECK (id = 1), doc TEXT NOT NULL);
-- desk-ops: failed shopper mails
CREATE TABLE IF NOT EXISTS mail_failures (
  id TEXT PRIMARY KEY, state TEXT NOT NULL, created_at TEXT NOT NULL, next_try_at INTEGER,
  doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS mail_failures_due ON mail_failures (state, next_try_at);
-- desk-ops: covers the desk list's head query (store.orders.listHeads), so it never parses a doc
CREATE INDEX IF NOT EXISTS orders_heads ON orders (date DESC, id, status,
  json_extract(doc, '$.payment'), json_extract(doc, '$.address.email'),
  json_extract(doc, '$.address.firstName'), json_extract(doc, '$.address.lastName'),
  json_extract(doc, '$.address.mobile'));
-- publish: catalogue versions; products holds the version's product list (JSON)
CREATE TABLE IF NOT EXISTS catalogue_versions (
  number INTEGER PRIMARY KEY, state TEXT NOT NULL, doc TEXT NOT NULL, products TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS catalogue_versions_state ON catalogue_versions (state, number DESC);
`;

type Row = Record<string, unknown>;
type StoredProduct = Product & StateFields;
const isLive = (doc: StoredProduct) => (doc.archivedAt ?? null) === null;

/** A backed-up collection's table name; anything else is refused before it nears SQL. */
function table(collection: string): string {
  if (!isBackedUp(collection)) throw new Error(`${JSON.stringify(collection)} is not backed up`);
  return collection.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
const parse = <T>(row: Row | undefined, column = 'doc'): T | null =>
  row ? (JSON.parse(String(row[column])) as T) : null;

/**
 * A full disk, an I/O failure or a read-only file is an outage of the store, not a bug: it becomes
 * StoreUnavailableError, which the API answers with 503 and Retry-After.
 */
function sqliteOutage(error: unknown): string | null {
  const text = String((error as { message?: string } | null)?.message ?? error);
  return /SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED)|database or disk is full|disk I\/O error|readonly database|database is locked/i.test(
    text,
  )
    ? `SQLite store unavailable: ${text}`
    : null;
}

/** The error to throw for `error`: StoreUnavailableError for an outage, else `error` itself. */
function asOutage(error: unknown): unknown {
  const outage = sqliteOutage(error);
  return outage === null ? error : new StoreUnavailableError(outage);
}

function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asOutage(error);
  }
}

/**
 * Opens (creating if needed) the SQLite database file `shop.db` in `dataDir`. `maxPages` caps the
 * file's size in pages, which is how the tests make a disk that is full.
 */
export function openSqliteStore(dataDir: string, opts: { maxPages?: number } = {}): Store {
  let db: DatabaseSync;
  try {
    privateFolderSync(dataDir);
    // Made 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
    privateFileSync(path.join(dataDir, 'shop.db'));
    for (const extra of ['-wal', '-shm']) tightenFileSync(path.join(dataDir, `shop.db${extra}`));
    // Loaded here, not by a top-level import: a bundler inlines this module into every function
    // and hoists its imports, so a static import would load node:sqlite even on MongoDB.
    const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
    db = new DatabaseSync(path.join(dataDir, 'shop.db'), { timeout: 5000 });
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    db.exec(SCHEMA);
    if (opts.maxPages) db.exec(`PRAGMA max_page_count = ${Math.floor(opts.maxPages)}`);
  } catch (error) {
    throw new StoreUnavailableError(`cannot open the SQLite store in ${dataDir}: ${String(error)}`);
  }

  /**
   * Runs `work` inside BEGIN IMMEDIATE so concurrent workers never lose each other's writes.
   * SQLite may already have rolled back on its own (a full disk does), so ROLLBACK is sent only
   * while a transaction is still open, and the original error is the one that surfaces.
   */
  function tx<T>(work: () => T): T {
    guard(() => db.exec('BEGIN IMMEDIATE'));
    try {
      const result = work();
      guard(() => db.exec('COMMIT'));
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw asOutage(error);
    }
  }

  const q = {
    productAll: db.prepare('SELECT doc FROM products ORDER BY position, id'),
    productGet: db.prepare('SELECT doc FROM products WHERE id = ?'),
    productCount: db.prepare('SELECT COUNT(*) AS n FROM products'),
    productExists: db.prepare('SELECT 1 AS x FROM products WHERE id = ?'),
    productMaxPos: db.prepare('SELECT COALESCE(MAX(position), -1) AS p FROM products'),
    productUpsert: db.prepare(
      'INSERT INTO products (id, position, doc) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
    ),
    userByEmail: db.prepare('SELECT doc FROM users WHERE email = ?'),
    userById: db.prepare('SELECT doc FROM users WHERE id = ?'),
    userInsert: db.prepare(
      'INSERT INTO users (id, email, doc) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    userUpdate: db.prepare('UPDATE users SET doc = ? WHERE id = ?'),
    cartGet: db.prepare('SELECT data FROM carts WHERE user_id = ?'),
    cartPut: db.prepare(
      'INSERT INTO carts (user_id, data) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET data = excluded.data',
    ),
    orderInsert: db.prepare(
      'INSERT INTO orders (id, user_id, status, date, idempotency_key, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    orderByKey: db.prepare('SELECT doc FROM orders WHERE idempotency_key = ?'),
    orderGet: db.prepare('SELECT doc FROM orders WHERE id = ?'),
    orderByUser: db.prepare(
      'SELECT doc FROM orders WHERE user_id = ? ORDER BY date DESC, rowid DESC',
    ),
    orderAll: db.prepare('SELECT doc FROM orders ORDER BY date DESC, rowid DESC'),
    orderByStatus: db.prepare(
      'SELECT doc FROM orders WHERE status = ? ORDER BY date DESC, rowid DESC',
    ),
    orderUpdate: db.prepare('UPDATE orders SET status = ?, doc = ? WHERE id = ?'),
    otpGet: db.prepare('SELECT doc FROM otps WHERE email = ?'),
    otpPut: db.prepare(
      'INSERT INTO otps (email, doc, expires_at) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET doc = excluded.doc, expires_at = excluded.expires_at',
    ),
    otpDelete: db.prepare('DELETE FROM otps WHERE email = ?'),
    otpPurge: db.prepare('DELETE FROM otps WHERE expires_at < ?'),
    limitGet: db.prepare('SELECT count, reset_at FROM limits WHERE key = ?'),
    limitPut: db.prepare(
      'INSERT INTO limits (key, count, reset_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at',
    ),
    limitDelete: db.prepare('DELETE FROM limits WHERE key = ?'),
    limitPurge: db.prepare('DELETE FROM limits WHERE reset_at <= ?'),
    ratesGet: db.prepare('SELECT doc FROM rates WHERE id = 1'),
    subscriberGet: db.prepare('SELECT doc FROM subscribers WHERE email = ?'),
    subscriberByToken: db.prepare('SELECT doc FROM subscribers WHERE token_hash = ?'),
    // A pending row whose link was mailed before the cut-off (records without requestedAt count
    // from createdAt).
    subscriberPurge: db.prepare(
      "DELETE FROM subscribers WHERE json_extract(doc, '$.status') = 'pending' AND COALESCE(json_extract(doc, '$.requestedAt'), json_extract(doc, '$.createdAt')) < ?",
    ),
    subscriberPut: db.prepare(
      'INSERT INTO subscribers (email, token_hash, doc) VALUES (?, ?, ?) ON CONFLICT(email) DO UPDATE SET token_hash = excluded.token_hash, doc = excluded.doc',
    ),
    staffInsert: db.prepare(
      'INSERT INTO staff (id, email, invite_hash, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    staffById: db.prepare('SELECT doc FROM staff WHERE id = ?'),
    staffByEmail: db.prepare('SELECT doc FROM staff WHERE email = ?'),
    staffByInvite: db.prepare('SELECT doc FROM staff WHERE invite_hash = ?'),
    staffAll: db.prepare('SELECT doc FROM staff ORDER BY created_at, rowid'),
    staffUpdate: db.prepare('UPDATE staff SET invite_hash = ?, doc = ? WHERE id = ?'),
    auditInsert: db.prepare(
      'INSERT INTO audit (id, at, actor_id, action, target, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    auditList: db.prepare(
      `SELECT doc FROM audit WHERE (?1 IS NULL OR actor_id = ?1) AND (?2 IS NULL OR target = ?2)
       AND (?3 IS NULL OR action = ?3) ORDER BY at DESC, rowid DESC LIMIT ?4`,
    ),
    ratesPut: db.prepare(
      'INSERT INTO rates (id, doc) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
    ),
    mailFailureInsert: db.prepare(
      'INSERT INTO mail_failures (id, state, created_at, next_try_at, doc) VALUES (?, ?, ?, ?, ?)',
    ),
    orderHeads: db.prepare(
      `SELECT id, date, status, json_extract(doc, '$.payment') AS payment,
       json_extract(doc, '$.address.email') AS email, json_extract(doc, '$.address.firstName') AS firstName,
       json_extract(doc, '$.address.lastName') AS lastName, json_extract(doc, '$.address.mobile') AS mobile
       FROM orders INDEXED BY orders_heads ORDER BY date DESC, rowid DESC`,
    ),
    orderMany: db.prepare('SELECT doc FROM orders WHERE id IN (SELECT value FROM json_each(?))'),
    mailFailureGet: db.prepare('SELECT doc FROM mail_failures WHERE id = ?'),
    mailFailureList: db.prepare(
      'SELECT doc FROM mail_failures WHERE (?1 IS NULL OR state IN (SELECT value FROM json_each(?1))) ORDER BY created_at DESC, rowid DESC LIMIT ?2',
    ),
    mailFailureDue: db.prepare(
      "SELECT id FROM mail_failures WHERE state = 'failed' AND next_try_at <= ? ORDER BY next_try_at, rowid LIMIT ?",
    ),
    mailFailureUpdate: db.prepare(
      'UPDATE mail_failures SET state = ?, next_try_at = ?, doc = ? WHERE id = ?',
    ),
    productSetDoc: db.prepare('UPDATE products SET doc = ? WHERE id = ?'),
    productDelete: db.prepare('DELETE FROM products WHERE id = ?'),
    ordersHolding: db.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE EXISTS (SELECT 1 FROM json_each(orders.doc, '$.items') AS i WHERE json_extract(i.value, '$.productId') = ?)",
    ),
  };
  // Shop settings.
  const settingsGet = db.prepare('SELECT doc FROM settings WHERE id = 1');
  const readSettings = (): StoredSettings =>
    parse<StoredSettings>(settingsGet.get() as Row | undefined) ?? {};
  const settingsPutQuery = db.prepare(
    'INSERT INTO settings (id, doc) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
  );
  const getMailFailure = (id: string) =>
    parse<MailFailureRecord>(q.mailFailureGet.get(id) as Row | undefined);
  const putMailFailure = (f: MailFailureRecord) =>
    q.mailFailureUpdate.run(f.state, f.nextTryAt, JSON.stringify(f), f.id);

  const getUser = (stmt: ReturnType<DatabaseSync['prepare']>, key: string) =>
    parse<UserRecord>(stmt.get(key) as Row | undefined);
  const readProduct = (id: string) => parse<StoredProduct>(q.productGet.get(id) as Row | undefined);
  /** Reads a product, works out its next state and writes it, in one transaction. */
  const stepProduct = (id: string, step: (doc: StoredProduct) => StateStep): ProductChange =>
    tx(() => {
      const doc = readProduct(id);
      if (!doc) return { kind: 'missing' };
      const { write, change } = step(doc);
      if (write) q.productSetDoc.run(JSON.stringify(write), id);
      return change;
    });
  /**
   * Checks an order's lines against the catalogue inside the order's transaction, then counts
   * them on their products; answers the first line that cannot be had (nothing written then).
   */
  const claimLines = (order: OrderRecord) => {
    const lines = orderedUnits(order).map((line) => ({
      ...line,
      doc: readProduct(line.productId),
    }));
    for (const { productId, color, doc } of lines) {
      const problem = unavailability(doc, productId, color);
      if (problem) return problem;
    }
    for (const { productId, units } of lines) {
      const doc = readProduct(productId)!;
      q.productSetDoc.run(
        JSON.stringify({ ...doc, ordered: (doc.ordered ?? 0) + units }),
        productId,
      );
    }
    return null;
  };
  const getOrder = (id: string) => parse<OrderRecord>(q.orderGet.get(id) as Row | undefined);
  const readCart = (userId: string): CartMap =>
    parse<CartMap>(q.cartGet.get(userId) as Row | undefined, 'data') ?? {};

  // Catalogue versions.
  const versionQ = {
    get: db.prepare('SELECT doc FROM catalogue_versions WHERE number = ?'),
    latest: db.prepare('SELECT doc FROM catalogue_versions ORDER BY number DESC LIMIT 1'),
    latestProducts: db.prepare(
      'SELECT products FROM catalogue_versions ORDER BY number DESC LIMIT 1',
    ),
    live: db.prepare(
      "SELECT doc FROM catalogue_versions WHERE state = 'live' ORDER BY number DESC LIMIT 1",
    ),
    recent: db.prepare('SELECT doc FROM catalogue_versions ORDER BY number DESC LIMIT ?'),
    products: db.prepare('SELECT products FROM catalogue_versions WHERE number = ?'),
    holds: db.prepare(
      "SELECT 1 AS x FROM catalogue_versions, json_each(products) WHERE json_extract(json_each.value, '$._id') = ? LIMIT 1",
    ),
    insert: db.prepare(
      'INSERT INTO catalogue_versions (number, state, doc, products) VALUES (?, ?, ?, ?)',
    ),
    update: db.prepare('UPDATE catalogue_versions SET state = ?, doc = ? WHERE number = ?'),
    older: db.prepare(
      "SELECT doc FROM catalogue_versions WHERE number < ? AND state IN ('queued', 'building', 'live')",
    ),
  };
  const readVersion = (stmt: ReturnType<DatabaseSync['prepare']>, ...args: SQLInputValue[]) =>
    parse<CatalogueVersion>(stmt.get(...args) as Row | undefined);
  const putVersion = (v: CatalogueVersion) =>
    versionQ.update.run(v.state, JSON.stringify(v), v.number);
  /** Older versions left behind by version `number` (publish: pending ones; live: live ones too). */
  const leaveBehind = (number: number, at: string, byLive: boolean) => {
    for (const row of versionQ.older.all(number) as Row[]) {
      const next = leftBehind(parse<CatalogueVersion>(row)!, at, byLive);
      if (next) putVersion(next);
    }
  };

  return guardOutages(
    {
      kind: 'sqlite',
      products: {
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
        async archive(id, at) {
          return stepProduct(id, (doc) => archiveStep(doc, at));
        },
        async restore(id) {
          return stepProduct(id, (doc) => archiveStep(doc, null));
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
        async saveEdited(product, expected) {
          return tx((): EditedSave => {
            const previous = readProduct(product._id);
            if (expected === null && previous) return { kind: 'taken' };
            if (
              expected !== null &&
              (!previous || productVersion(toProduct(previous)) !== expected)
            )
              return { kind: 'stale', current: previous ? toState(previous) : null };
            const position = previous
              ? 0 // kept: the upsert leaves an existing row's position alone
              : Number((q.productMaxPos.get() as Row).p) + 1;
            const write = importedRecord(editedProduct(product, previous?.soldOut), previous);
            q.productUpsert.run(product._id, position, JSON.stringify(write));
            return {
              kind: 'saved',
              before: previous ? toState(previous) : null,
              after: toState(write),
            };
          });
        },
      },
      users: {
        async findByEmail(email) {
          return getUser(q.userByEmail, email.toLowerCase());
        },
        async findById(id) {
          return getUser(q.userById, id);
        },
        async create(user) {
          const record = { ...user, email: user.email.toLowerCase() };
          const { changes } = q.userInsert.run(record.id, record.email, JSON.stringify(record));
          return Number(changes) === 1 ? record : null;
        },
        async setPassword(id, passwordHash, opts = {}) {
          return tx(() => {
            const user = getUser(q.userById, id);
            if (!user) return null;
            const verified =
              opts.emailVerified === undefined ? {} : { emailVerified: opts.emailVerified };
            const next = {
              ...user,
              passwordHash,
              ...verified,
              tokenVersion: user.tokenVersion + 1,
            };
            q.userUpdate.run(JSON.stringify(next), id);
            return next;
          });
        },
        async linkGoogle(id, googleSub, opts = {}) {
          return tx(() => {
            const user = getUser(q.userById, id);
            if (!user) return null;
            const next: UserRecord = {
              ...user,
              googleSub,
              passwordHash: opts.dropPassword ? null : user.passwordHash,
              emailVerified: true,
              tokenVersion: user.tokenVersion + 1,
            };
            q.userUpdate.run(JSON.stringify(next), id);
            return next;
          });
        },
        async bumpTokenVersion(id) {
          return tx(() => {
            const user = getUser(q.userById, id);
            if (!user) return null;
            const next = { ...user, tokenVersion: user.tokenVersion + 1 };
            q.userUpdate.run(JSON.stringify(next), id);
            return next;
          });
        },
      },
      carts: {
        async get(userId) {
          return readCart(userId);
        },
        async update(userId, change) {
          return tx(() => {
            const next = change(readCart(userId));
            q.cartPut.run(userId, JSON.stringify(next));
            return next;
          });
        },
        async set(userId, cart) {
          q.cartPut.run(userId, JSON.stringify(cart));
        },
      },
      orders: {
        async create(order, opts = {}) {
          return tx(() => {
            if (order.idempotencyKey) {
              const previous = parse<OrderRecord>(
                q.orderByKey.get(order.idempotencyKey) as Row | undefined,
              );
              if (previous) {
                return previous.requestHash === order.requestHash &&
                  previous.userId === order.userId
                  ? { kind: 'replayed' as const, order: previous }
                  : { kind: 'conflict' as const };
              }
            }
            // Every line checked, then counted, before the order is stored.
            const unavailable = opts.requireStock ? claimLines(order) : null;
            if (unavailable) return { kind: 'unavailable' as const, line: unavailable };
            q.orderInsert.run(
              order.id,
              order.userId,
              order.status,
              order.date,
              order.idempotencyKey,
              JSON.stringify(order),
            );
            q.cartPut.run(order.userId, '{}');
            return { kind: 'created' as const, order };
          });
        },
        async get(id) {
          return getOrder(id);
        },
        async listByUser(userId) {
          return (q.orderByUser.all(userId) as Row[]).map(
            (r) => parse<OrderRecord>(r) as OrderRecord,
          );
        },
        async list(filter = {}) {
          const rows = filter.status ? q.orderByStatus.all(filter.status) : q.orderAll.all();
          return (rows as Row[]).map((r) => parse<OrderRecord>(r) as OrderRecord);
        },
        async listHeads() {
          return (q.orderHeads.all() as Row[]).map((r) => ({
            id: String(r.id),
            date: String(r.date),
            status: r.status as OrderHead['status'],
            payment: r.payment === 1,
            email: String(r.email ?? ''),
            firstName: String(r.firstName ?? ''),
            lastName: String(r.lastName ?? ''),
            mobile: String(r.mobile ?? ''),
          }));
        },
        async getMany(ids) {
          const found = new Map<string, OrderRecord>();
          for (const r of q.orderMany.all(JSON.stringify(ids)) as Row[]) {
            const order = parse<OrderRecord>(r) as OrderRecord;
            found.set(order.id, order);
          }
          return ids.flatMap((id) => found.get(id) ?? []);
        },
        async transition(id, from, to, opts = {}) {
          return tx(() => {
            const order = getOrder(id);
            if (!order || !from.includes(order.status)) return null;
            if (opts.userId !== undefined && order.userId !== opts.userId) return null;
            const next: OrderRecord = {
              ...order,
              status: to,
              cancelReason: opts.cancelReason ?? order.cancelReason,
              ...(opts.event ? { history: [...(order.history ?? []), opts.event] } : {}),
              ...(opts.shipping ? { shipping: opts.shipping } : {}),
            };
            q.orderUpdate.run(to, JSON.stringify(next), id);
            return next;
          });
        },
        async saveReturn(id, expectedVersion, next, opts) {
          return tx(() => {
            const order = getOrder(id);
            if (!order || order.status !== 'Delivered') return null;
            if (opts.userId !== undefined && order.userId !== opts.userId) return null;
            if ((order.returnRequest?.version ?? 0) !== expectedVersion) return null;
            const updated: OrderRecord = {
              ...order,
              returnRequest: next,
              history: [...(order.history ?? []), opts.event],
            };
            q.orderUpdate.run(updated.status, JSON.stringify(updated), id);
            return updated;
          });
        },
        // Payments.
        async addPayment(id, payment, paid, when) {
          return tx(() => {
            const order = getOrder(id);
            if (!order || !when.statuses.includes(order.status)) return null;
            if ((order.payments ?? []).length !== when.paymentsBefore) return null;
            const next: OrderRecord = {
              ...order,
              payment: paid,
              payments: [...(order.payments ?? []), payment],
            };
            q.orderUpdate.run(order.status, JSON.stringify(next), id);
            return next;
          });
        },
        // Removed orders.
        async hideForOwner(id, userId) {
          return tx(() => {
            const order = getOrder(id);
            if (!order || order.userId !== userId) return false;
            if (order.hiddenByOwner !== true)
              q.orderUpdate.run(
                order.status,
                JSON.stringify({ ...order, hiddenByOwner: true }),
                id,
              );
            return true;
          });
        },
      },
      otps: {
        async put(otp) {
          q.otpPurge.run(Date.now());
          q.otpPut.run(otp.email, JSON.stringify(otp), otp.expiresAt);
        },
        async get(email) {
          return parse<OtpRecord>(q.otpGet.get(email) as Row | undefined);
        },
        async spendAttempt(email, max, now = Date.now()) {
          return tx(() => {
            const otp = parse<OtpRecord>(q.otpGet.get(email) as Row | undefined);
            if (!otp || otp.expiresAt <= now || otp.attempts >= max) return null;
            const next = { ...otp, attempts: otp.attempts + 1 };
            q.otpPut.run(email, JSON.stringify(next), next.expiresAt);
            return next;
          });
        },
        async delete(email) {
          return Number(q.otpDelete.run(email).changes) === 1;
        },
      },
      limits: {
        async hit(key, windowMs, now = Date.now()) {
          return tx(() => {
            const row = q.limitGet.get(key) as Row | undefined;
            const live = row && Number(row.reset_at) > now;
            const count = live ? Number(row.count) + 1 : 1;
            const resetAt = live ? Number(row.reset_at) : now + windowMs;
            q.limitPut.run(key, count, resetAt);
            return { count, resetAt };
          });
        },
        async release(key, now = Date.now()) {
          tx(() => {
            const row = q.limitGet.get(key) as Row | undefined;
            if (row && Number(row.reset_at) > now && Number(row.count) > 0)
              q.limitPut.run(key, Number(row.count) - 1, Number(row.reset_at));
          });
        },
        async reset(key) {
          q.limitDelete.run(key);
        },
        async purge(now = Date.now()) {
          return Number(q.limitPurge.run(now).changes);
        },
      },
      rates: {
        async get() {
          return parse<RatesRecord>(q.ratesGet.get() as Row | undefined);
        },
        async put(record) {
          q.ratesPut.run(JSON.stringify(record));
        },
      },
      subscribers: {
        async request(email, tokenHash, now = Date.now()) {
          return tx(() => {
            const key = email.toLowerCase();
            const current = parse<SubscriberRecord>(q.subscriberGet.get(key) as Row | undefined);
            if (current?.status === 'confirmed') return current;
            const next: SubscriberRecord = {
              email: key,
              status: 'pending',
              tokenHash,
              createdAt: current?.createdAt ?? now,
              requestedAt: now,
              confirmedAt: null,
            };
            q.subscriberPut.run(key, tokenHash, JSON.stringify(next));
            return next;
          });
        },
        async findPending(tokenHash, now = Date.now()) {
          const current = parse<SubscriberRecord>(
            q.subscriberByToken.get(tokenHash) as Row | undefined,
          );
          return current && subscriptionLinkWorks(current, now) ? current : null;
        },
        async confirm(tokenHash, now = Date.now()) {
          return tx(() => {
            const current = parse<SubscriberRecord>(
              q.subscriberByToken.get(tokenHash) as Row | undefined,
            );
            if (!current || !subscriptionLinkWorks(current, now)) return null;
            const next: SubscriberRecord = {
              ...current,
              status: 'confirmed',
              tokenHash: null,
              confirmedAt: now,
            };
            q.subscriberPut.run(current.email, null, JSON.stringify(next));
            return next;
          });
        },
        async purgeExpired(now = Date.now()) {
          return Number(q.subscriberPurge.run(now - PENDING_SUBSCRIPTION_MS).changes);
        },
        async get(email) {
          return parse<SubscriberRecord>(
            q.subscriberGet.get(email.toLowerCase()) as Row | undefined,
          );
        },
      },
      staff: {
        async create(staff) {
          const record = { ...staff, email: staff.email.toLowerCase() };
          const { changes } = q.staffInsert.run(
            record.id,
            record.email,
            record.inviteHash,
            record.createdAt,
            JSON.stringify(record),
          );
          return Number(changes) === 1 ? record : null;
        },
        async findById(id) {
          return parse<StaffRecord>(q.staffById.get(id) as Row | undefined);
        },
        async findByEmail(email) {
          return parse<StaffRecord>(q.staffByEmail.get(email.toLowerCase()) as Row | undefined);
        },
        async findByInvite(inviteHash) {
          return parse<StaffRecord>(q.staffByInvite.get(inviteHash) as Row | undefined);
        },
        async list() {
          return (q.staffAll.all() as Row[]).map((r) => parse<StaffRecord>(r) as StaffRecord);
        },
        async update(id, change, when = {}) {
          return tx(() => {
            const current = parse<StaffRecord>(q.staffById.get(id) as Row | undefined);
            if (!current) return null;
            if (when.status && !when.status.includes(current.status)) return null;
            if (when.inviteHash !== undefined && current.inviteHash !== when.inviteHash)
              return null;
            if (when.role !== undefined && current.role !== when.role) return null;
            if (
              when.totpLastStepBelow !== undefined &&
              !(current.totpLastStep < when.totpLastStepBelow)
            )
              return null;
            if (
              when.anotherActiveOwner &&
              !(q.staffAll.all() as Row[])
                .map((r) => parse<StaffRecord>(r) as StaffRecord)
                .some((s) => s.id !== id && s.role === 'owner' && s.status === 'active')
            )
              return null;
            const next: StaffRecord = {
              ...current,
              ...change.set,
              sessionVersion: current.sessionVersion + (change.bumpSession ? 1 : 0),
            };
            q.staffUpdate.run(next.inviteHash, JSON.stringify(next), id);
            return next;
          });
        },
      },
      audit: {
        async append(entry) {
          q.auditInsert.run(
            entry.id,
            entry.at,
            entry.actor.id,
            entry.action,
            entry.target,
            JSON.stringify(entry),
          );
        },
        async list(filter = {}) {
          const rows = q.auditList.all(
            filter.actorId ?? null,
            filter.target ?? null,
            filter.action ?? null,
            filter.limit ?? 100,
          ) as Row[];
          return rows.map((r) => parse<AuditEntry>(r) as AuditEntry);
        },
      },
      // Shop settings, one row.
      settings: {
        async get() {
          return readSettings();
        },
        async save(values) {
          return tx(() => {
            const before = readSettings();
            const after = { ...before, ...values };
            settingsPutQuery.run(JSON.stringify(after));
            return { before, after };
          });
        },
      },
      mailFailures: {
        async add(f) {
          q.mailFailureInsert.run(f.id, f.state, f.createdAt, f.nextTryAt, JSON.stringify(f));
        },
        async get(id) {
          return getMailFailure(id);
        },
        async list(filter = {}) {
          const states = filter.states ? JSON.stringify(filter.states) : null;
          return (q.mailFailureList.all(states, filter.limit ?? 100) as Row[]).map(
            (r) => parse<MailFailureRecord>(r) as MailFailureRecord,
          );
        },
        async due(now, limit) {
          return (q.mailFailureDue.all(now, limit) as Row[]).map((r) => String(r.id));
        },
        async claim(id, now, leaseMs, manual) {
          return tx(() => {
            const f = getMailFailure(id);
            if (!f || !claimable(f, now, manual)) return null;
            const next: MailFailureRecord = {
              ...f,
              state: 'sending',
              claimedUntil: now + leaseMs,
              attempts: f.attempts + 1,
            };
            putMailFailure(next);
            return next;
          });
        },
        async settle(id, outcome) {
          return tx(() => {
            const f = getMailFailure(id);
            if (!f || f.state !== 'sending') return null;
            const next = settled(f, outcome);
            putMailFailure(next);
            return next;
          });
        },
      },
      async close() {
        db.close();
      },
      // Raw rows for backups.
      backup: {
        async count(collection) {
          const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table(collection)}`).get() as Row;
          return Number(row.n);
        },
        async read(collection) {
          return db.prepare(`SELECT * FROM ${table(collection)} ORDER BY rowid`).all() as Row[];
        },
        async write(collection, records) {
          const name = table(collection);
          const columns = new Set(
            (db.prepare(`PRAGMA table_info(${name})`).all() as Row[]).map((c) => String(c.name)),
          );
          tx(() => {
            for (const record of records) {
              const keys = Object.keys(record);
              const unknown = keys.find((k) => !columns.has(k));
              if (unknown !== undefined)
                throw new Error(`${name} has no column ${JSON.stringify(unknown)}`);
              const values = keys.map((k) => record[k] as SQLInputValue);
              db.prepare(
                `INSERT INTO ${name} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
              ).run(...values);
            }
          });
        },
      },
      // Catalogue versions.
      catalogueVersions: {
        async publish(input, changed) {
          return tx(() => {
            const latest = readVersion(versionQ.latest);
            const previous = parse<Product[]>(
              versionQ.latestProducts.get() as Row | undefined,
              'products',
            );
            const version = newVersion((latest?.number ?? 0) + 1, input, changed(previous));
            versionQ.insert.run(
              version.number,
              version.state,
              JSON.stringify(version),
              JSON.stringify(input.products),
            );
            leaveBehind(version.number, input.publishedAt, false);
            return version;
          });
        },
        async latest() {
          return readVersion(versionQ.latest);
        },
        async live() {
          return readVersion(versionQ.live);
        },
        async get(number) {
          return readVersion(versionQ.get, number);
        },
        async recent(limit) {
          return (versionQ.recent.all(limit) as Row[]).map(
            (r) => parse<CatalogueVersion>(r) as CatalogueVersion,
          );
        },
        async products(number) {
          return parse<Product[]>(versionQ.products.get(number) as Row | undefined, 'products');
        },
        async holds(productId) {
          return versionQ.holds.get(productId) !== undefined;
        },
        async setState(number, next, from) {
          return tx(() => {
            const current = readVersion(versionQ.get, number);
            if (!current || !from.includes(current.state)) return null;
            const updated: CatalogueVersion = {
              ...current,
              state: next.state,
              stateAt: next.at,
              message: next.message,
            };
            putVersion(updated);
            return updated;
          });
        },
        async markLive(number, at) {
          return tx(() => {
            const current = readVersion(versionQ.get, number);
            if (!current) return null;
            if (current.state === 'live') return current;
            const live = readVersion(versionQ.live);
            if (live && live.number > number) return null;
            const updated = wentLive(current, at);
            putVersion(updated);
            leaveBehind(number, at, true);
            return updated;
          });
        },
      },
    },
    sqliteOutage,
  );
}
