// The SQLite schema, created on every open (each statement is IF NOT EXISTS). Each repository's
// table holds its record as JSON in `doc`, beside the columns its queries filter and sort on.

/** Every table and index the repositories rely on. */
export const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS connections (id INTEGER PRIMARY KEY CHECK (id = 1), doc TEXT NOT NULL);
-- desk-ops: failed shopper mails
CREATE TABLE IF NOT EXISTS mail_failures (
  id TEXT PRIMARY KEY, state TEXT NOT NULL, created_at TEXT NOT NULL, next_try_at INTEGER,
  doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS mail_failures_due ON mail_failures (state, next_try_at);
-- Covers the desk list's head query (store.orders.listHeads), so it never parses a doc. The
-- first version held a stored payment flag; the ledger's entries replaced it.
-- The next held the ledger without its refunds' outcomes or the payment method, and the one
-- after without what says an order is not yet to pack: its COD confirmation's state and whether
-- it is paid online through a gateway session.
DROP INDEX IF EXISTS orders_heads;
DROP INDEX IF EXISTS orders_heads_ledger;
DROP INDEX IF EXISTS orders_heads_books;
CREATE INDEX IF NOT EXISTS orders_heads_work ON orders (date DESC, id, status,
  json_extract(doc, '$.total'), json_extract(doc, '$.currency'), json_extract(doc, '$.payments'),
  json_extract(doc, '$.refundOutcomes'), json_extract(doc, '$.paymentMethod'),
  json_extract(doc, '$.address.email'), json_extract(doc, '$.address.firstName'),
  json_extract(doc, '$.address.lastName'), json_extract(doc, '$.address.mobile'),
  json_extract(doc, '$.codConfirmation.state'), json_type(doc, '$.card'));
-- Every reference a ledger entry claimed (src/lib/orders/ledger.ts referenceKey), across orders.
CREATE TABLE IF NOT EXISTS ledger_references (key TEXT PRIMARY KEY, order_id TEXT NOT NULL);
-- publish: catalogue versions; products holds the version's product list (JSON)
CREATE TABLE IF NOT EXISTS catalogue_versions (
  number INTEGER PRIMARY KEY, state TEXT NOT NULL, doc TEXT NOT NULL, products TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS catalogue_versions_state ON catalogue_versions (state, number DESC);
-- card gateway events taken in, one row per event id
CREATE TABLE IF NOT EXISTS gateway_events (id TEXT PRIMARY KEY, received_at TEXT NOT NULL, doc TEXT NOT NULL);
-- desk members' devices that get alerts (Web Push), one row per push endpoint
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id TEXT PRIMARY KEY, staff_id TEXT NOT NULL, endpoint TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
  doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_staff ON push_subscriptions (staff_id, created_at);
-- desk members' passkeys, and the challenges of their ceremonies
CREATE TABLE IF NOT EXISTS passkeys (
  id TEXT PRIMARY KEY, staff_id TEXT NOT NULL, created_at TEXT NOT NULL, counter INTEGER NOT NULL,
  doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS passkeys_by_staff ON passkeys (staff_id, created_at);
CREATE TABLE IF NOT EXISTS passkey_challenges (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL, doc TEXT NOT NULL);
`;
