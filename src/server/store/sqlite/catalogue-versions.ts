// Catalogue versions on SQLite: one row per number, its product list as JSON in `products`, read
// only when asked for.
import type { SQLInputValue } from 'node:sqlite';
import type { Product } from '../../../lib/product.ts';
import type { CatalogueVersion, CatalogueVersionRepository } from '../port.ts';
import { leftBehind, newVersion, wentLive } from '../version-state.ts';
import { parse, type Row, type SqliteContext, type Statement } from './db.ts';

/** The catalogue versions over `db`. */
export function sqliteCatalogueVersions({ db, tx }: SqliteContext): CatalogueVersionRepository {
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
  const readVersion = (stmt: Statement, ...args: SQLInputValue[]) =>
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

  return {
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
  };
}
