// What is particular to each photo store, and how a process picks one from its environment.
import { openDemoPhotoStore } from '../../src/demo/photos/open.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';
import { choosePhotoStore, DEMO_CATALOGUE } from '../../src/server/catalogue/photo-store/index.ts';
import { withDemoPhotos } from '../../src/server/catalogue/photo-store/layered.ts';
import type { Product } from '../../src/lib/product.ts';
import {
  jpegPhoto,
  tempFolderPhotoStore,
  type OpenedPhotoStore,
} from '../fixtures/photo-stores.ts';

describe('the folder photo store', () => {
  let opened: OpenedPhotoStore;
  beforeEach(() => {
    opened = tempFolderPhotoStore();
  });
  afterEach(() => opened.close());

  it('adds a photo put by five writers at once exactly once, and leaves no temporary file', async () => {
    const { name, bytes } = await jpegPhoto(10);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => opened.store.put(name, bytes)),
    );
    expect(results.sort()).toEqual(['added', 'kept', 'kept', 'kept', 'kept']);
    expect(readdirSync(opened.dir)).toEqual([name]);
  });

  it('lists neither a crashed write nor anything else that is not a photo name', async () => {
    const { name, bytes } = await jpegPhoto(20);
    await opened.store.put(name, bytes);
    writeFileSync(path.join(opened.dir, `${name}.1234.partial`), bytes.subarray(0, 10));
    writeFileSync(path.join(opened.dir, 'notes.txt'), 'hello');
    mkdirSync(path.join(opened.dir, `${'b'.repeat(64)}.jpg`));
    expect(await opened.store.list()).toEqual([name]);
    expect(await opened.store.get(`${'b'.repeat(64)}.jpg`)).toBeNull();
    expect(await opened.store.has(`${'b'.repeat(64)}.jpg`)).toBe(false);
  });

  it('is created by its first write, not before', async () => {
    const dir = path.join(opened.dir, 'later', 'photos');
    const store = folderPhotoStore(dir);
    expect(await store.list()).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    const { name, bytes } = await jpegPhoto(25);
    expect(await store.put(name, bytes)).toBe('added');
    expect(readdirSync(dir)).toEqual([name]);
  });
});

describe('withDemoPhotos', () => {
  let own: OpenedPhotoStore;
  let demo: OpenedPhotoStore;
  beforeEach(() => {
    own = tempFolderPhotoStore();
    demo = tempFolderPhotoStore();
  });
  afterEach(async () => {
    await own.close();
    await demo.close();
  });

  it('reads the demo photos through the store, and lists both', async () => {
    const shipped = await jpegPhoto(30);
    const imported = await jpegPhoto(40);
    await demo.store.put(shipped.name, shipped.bytes);
    const store = withDemoPhotos(own.store, demo.store);
    expect(await store.put(imported.name, imported.bytes)).toBe('added');
    expect((await store.get(shipped.name))?.equals(shipped.bytes)).toBe(true);
    expect(await store.has(shipped.name)).toBe(true);
    expect(await store.list()).toEqual([shipped.name, imported.name].sort());
    expect(store.where).toBe(own.store.where);
  });

  it('writes new photos to the store only, never into the demo folder', async () => {
    const shipped = await jpegPhoto(50);
    const imported = await jpegPhoto(60);
    await demo.store.put(shipped.name, shipped.bytes);
    const store = withDemoPhotos(own.store, demo.store);
    await store.put(imported.name, imported.bytes);
    expect(readdirSync(demo.dir)).toEqual([shipped.name]);
    expect(readdirSync(own.dir)).toEqual([imported.name]);
  });

  it('keeps a demo photo imported again where it is, copying nothing', async () => {
    const shipped = await jpegPhoto(70);
    await demo.store.put(shipped.name, shipped.bytes);
    const store = withDemoPhotos(own.store, demo.store);
    expect(await store.put(shipped.name, shipped.bytes)).toBe('kept');
    expect(await own.store.list()).toEqual([]);
  });
});

describe('openDemoPhotoStore', () => {
  it('names every photo of the demo catalogue on a fresh clone, from an empty DATA_DIR', async () => {
    const own = tempFolderPhotoStore();
    try {
      const store = openDemoPhotoStore({ DATA_DIR: own.dir });
      const catalogue = JSON.parse(readFileSync(DEMO_CATALOGUE, 'utf8')) as Product[];
      const named = [
        ...new Set(
          catalogue
            .flatMap((p) => p.colorImages.flatMap((c) => c.images))
            .filter((src) => src.startsWith('/photos/'))
            .map((src) => src.slice('/photos/'.length)),
        ),
      ].sort();
      expect(named.length).toBeGreaterThan(150);
      expect(await store.list()).toEqual(named);
      expect(await store.has(named[0]!)).toBe(true);
      expect(store.where).toBe(`the folder ${path.join(own.dir, 'photos')}`);
    } finally {
      await own.close();
    }
  });
});

describe('choosePhotoStore', () => {
  const context = Buffer.from(JSON.stringify({ siteID: 's', token: 't' })).toString('base64');
  const folder = (dir: string) => ({ kind: 'folder', dir: path.resolve(dir) });

  it('uses DATA_DIR/photos on a developer machine (.data/photos by default)', () => {
    expect(choosePhotoStore({})).toEqual(folder('.data/photos'));
    expect(choosePhotoStore({ DATA_DIR: '/srv/shop' })).toEqual(folder('/srv/shop/photos'));
  });

  it('uses PHOTOS_DIR when it is set', () => {
    expect(choosePhotoStore({ DATA_DIR: '/srv/shop', PHOTOS_DIR: '/mnt/photos' })).toEqual(
      folder('/mnt/photos'),
    );
  });

  it('uses Netlify Blobs from its context inside Netlify (functions, plugins, the build)', () => {
    expect(choosePhotoStore({ NETLIFY_BLOBS_CONTEXT: context, NETLIFY: 'true' })).toEqual({
      kind: 'blobs',
      access: {},
    });
  });

  it('uses Netlify Blobs through the API with a token and the site id (a build, or the CLI at home)', () => {
    expect(choosePhotoStore({ NETLIFY_BLOBS_TOKEN: 'nfp_x', NETLIFY_SITE_ID: 'site-1' })).toEqual({
      kind: 'blobs',
      access: { token: 'nfp_x', siteID: 'site-1' },
    });
    expect(
      choosePhotoStore({ NETLIFY: 'true', SITE_ID: 'site-2', NETLIFY_BLOBS_TOKEN: 'nfp_y' }),
    ).toEqual({ kind: 'blobs', access: { token: 'nfp_y', siteID: 'site-2' } });
  });

  it('refuses a Netlify build without Blobs access rather than read a folder that is not there', () => {
    expect(() => choosePhotoStore({ NETLIFY: 'true', SITE_ID: 'site-3' })).toThrow(
      'On Netlify the photo originals are read from Netlify Blobs, and this process has no access: keep the photo-cache plugin in netlify.toml (it passes NETLIFY_BLOBS_CONTEXT to the build) or set NETLIFY_BLOBS_TOKEN (a Netlify personal access token).',
    );
  });

  it('refuses a token without a site id', () => {
    expect(() => choosePhotoStore({ NETLIFY_BLOBS_TOKEN: 'nfp_x' })).toThrow(
      'NETLIFY_BLOBS_TOKEN is set; also set NETLIFY_SITE_ID (the site id) beside NETLIFY_BLOBS_TOKEN.',
    );
  });

  it('keeps the local folder under netlify dev, where the CLI import writes', () => {
    expect(choosePhotoStore({ NETLIFY_DEV: 'true', NETLIFY_BLOBS_CONTEXT: context })).toEqual(
      folder('.data/photos'),
    );
  });

  it('follows PHOTO_STORE when it is set', () => {
    expect(choosePhotoStore({ PHOTO_STORE: 'folder', NETLIFY_BLOBS_CONTEXT: context })).toEqual(
      folder('.data/photos'),
    );
    expect(choosePhotoStore({ PHOTO_STORE: 'blobs', NETLIFY_BLOBS_CONTEXT: context })).toEqual({
      kind: 'blobs',
      access: {},
    });
    expect(() => choosePhotoStore({ PHOTO_STORE: 'blobs' })).toThrow(
      'PHOTO_STORE=blobs needs Netlify Blobs access: set NETLIFY_BLOBS_TOKEN (a Netlify personal access token).',
    );
    expect(() => choosePhotoStore({ PHOTO_STORE: 's3' })).toThrow(
      'PHOTO_STORE is "s3"; use "folder" or "blobs", or leave it unset to choose by environment.',
    );
  });
});

describe('npm run shop -- catalogue import with half the Netlify Blobs settings', () => {
  // A fresh Node process is the subject here; its start alone took over 20 s on a loaded 2-core
  // machine (load 12), so the limit is a minute. The work itself takes about a second.
  it('says what to set in one line, exits 1 and imports nothing', { timeout: 60_000 }, async () => {
    const work = tempFolderPhotoStore();
    try {
      const { bytes } = await jpegPhoto(80, 900);
      writeFileSync(path.join(work.dir, 'tote.jpg'), bytes);
      const file = path.join(work.dir, 'catalogue.json');
      writeFileSync(
        file,
        JSON.stringify([{ _id: 'x-tote', colorImages: [{ images: ['tote.jpg'] }] }]),
      );
      const run = spawnSync(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'scripts/shop.ts', 'catalogue', 'import', file],
        {
          encoding: 'utf8',
          env: {
            ...process.env,
            DATA_DIR: path.join(work.dir, 'db'),
            NETLIFY_BLOBS_TOKEN: 'nfp_half',
          },
        },
      );
      expect(run.stderr.trim().split('\n')).toEqual([
        'NETLIFY_BLOBS_TOKEN is set; also set NETLIFY_SITE_ID (the site id) beside NETLIFY_BLOBS_TOKEN.',
        'Nothing was imported.',
      ]);
      expect(run.status).toBe(1);
      expect(existsSync(path.join(work.dir, 'db', 'photos'))).toBe(false);
    } finally {
      await work.close();
    }
  });
});
