// The store contract of catalogue versions, run on every adapter: SQLite, the
// Mongo adapter over the driver's TEST DOUBLE (mingo in memory), and a real MongoDB server wherever
// MONGODB_URI is set. A publish records the next number with its products and the change count in
// one write; deploy states move only as the rules say; racing publishes get unique, ordered numbers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedProducts } from '../../src/lib/catalogue-version.ts';
import type { Product } from '../../src/lib/product.ts';
import type { CatalogueVersion, Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { tempMongoDoubleStore, tempRealMongoStore, tempSqliteStore } from '../fixtures/store.ts';

const OWNER = { id: 'owner-1', email: 'owner@bastaa.pk' };
const at = (minute: number) => `2030-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const bagA = makeProduct({ _id: 'bag-a', price: 5000 });
const bagB = makeProduct({ _id: 'bag-b', productName: 'Second Bag' });

function versionsContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`catalogue versions store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => cleanup());

    const publish = (
      products: Product[],
      minute: number,
      state: 'queued' | 'building' = 'queued',
    ) =>
      store.catalogueVersions.publish(
        { publishedAt: at(minute), by: OWNER, products, state },
        (previous) => changedProducts(previous, products),
      );

    it('answers nothing before the first publish', async () => {
      expect(await store.catalogueVersions.latest()).toBeNull();
      expect(await store.catalogueVersions.live()).toBeNull();
      expect(await store.catalogueVersions.get(1)).toBeNull();
      expect(await store.catalogueVersions.products(1)).toBeNull();
      expect(await store.catalogueVersions.recent(5)).toEqual([]);
    });

    it('records version 1 with its products, who published it and every product counted as changed', async () => {
      const v1 = await publish([bagA, bagB], 1);
      const expected: CatalogueVersion = {
        number: 1,
        publishedAt: at(1),
        by: OWNER,
        products: 2,
        changed: 2,
        state: 'queued',
        stateAt: at(1),
        message: null,
        liveAt: null,
      };
      expect(v1).toEqual(expected);
      expect(await store.catalogueVersions.get(1)).toEqual(expected);
      expect(await store.catalogueVersions.latest()).toEqual(expected);
      expect(await store.catalogueVersions.products(1)).toEqual([bagA, bagB]);
      expect(await store.catalogueVersions.live()).toBeNull();
    });

    it('counts the changes against the previous version and keeps each version its own products', async () => {
      await publish([bagA, bagB], 1);
      const cheaper = { ...bagA, price: 4200 };
      const v2 = await publish([cheaper, bagB], 2);
      expect(v2.number).toBe(2);
      expect(v2.changed).toBe(1);
      expect(await store.catalogueVersions.products(1)).toEqual([bagA, bagB]);
      expect(await store.catalogueVersions.products(2)).toEqual([cheaper, bagB]);
      const v3 = await publish([cheaper], 3);
      expect(v3.changed).toBe(1);
      expect((await store.catalogueVersions.recent(2)).map((v) => v.number)).toEqual([3, 2]);
    });

    it('says whether any version, old or new, holds a product id', async () => {
      expect(await store.catalogueVersions.holds(bagA._id)).toBe(false);
      await publish([bagA, bagB], 1);
      await publish([bagB], 2);
      expect(await store.catalogueVersions.holds(bagA._id)).toBe(true);
      expect(await store.catalogueVersions.holds(bagB._id)).toBe(true);
      expect(await store.catalogueVersions.holds('never-published')).toBe(false);
      // An id is matched whole, never as a prefix or a pattern.
      expect(await store.catalogueVersions.holds(bagA._id.slice(0, -1))).toBe(false);
      expect(await store.catalogueVersions.holds('%')).toBe(false);
    });

    it('keeps when each product entered the draft through edits and imports, and a new record’s own time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
        await store.products.upsertMany([bagA]);
        vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
        await store.products.upsertMany([{ ...bagA, price: 9999 }]);
        await store.products.setColourStock(bagA._id, bagA.colors[0]!, false);
        expect((await store.products.states([bagA._id]))[0]!.draftSince).toBe(
          '2026-11-20T10:00:00.000Z',
        );
        expect(JSON.stringify(await store.products.list())).not.toContain('draftSince');
        await store.products.remove(bagA._id);
        await store.products.upsertMany([bagA]);
        expect((await store.products.states([bagA._id]))[0]!.draftSince).toBe(
          '2026-11-21T10:00:00.000Z',
        );
      } finally {
        vi.useRealTimers();
      }
    });

    it('a newer publish supersedes an older version still queued or building, never a failed one', async () => {
      await publish([bagA], 1, 'building');
      await publish([bagA], 2);
      const failed = await store.catalogueVersions.setState(
        2,
        { state: 'failed', at: at(3), message: 'The build failed.' },
        ['queued'],
      );
      expect(failed).toMatchObject({
        state: 'failed',
        message: 'The build failed.',
        stateAt: at(3),
      });
      await publish([bagA], 4);
      expect((await store.catalogueVersions.get(1))?.state).toBe('superseded');
      expect((await store.catalogueVersions.get(2))?.state).toBe('failed');
      expect((await store.catalogueVersions.get(3))?.state).toBe('queued');
    });

    it('moves a deploy to building only from the states asked, else changes nothing', async () => {
      await publish([bagA], 1);
      expect(
        await store.catalogueVersions.setState(1, { state: 'building', at: at(2), message: null }, [
          'failed',
        ]),
      ).toBeNull();
      expect((await store.catalogueVersions.get(1))?.state).toBe('queued');
      expect(
        await store.catalogueVersions.setState(1, { state: 'building', at: at(2), message: null }, [
          'queued',
        ]),
      ).toMatchObject({ number: 1, state: 'building', stateAt: at(2) });
      expect(
        await store.catalogueVersions.setState(9, { state: 'failed', at: at(2), message: 'x' }, [
          'queued',
        ]),
      ).toBeNull();
    });

    it('marks a version live: the one live before retires, older pending ones are superseded', async () => {
      await publish([bagA], 1);
      expect(await store.catalogueVersions.markLive(1, at(2))).toMatchObject({
        number: 1,
        state: 'live',
        liveAt: at(2),
      });
      await publish([bagA, bagB], 3, 'building');
      await publish([bagB], 4, 'building');
      expect((await store.catalogueVersions.get(2))?.state).toBe('superseded');
      // A superseded build that finishes first is what the site serves: it goes live.
      expect(await store.catalogueVersions.markLive(2, at(5))).toMatchObject({
        number: 2,
        state: 'live',
        liveAt: at(5),
        stateAt: at(5),
      });
      expect(await store.catalogueVersions.get(1)).toMatchObject({
        state: 'retired',
        liveAt: at(2),
      });
      expect((await store.catalogueVersions.get(3))?.state).toBe('building');
      expect((await store.catalogueVersions.markLive(3, at(6)))?.state).toBe('live');
      expect((await store.catalogueVersions.live())?.number).toBe(3);
      expect((await store.catalogueVersions.get(2))?.state).toBe('retired');
    });

    it('never marks an older version live over a newer live one, and marking twice changes nothing', async () => {
      await publish([bagA], 1);
      await publish([bagB], 2);
      await store.catalogueVersions.markLive(2, at(3));
      expect(await store.catalogueVersions.markLive(1, at(4))).toBeNull();
      expect((await store.catalogueVersions.get(1))?.state).toBe('superseded');
      expect(await store.catalogueVersions.markLive(2, at(5))).toMatchObject({ liveAt: at(3) });
      expect(await store.catalogueVersions.markLive(7, at(5))).toBeNull();
    });

    it('gives racing publishes unique numbers in order, each counted against the one before it', async () => {
      const catalogues = Array.from({ length: 8 }, (_, i) => [{ ...bagA, price: 1000 + i * 100 }]);
      const published = await Promise.all(catalogues.map((c, i) => publish(c, 10 + i)));
      const numbers = published.map((v) => v.number).sort((a, b) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const recent = await store.catalogueVersions.recent(10);
      expect(recent.map((v) => v.number)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      expect(recent.find((v) => v.number === 1)?.changed).toBe(1);
      expect(recent.filter((v) => v.state === 'queued').map((v) => v.number)).toEqual([8]);
    });
  });
}

versionsContract('sqlite', async () => tempSqliteStore());
versionsContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  versionsContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_versions_contract'));
}
