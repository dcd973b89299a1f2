// The store contract of the desk's product editor: products.saveEdited, run on every
// adapter: SQLite, the Mongo adapter over the driver's TEST DOUBLE (mingo-based, in memory), and a
// real MongoDB server wherever MONGODB_URI is set. A save lands only over the version the editor
// read; a new product never takes an id in use; live state survives; races leave one winner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/server/store/port.ts';
import { productVersion } from '../../src/server/store/product-version.ts';
import { makeProduct } from '../fixtures/products.ts';
import { tempMongoDoubleStore, tempRealMongoStore, tempSqliteStore } from '../fixtures/store.ts';

function editorContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`editor store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    it('adds a new product last in catalogue order and answers it with no before', async () => {
      await store.products.upsertMany([makeProduct({ _id: 'ed-first' })]);
      const saved = await store.products.saveEdited(makeProduct({ _id: 'ed-new' }), null);
      expect(saved).toEqual({
        kind: 'saved',
        before: null,
        after: {
          product: makeProduct({ _id: 'ed-new' }),
          soldOut: [],
          archivedAt: null,
          draftSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          editedBy: null,
        },
      });
      const ids = (await store.products.list()).map((p) => p._id);
      expect(ids.indexOf('ed-new')).toBe(ids.length - 1);
      expect(ids.indexOf('ed-first')).toBeLessThan(ids.indexOf('ed-new'));
    });

    it('refuses a new product whose id is taken, live or archived, and writes nothing', async () => {
      await store.products.upsertMany([makeProduct({ _id: 'ed-taken', price: 5000 })]);
      await store.products.archive('ed-taken', '2030-01-01T00:00:00.000Z');
      const saved = await store.products.saveEdited(
        makeProduct({ _id: 'ed-taken', price: 9000 }),
        null,
      );
      expect(saved).toEqual({ kind: 'taken' });
      const [state] = await store.products.states(['ed-taken']);
      expect(state?.product.price).toBe(5000);
      expect(state?.archivedAt).toBe('2030-01-01T00:00:00.000Z');
    });

    it('saves an edit over the version read, keeping its place, sold-out colours and archive state', async () => {
      await store.products.upsertMany([
        makeProduct({ _id: 'ed-a' }),
        makeProduct({ _id: 'ed-b' }),
        makeProduct({ _id: 'ed-c' }),
      ]);
      await store.products.setColourStock('ed-b', 'Navy', false);
      const [read] = await store.products.states(['ed-b']);
      const next = makeProduct({ _id: 'ed-b', price: 6100 });
      const saved = await store.products.saveEdited(next, productVersion(read!.product));
      expect(saved).toEqual({
        kind: 'saved',
        before: read,
        // An edit keeps when the record entered the draft.
        after: {
          product: next,
          soldOut: ['Navy'],
          archivedAt: null,
          draftSince: read!.draftSince,
          editedBy: null,
        },
      });
      const ids = (await store.products.list()).map((p) => p._id);
      expect(ids.slice(ids.indexOf('ed-a'), ids.indexOf('ed-a') + 3)).toEqual([
        'ed-a',
        'ed-b',
        'ed-c',
      ]);
      expect((await store.products.get('ed-b'))?.price).toBe(6100);
    });

    it('keeps who last changed a product: the saving member when its fields change, not a save that changes none, and none after an import changes it', async () => {
      const packer = { id: 'staff-packer', email: 'packer@bastaa.pk' };
      const owner = { id: 'staff-owner', email: 'owner@bastaa.pk' };
      await store.products.upsertMany([makeProduct({ _id: 'ed-who', price: 1300 })]);
      const [imported] = await store.products.states(['ed-who']);
      expect(imported!.editedBy).toBeNull();
      const cheaper = makeProduct({ _id: 'ed-who', price: 130 });
      const saved = await store.products.saveEdited(
        cheaper,
        productVersion(imported!.product),
        // A caller's whole staff record: only its id and e-mail are kept.
        { ...packer, passwordHash: 'never-stored' } as typeof packer,
      );
      expect(saved.kind === 'saved' && saved.after.editedBy).toEqual(packer);
      const unchanged = await store.products.saveEdited(cheaper, productVersion(cheaper), owner);
      expect(unchanged.kind === 'saved' && unchanged.after.editedBy).toEqual(packer);
      expect((await store.products.states(['ed-who']))[0]!.editedBy).toEqual(packer);
      expect(JSON.stringify(await store.products.list())).not.toContain('packer@bastaa.pk');
      await store.products.upsertMany([cheaper]);
      expect((await store.products.states(['ed-who']))[0]!.editedBy).toEqual(packer);
      await store.products.upsertMany([makeProduct({ _id: 'ed-who', price: 1400 })]);
      expect((await store.products.states(['ed-who']))[0]!.editedBy).toBeNull();
    });

    it('refuses an edit over a version that is no longer stored, answers the current one, and writes nothing', async () => {
      await store.products.upsertMany([makeProduct({ _id: 'ed-stale', price: 4000 })]);
      const [read] = await store.products.states(['ed-stale']);
      await store.products.upsertMany([makeProduct({ _id: 'ed-stale', price: 4200 })]);
      const saved = await store.products.saveEdited(
        makeProduct({ _id: 'ed-stale', price: 9999 }),
        productVersion(read!.product),
      );
      expect(saved.kind).toBe('stale');
      expect(saved.kind === 'stale' && saved.current?.product.price).toBe(4200);
      expect((await store.products.get('ed-stale'))?.price).toBe(4200);
    });

    it('answers stale with no current product for an edit of a product deleted meanwhile', async () => {
      const saved = await store.products.saveEdited(
        makeProduct({ _id: 'ed-never' }),
        productVersion(makeProduct({ _id: 'ed-never' })),
      );
      expect(saved).toEqual({ kind: 'stale', current: null });
      expect(await store.products.states(['ed-never'])).toEqual([]);
    });

    it('still accepts the version read after a colour was marked sold out meanwhile (stock is not part of it)', async () => {
      await store.products.upsertMany([makeProduct({ _id: 'ed-stock' })]);
      const [read] = await store.products.states(['ed-stock']);
      await store.products.setColourStock('ed-stock', 'Black', false);
      await store.products.setColourStock('ed-stock', 'Navy', false);
      const saved = await store.products.saveEdited(
        makeProduct({ _id: 'ed-stock', maker: 'New Maker' }),
        productVersion(read!.product),
      );
      expect(saved.kind).toBe('saved');
      const [after] = await store.products.states(['ed-stock']);
      expect(after?.product.maker).toBe('New Maker');
      expect(after?.soldOut).toEqual(['Black', 'Navy']);
      expect(after?.product.stock).toBe(false);
    });

    it('lets exactly one of two edits of the same version win', async () => {
      await store.products.upsertMany([makeProduct({ _id: 'ed-race', price: 3000 })]);
      const [read] = await store.products.states(['ed-race']);
      const version = productVersion(read!.product);
      const results = await Promise.all([
        store.products.saveEdited(makeProduct({ _id: 'ed-race', price: 3100 }), version),
        store.products.saveEdited(makeProduct({ _id: 'ed-race', price: 3200 }), version),
      ]);
      expect(results.map((r) => r.kind).sort()).toEqual(['saved', 'stale']);
      const winner = results.find((r) => r.kind === 'saved');
      const price = winner?.kind === 'saved' ? winner.after.product.price : 0;
      expect((await store.products.get('ed-race'))?.price).toBe(price);
    });

    it('lets exactly one of two new products with the same id in', async () => {
      const results = await Promise.all([
        store.products.saveEdited(makeProduct({ _id: 'ed-twin', maker: 'One' }), null),
        store.products.saveEdited(makeProduct({ _id: 'ed-twin', maker: 'Two' }), null),
      ]);
      expect(results.map((r) => r.kind).sort()).toEqual(['saved', 'taken']);
      expect(await store.products.states(['ed-twin'])).toHaveLength(1);
    });
  });
}

editorContract('sqlite', async () => tempSqliteStore());
editorContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  editorContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_editor_contract'));
}
