import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  onPostBuild,
  onPreBuild,
  PHOTO_CACHE,
  shareBlobsContext,
} from '../../netlify/plugins/photo-cache/index.js';
import { buildPhotos } from '../../src/server/catalogue/build-photos.ts';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';

const HASH = 'cd'.repeat(32);
let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-netlify-cache-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(work, { recursive: true, force: true });
});

/** Netlify's utils.cache, as a folder outside the checkout (one per site, kept across deploys). */
function netlifyCache(checkout: string, store: string) {
  return {
    restore: async (p: string) => {
      if (existsSync(path.join(checkout, p)) || !existsSync(path.join(store, p))) return false;
      cpSync(path.join(store, p), path.join(checkout, p), { recursive: true });
      return true;
    },
    save: async (p: string) => {
      if (!existsSync(path.join(checkout, p))) return false;
      cpSync(path.join(checkout, p), path.join(store, p), { recursive: true });
      return true;
    },
  };
}

describe('the photo-cache Netlify plugin', () => {
  it('keeps the folder Astro caches photos in (its default cacheDir, node_modules/.astro)', () => {
    expect(PHOTO_CACHE).toBe('node_modules/.astro/photos');
  });

  it('carries optimised photos to the next deploy on a fresh checkout: all cache hits', async () => {
    const original = path.join(work, `${HASH}.jpg`);
    writeFileSync(
      original,
      await sharp({ create: { width: 900, height: 900, channels: 3, background: '#884422' } })
        .jpeg()
        .toBuffer(),
    );
    const jobs = [{ hash: HASH, name: `${HASH}.jpg`, og: true }];
    const originals = folderPhotoStore(work);
    const store = path.join(work, 'netlify-cache');
    const first = path.join(work, 'deploy-1');
    mkdirSync(first);
    await onPreBuild({ utils: { cache: netlifyCache(first, store) } });
    expect(await buildPhotos(jobs, originals, path.join(first, PHOTO_CACHE), null)).toMatchObject({
      hits: 0,
      made: 1,
    });
    await onPostBuild({ utils: { cache: netlifyCache(first, store) } });

    const second = path.join(work, 'deploy-2');
    mkdirSync(second);
    await onPreBuild({ utils: { cache: netlifyCache(second, store) } });
    expect(readdirSync(path.join(second, PHOTO_CACHE, 'v3'))).toHaveLength(7);
    expect(await buildPhotos(jobs, originals, path.join(second, PHOTO_CACHE), null)).toMatchObject({
      hits: 1,
      made: 0,
    });
  });
});

describe('shareBlobsContext', () => {
  const context = Buffer.from(JSON.stringify({ siteID: 's', token: 't' })).toString('base64');

  it('hands the build command the Blobs context Netlify gives the plugin', () => {
    const netlifyConfig = { build: { environment: { NODE_VERSION: '24' } } };
    expect(shareBlobsContext(netlifyConfig, { NETLIFY_BLOBS_CONTEXT: context })).toBe(true);
    expect(netlifyConfig.build.environment).toEqual({
      NODE_VERSION: '24',
      NETLIFY_BLOBS_CONTEXT: context,
    });
  });

  it('leaves the build environment alone without a context, or when it has one already', () => {
    const bare = { build: { environment: { NODE_VERSION: '24' } } };
    expect(shareBlobsContext(bare, {})).toBe(false);
    expect(bare.build.environment).toEqual({ NODE_VERSION: '24' });
    const own = { build: { environment: { NETLIFY_BLOBS_CONTEXT: 'theirs' } } };
    expect(shareBlobsContext(own, { NETLIFY_BLOBS_CONTEXT: context })).toBe(false);
    expect(own.build.environment).toEqual({ NETLIFY_BLOBS_CONTEXT: 'theirs' });
  });
});
