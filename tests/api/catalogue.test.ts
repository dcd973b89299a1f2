import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  importCatalogue,
  PRODUCT_LIST_REUSE_MS,
  productListBody,
  seedIfEmpty,
  validateCatalogue,
} from '../../src/server/catalogue/catalogue.ts';
import type { Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

let store: Store;
let cleanup: () => Promise<void>;
beforeEach(() => ({ store, cleanup } = tempSqliteStore()));
afterEach(async () => cleanup());

describe('validateCatalogue', () => {
  it('accepts a list of valid products', () => {
    expect(
      validateCatalogue([makeProduct({ _id: 'bag-a' }), makeProduct({ _id: 'bag-b' })]).ok,
    ).toBe(true);
  });

  it('names the record, its id and the field of every problem, one line each', () => {
    const bad = [
      makeProduct({ _id: 'bag-a' }),
      { ...makeProduct({ _id: 'bag-b' }), price: -5, category: 'wallets' },
    ];
    const result = validateCatalogue(bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toMatch(/^record 2 \(_id "bag-b"\): (category|price): /);
    expect(result.errors.join('\n')).toMatch(/record 2 \(_id "bag-b"\): price: /);
  });

  it('rejects duplicate ids', () => {
    const result = validateCatalogue([
      makeProduct({ _id: 'bag-a' }),
      makeProduct({ _id: 'bag-a' }),
    ]);
    expect(result).toEqual({
      ok: false,
      errors: ['record 2 (_id "bag-a"): _id: duplicate id bag-a'],
    });
  });

  it('rejects unknown fields and colour images that do not match the colours', () => {
    const product = { ...makeProduct(), colors: ['Black', 'Tan'], extra: true };
    const result = validateCatalogue([product]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join('\n')).toContain('colorImages: must list one entry per colour');
    expect(result.errors.join('\n')).toMatch(/Unrecognized key/);
  });

  it('refuses an image path that starts with // or has a .. segment, and accepts a site path', () => {
    const withImage = (image: string) =>
      makeProduct({
        _id: 'bag-a',
        colors: ['Black'],
        colorImages: [{ color: 'Black', images: [image] }],
      });
    const message =
      'record 1 (_id "bag-a"): colorImages.0.images.0: must be a site-relative path (one leading /, no .. segments)';
    for (const image of [
      '//evil.example/x.png',
      '///evil.example/x.png',
      '/images/../../private.png',
      '/..',
      '/images/products/..',
    ])
      expect(validateCatalogue([withImage(image)]), image).toEqual({
        ok: false,
        errors: [message],
      });
    for (const image of ['/images/products/a..b.svg', '/images/products/bag-1.svg'])
      expect(validateCatalogue([withImage(image)]).ok, image).toBe(true);
  });

  it('rejects something that is not a list', () => {
    expect(validateCatalogue({ products: [] }).ok).toBe(false);
  });
});

describe('importCatalogue', () => {
  it('writes nothing when any record is bad', async () => {
    const result = await importCatalogue(store, [makeProduct({ _id: 'good-bag' }), { _id: 'bad' }]);
    expect(result.ok).toBe(false);
    expect(await store.products.count()).toBe(0);
  });

  it('upserts valid records and reports new and updated counts', async () => {
    await importCatalogue(store, [makeProduct({ _id: 'bag-a' })]);
    expect(
      await importCatalogue(store, [
        makeProduct({ _id: 'bag-a', price: 5200 }),
        makeProduct({ _id: 'bag-b' }),
      ]),
    ).toEqual({
      ok: true,
      inserted: 1,
      updated: 1,
    });
    expect((await store.products.get('bag-a'))?.price).toBe(5200);
  });
});

describe('seedIfEmpty', () => {
  it('seeds the demo catalogue once and never duplicates it', async () => {
    const first = await seedIfEmpty(store);
    expect(first).toBeGreaterThanOrEqual(48);
    expect(await seedIfEmpty(store)).toBe(0);
    expect(await store.products.count()).toBe(first);
  });
});

describe('productListBody', () => {
  const names = (body: string) =>
    (JSON.parse(body) as { products: { _id: string; name: string }[] }).products.map(
      (p) => `${p._id}:${p.name}`,
    );

  it('answers success with every product and its name', async () => {
    await importCatalogue(store, [makeProduct({ _id: 'bag-a', productName: 'Bag A' })]);
    const body = JSON.parse(await productListBody(store)) as {
      success: boolean;
      products: unknown[];
    };
    expect(body.success).toBe(true);
    expect(names(await productListBody(store))).toEqual(['bag-a:Bag A']);
  });

  it('reuses the serialized list within the reuse window and reads the store again after it', async () => {
    await importCatalogue(store, [makeProduct({ _id: 'bag-a', productName: 'Bag A' })]);
    const now = Date.now();
    await productListBody(store, now);
    // A write that bypasses importCatalogue, as another process's import would.
    await store.products.upsertMany([
      makeProduct({ _id: 'bag-a', productName: 'Bag A' }),
      makeProduct({ _id: 'bag-b', productName: 'Bag B' }),
    ]);
    expect(names(await productListBody(store, now + PRODUCT_LIST_REUSE_MS - 1))).toEqual([
      'bag-a:Bag A',
    ]);
    expect(names(await productListBody(store, now + PRODUCT_LIST_REUSE_MS))).toEqual([
      'bag-a:Bag A',
      'bag-b:Bag B',
    ]);
  });

  it('shows an import made in this process at once', async () => {
    await importCatalogue(store, [makeProduct({ _id: 'bag-a', productName: 'Bag A' })]);
    await productListBody(store);
    await importCatalogue(store, [makeProduct({ _id: 'bag-a', productName: 'Bag A renamed' })]);
    expect(names(await productListBody(store))).toEqual(['bag-a:Bag A renamed']);
  });
});
