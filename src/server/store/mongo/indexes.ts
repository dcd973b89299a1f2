// The indexes the MongoDB adapter relies on, created by `npm run shop -- db migrate` and checked by
// `shop doctor`; never at cold start.
import { connect, realDriver, type MongoDriver } from './driver.ts';

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
  // One subscription per device, found by its member or its endpoint.
  {
    collection: 'pushSubscriptions',
    keys: { endpoint: 1 },
    options: { name: 'push_subscriptions_endpoint', unique: true },
  },
  {
    collection: 'pushSubscriptions',
    keys: { staffId: 1, createdAt: 1 },
    options: { name: 'push_subscriptions_staff' },
  },
  {
    collection: 'passkeys',
    keys: { staffId: 1, createdAt: 1 },
    options: { name: 'passkeys_staff' },
  },
  {
    collection: 'passkeyChallenges',
    keys: { expiresAtDate: 1 },
    options: { name: 'passkey_challenges_ttl', expireAfterSeconds: 0 },
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
