// The store contract of the owner's connections, run on every adapter: SQLite, the Mongo adapter
// over the driver's TEST DOUBLE, and a real MongoDB server wherever MONGODB_URI is set. One record;
// a save replaces one connection and keeps the others; null removes it; before and after are answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/server/store/port.ts';
import { tempMongoDoubleStore, tempRealMongoStore, tempSqliteStore } from '../fixtures/store.ts';

const COURIER = { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: 'v1.iv.tag.data' };
const WHATSAPP = { WHATSAPP_TOKEN: 'v1.iv2.tag2.data2', WHATSAPP_PHONE_NUMBER_ID: '1098765' };

function connectionsContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`connections store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    it('answers no connection before any is saved', async () => {
      expect(await store.connections.get()).toEqual({});
    });

    it('saves one connection, answering the record before and after', async () => {
      expect(await store.connections.save('courier', COURIER)).toEqual({
        before: {},
        after: { courier: COURIER },
      });
      expect(await store.connections.get()).toEqual({ courier: COURIER });
    });

    it('saves another connection beside it, keeping the first', async () => {
      expect(await store.connections.save('whatsapp', WHATSAPP)).toEqual({
        before: { courier: COURIER },
        after: { courier: COURIER, whatsapp: WHATSAPP },
      });
    });

    it('replaces a connection whole: a field left out of the save is gone', async () => {
      const replaced = { DEFAULT_COURIER: 'leopards', LEOPARDS_API_KEY: 'v1.a.b.c' };
      await store.connections.save('courier', replaced);
      expect(await store.connections.get()).toEqual({ courier: replaced, whatsapp: WHATSAPP });
    });

    it('removes a connection with null, keeping the others', async () => {
      const { after } = await store.connections.save('courier', null);
      expect(after).toEqual({ whatsapp: WHATSAPP });
      expect(await store.connections.get()).toEqual({ whatsapp: WHATSAPP });
    });

    it('loses no connection when two are saved at once', async () => {
      const jazzcash = { JAZZCASH_ENVIRONMENT: 'sandbox', JAZZCASH_MERCHANT_ID: 'MC1' };
      const easypaisa = { EASYPAISA_ENVIRONMENT: 'sandbox', EASYPAISA_STORE_ID: '12' };
      await Promise.all([
        store.connections.save('jazzcash', jazzcash),
        store.connections.save('easypaisa', easypaisa),
      ]);
      expect(await store.connections.get()).toEqual({ whatsapp: WHATSAPP, jazzcash, easypaisa });
    });
  });
}

connectionsContract('sqlite', async () => tempSqliteStore());
connectionsContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  connectionsContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_connections_contract'));
}
