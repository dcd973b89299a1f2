// The connections' keys through a JWT_SECRET rotation, on SQLite and on the Mongo adapter over the
// driver's TEST DOUBLE, each record read past its adapter: keys the previous secret sealed still
// open (the functions keep working), `staff reseal` (resealConnectionSecrets) moves them to the
// current secret and audits it, and a key neither secret opens is named and left as it was.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTION_PURPOSE,
  effectiveConfig,
  forgetConnections,
  resealConnectionSecrets,
  sealConnection,
} from '../../src/server/connections.ts';
import { parseConfig } from '../../src/server/config.ts';
import { openSecret } from '../../src/server/secret.ts';
import {
  migrateMongo,
  openMongoStore,
  type MongoDriver,
} from '../../src/server/store/mongo/index.ts';
import type { Store, StoredConnections } from '../../src/server/store/port.ts';
import { MongoClient, mongoDoubleDriver } from '../fixtures/mongo-double.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

const OLD = 'the-old-secret-that-leaked-0123456789abcdefghijkl';
const NEW = 'the-new-secret-from-openssl-rand-9876543210zyxwvu';
const OTHER = 'a-secret-this-shop-never-had-0123456789-abcdefghij';
const encode = (secret: string) => new TextEncoder().encode(secret);
const TOKEN = 'pe-token-rotation-1234';
const SALT = 'jc-salt-rotation-5678';
const rotating = parseConfig({ JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });

function rotationContract(
  name: string,
  open: () => Promise<{ store: Store; raw: () => Promise<string>; cleanup: () => Promise<void> }>,
) {
  describe(`connection keys through a rotation (${name})`, () => {
    let store: Store;
    let raw: () => Promise<string>;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, raw, cleanup } = await open());
      forgetConnections();
      await store.connections.save(
        'courier',
        sealConnection(
          'courier',
          { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: TOKEN },
          encode(OLD),
        ),
      );
      await store.connections.save(
        'jazzcash',
        sealConnection(
          'jazzcash',
          {
            JAZZCASH_ENVIRONMENT: 'sandbox',
            JAZZCASH_MERCHANT_ID: 'MC12345',
            JAZZCASH_PASSWORD: 'jc-password',
            JAZZCASH_INTEGRITY_SALT: SALT,
          },
          encode(NEW),
        ),
      );
    });
    afterAll(async () => cleanup());

    it('holds no key in clear in the database record', async () => {
      const record = await raw();
      for (const secret of [TOKEN, SALT, 'jc-password']) expect(record).not.toContain(secret);
      expect(record).toContain('MC12345');
    });

    it('opens keys the previous secret sealed while the rotation is under way', async () => {
      const config = await effectiveConfig(store, rotating);
      expect(config.POSTEX_API_TOKEN).toBe(TOKEN);
      expect(config.JAZZCASH_INTEGRITY_SALT).toBe(SALT);
    });

    it('re-seals only what the previous secret sealed, under the current one, and audits it', async () => {
      expect(await resealConnectionSecrets(store, rotating)).toEqual({
        resealed: ['courier'],
        unreadable: [],
      });
      const stored = JSON.parse(await raw()) as StoredConnections;
      const sealed = stored.courier!.POSTEX_API_TOKEN!;
      expect(openSecret(sealed, encode(NEW), CONNECTION_PURPOSE)).toBe(TOKEN);
      expect(openSecret(sealed, encode(OLD), CONNECTION_PURPOSE)).toBeNull();
      const [entry] = await store.audit.list({ action: 'connections.reseal', limit: 1 });
      expect(entry).toMatchObject({
        target: 'connection:courier',
        before: { sealedWith: 'JWT_SECRET_PREVIOUS' },
        after: { sealedWith: 'JWT_SECRET' },
      });
      expect(await resealConnectionSecrets(store, rotating)).toEqual({
        resealed: [],
        unreadable: [],
      });
    });

    it('opens everything with the current secret alone once re-sealed', async () => {
      forgetConnections();
      const config = await effectiveConfig(store, parseConfig({ JWT_SECRET: NEW }));
      expect(config.POSTEX_API_TOKEN).toBe(TOKEN);
    });

    it('names a key neither secret opens, leaving it as it was and the connection without it', async () => {
      const foreign = sealConnection(
        'whatsapp',
        { WHATSAPP_TOKEN: 'EAAG'.repeat(8) },
        encode(OTHER),
      );
      await store.connections.save('whatsapp', { ...foreign, WHATSAPP_PHONE_NUMBER_ID: '12345' });
      expect(await resealConnectionSecrets(store, rotating)).toEqual({
        resealed: [],
        unreadable: ['WHATSAPP_TOKEN'],
      });
      expect((await store.connections.get()).whatsapp!.WHATSAPP_TOKEN).toBe(foreign.WHATSAPP_TOKEN);
      forgetConnections();
      expect((await effectiveConfig(store, rotating)).WHATSAPP_TOKEN).toBeUndefined();
    });
  });
}

rotationContract('sqlite', async () => {
  const { store, dir, cleanup } = tempSqliteStore();
  const raw = async () => {
    const db = new DatabaseSync(path.join(dir, 'shop.db'));
    try {
      return (db.prepare('SELECT doc FROM connections WHERE id = 1').get() as { doc: string }).doc;
    } finally {
      db.close();
    }
  };
  return { store, raw, cleanup };
});

rotationContract('mongo adapter over the driver double', async () => {
  const uri = 'mongodb://rotation.test:27017';
  const dbName = `rotation_${process.pid}`;
  const driver = mongoDoubleDriver as unknown as MongoDriver;
  await migrateMongo(uri, dbName, driver);
  const store = await openMongoStore(uri, dbName, driver);
  const raw = async () => {
    const doc = await new MongoClient(uri)
      .db(dbName)
      .collection('connections')
      .findOne({ _id: 'shop' });
    return JSON.stringify(doc);
  };
  return {
    store,
    raw,
    cleanup: async () => {
      await new MongoClient(uri).db(dbName).dropDatabase();
    },
  };
});
