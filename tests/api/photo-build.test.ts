// The build and the photo store, end to end: the real `astro build` (this repository's config and
// its photo-pipeline integration) on a store whose catalogue names a photo the photo store lacks.
import { stripVTControlCharacters } from 'node:util';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoPreflight } from '../../src/server/catalogue/photo-integration.ts';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';
import {
  choosePhotoStore,
  DEMO_CATALOGUE,
  DEMO_PHOTOS_DIR,
} from '../../src/server/catalogue/photo-store/index.ts';
import { demoPhotoStore } from '../../src/demo/photos/store.ts';
import { withDemoPhotos } from '../../src/server/catalogue/photo-store/layered.ts';
import { seedIfEmpty } from '../../src/server/catalogue/catalogue.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { makeProduct } from '../fixtures/products.ts';
import { jpegPhoto } from '../fixtures/photo-stores.ts';

const GHOST = `${'e'.repeat(64)}.jpg`;

/** A tote whose Black photos are one the store holds and one it lacks. */
function toteWithGhost(held: string) {
  const tote = makeProduct({ _id: 'sahiwal-tote', productName: 'Sahiwal Leather Tote' });
  tote.colorImages = [
    { color: 'Black', images: [`/photos/${held}`, `/photos/${GHOST}`] },
    { color: 'Navy', images: [`/photos/${held}`] },
  ];
  return tote;
}

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-photo-build-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('photoPreflight', () => {
  it('names each missing photo by product and colour, once per photo', async () => {
    const own = folderPhotoStore(path.join(work, 'photos'));
    const held = await jpegPhoto(10);
    await own.put(held.name, held.bytes);
    const second = makeProduct({ _id: 'second-bag', productName: 'Second Bag' });
    second.colorImages = [{ color: 'Black', images: [`/photos/${GHOST}`] }];
    expect(await photoPreflight([toteWithGhost(held.name), second], () => own)).toEqual([
      `Photo /photos/${GHOST} of "Sahiwal Leather Tote" (Black) is missing from the photo store.`,
    ]);
  });

  it('finds nothing missing when the store holds every photo, the demo ones included', async () => {
    const dataDir = path.join(work, 'db');
    const store = openSqliteStore(dataDir);
    try {
      await seedIfEmpty(store);
      const products = await store.products.list();
      const open = () =>
        withDemoPhotos(
          folderPhotoStore(path.join(work, 'photos')),
          demoPhotoStore(DEMO_PHOTOS_DIR, DEMO_CATALOGUE),
        );
      expect(await photoPreflight(products, open)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('gives a photo-store settings problem as its one line', async () => {
    const open = () => choosePhotoStore({ PHOTO_STORE: 'blobs' }) && folderPhotoStore(work);
    expect(await photoPreflight([toteWithGhost(GHOST)], open)).toEqual([
      'PHOTO_STORE=blobs needs Netlify Blobs access: set NETLIFY_BLOBS_TOKEN (a Netlify personal access token).',
    ]);
  });

  it('lets any other error through as it is (a bug keeps its stack)', async () => {
    const broken = new RangeError('disk on fire');
    await expect(
      photoPreflight([toteWithGhost(GHOST)], () => {
        throw broken;
      }),
    ).rejects.toBe(broken);
  });
});

describe('astro build with a photo missing from the photo store', () => {
  it('fails with one line naming the product and the colour: no stack, no page written', async () => {
    const dataDir = path.join(work, 'db');
    const store = openSqliteStore(dataDir);
    const held = await jpegPhoto(20);
    try {
      await seedIfEmpty(store);
      await folderPhotoStore(path.join(dataDir, 'photos')).put(held.name, held.bytes);
      await store.products.upsertMany([toteWithGhost(held.name)]);
    } finally {
      await store.close();
    }
    const outDir = path.join(work, 'dist');
    const run = spawnSync(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PHOTO_CACHE_DIR: path.join(work, 'cache'),
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        timeout: 120_000,
      },
    );
    const output = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`);
    const errors = output.split('\n').filter((line) => line.includes('[ERROR]'));
    expect(errors.map((line) => line.replace(/^.*\[ERROR\] /, ''))).toEqual([
      `[photo-pipeline] Photo /photos/${GHOST} of "Sahiwal Leather Tote" (Black) is missing from the photo store.`,
    ]);
    expect(output).not.toContain('An unhandled error occurred');
    expect(output).not.toContain('Stack trace');
    expect(output).not.toMatch(/^\s+at /m);
    expect(run.status).toBe(1);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
  }, 120_000);
});
