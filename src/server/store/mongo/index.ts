// The MongoDB adapter: connects (one shared client per function instance) and wires one
// repository per module over the database.
import type { MongoClient } from 'mongodb';
import { StoreUnavailableError, guardOutages, type Store } from '../port.ts';
import { mongoAudit } from './audit.ts';
import { mongoBackup } from './backup.ts';
import { mongoCarts } from './carts.ts';
import { mongoCatalogueVersions } from './catalogue-versions.ts';
import { mongoContext } from './context.ts';
import { connect, mongoOutage, realDriver, type MongoDriver } from './driver.ts';
import { mongoGatewayEvents } from './gateway-events.ts';
import { mongoLimits } from './limits.ts';
import { mongoMailFailures } from './mail-failures.ts';
import { mongoOrders } from './orders.ts';
import { mongoOtps } from './otps.ts';
import { mongoPasskeyChallenges } from './passkey-challenges.ts';
import { mongoPasskeys } from './passkeys.ts';
import { mongoProducts } from './products.ts';
import { mongoPushSubscriptions } from './push-subscriptions.ts';
import { mongoRates } from './rates.ts';
import { mongoSettings } from './settings.ts';
import { mongoConnections } from './connections.ts';
import { mongoStaff } from './staff.ts';
import { mongoSubscribers } from './subscribers.ts';
import { mongoUsers } from './users.ts';

export { MONGO_CLIENT_OPTIONS, type MongoDriver } from './driver.ts';
export { MONGO_INDEXES, migrateMongo, missingMongoIndexes } from './indexes.ts';

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
  const ctx = mongoContext(client, dbName, driver);

  return guardOutages(
    {
      kind: 'mongo',
      products: mongoProducts(ctx),
      users: mongoUsers(ctx),
      carts: mongoCarts(ctx),
      orders: mongoOrders(ctx),
      otps: mongoOtps(ctx),
      limits: mongoLimits(ctx),
      rates: mongoRates(ctx),
      subscribers: mongoSubscribers(ctx),
      staff: mongoStaff(ctx),
      audit: mongoAudit(ctx),
      settings: mongoSettings(ctx),
      connections: mongoConnections(ctx),
      mailFailures: mongoMailFailures(ctx),
      async close() {
        // The client is shared per instance and closed with the process.
      },
      backup: mongoBackup(ctx),
      catalogueVersions: mongoCatalogueVersions(ctx),
      gatewayEvents: mongoGatewayEvents(ctx),
      pushSubscriptions: mongoPushSubscriptions(ctx),
      passkeys: mongoPasskeys(ctx),
      passkeyChallenges: mongoPasskeyChallenges(ctx),
    },
    mongoOutage,
  );
}
