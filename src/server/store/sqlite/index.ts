// The SQLite adapter: opens the database file, creates the schema, and wires one repository per
// module over the one connection.
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { StoreUnavailableError, guardOutages, type Store } from '../port.ts';
import { sqliteAudit } from './audit.ts';
import { sqliteBackup } from './backup.ts';
import { sqliteCarts } from './carts.ts';
import { sqliteCatalogueVersions } from './catalogue-versions.ts';
import { sqliteOutage, transaction, type SqliteContext } from './db.ts';
import { sqliteGatewayEvents } from './gateway-events.ts';
import { sqliteLimits } from './limits.ts';
import { sqliteMailFailures } from './mail-failures.ts';
import { sqliteOrders } from './orders.ts';
import { sqliteOtps } from './otps.ts';
import { sqlitePasskeyChallenges } from './passkey-challenges.ts';
import { sqlitePasskeys } from './passkeys.ts';
import { sqliteProducts } from './products.ts';
import { sqlitePushSubscriptions } from './push-subscriptions.ts';
import { sqliteRates } from './rates.ts';
import { SCHEMA } from './schema.ts';
import { sqliteSettings } from './settings.ts';
import { sqliteConnections } from './connections.ts';
import { sqliteStaff } from './staff.ts';
import { sqliteSubscribers } from './subscribers.ts';
import { sqliteUsers } from './users.ts';
import { privateFileSync, privateFolderSync, tightenFileSync } from '../../private-files.ts';

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
  const ctx: SqliteContext = { db, tx: transaction(db) };

  return guardOutages(
    {
      kind: 'sqlite',
      products: sqliteProducts(ctx),
      users: sqliteUsers(ctx),
      carts: sqliteCarts(ctx),
      orders: sqliteOrders(ctx),
      otps: sqliteOtps(ctx),
      limits: sqliteLimits(ctx),
      rates: sqliteRates(ctx),
      subscribers: sqliteSubscribers(ctx),
      staff: sqliteStaff(ctx),
      audit: sqliteAudit(ctx),
      settings: sqliteSettings(ctx),
      connections: sqliteConnections(ctx),
      mailFailures: sqliteMailFailures(ctx),
      async close() {
        db.close();
      },
      backup: sqliteBackup(ctx),
      catalogueVersions: sqliteCatalogueVersions(ctx),
      gatewayEvents: sqliteGatewayEvents(ctx),
      pushSubscriptions: sqlitePushSubscriptions(ctx),
      passkeys: sqlitePasskeys(ctx),
      passkeyChallenges: sqlitePasskeyChallenges(ctx),
    },
    sqliteOutage,
  );
}
