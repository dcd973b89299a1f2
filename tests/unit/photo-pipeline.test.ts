import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildPhotos,
  MissingPhotosError,
  photoJobs,
  photoReportLine,
} from '../../src/server/catalogue/build-photos.ts';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';
import { photoCacheDir, photosLater } from '../../src/server/catalogue/photo-integration.ts';
import { imageSources, ogImage, schemaImage } from '../../src/lib/photos.ts';
import { makeProduct } from '../fixtures/products.ts';

const HASH = 'ab'.repeat(32);
let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-pipeline-'));
  mkdirSync(path.join(work, 'originals'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));
const originals = () => folderPhotoStore(path.join(work, 'originals'));

async function original(hash = HASH, width = 1600, height = 1200): Promise<string> {
  const file = path.join(work, 'originals', `${hash}.jpg`);
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  writeFileSync(file, bytes);
  return file;
}

describe('imageSources', () => {
  it('gives a stored photo an AVIF srcset at 360, 720 and 1080 px, a WebP one at 360 and 720, and a 720 px WebP src', () => {
    const p = (w: number, f: string) => `/photos/${HASH}-${w}.${f}`;
    expect(imageSources(`/photos/${HASH}.jpg`)).toEqual({
      src: p(720, 'webp'),
      avif: `${p(360, 'avif')} 360w, ${p(720, 'avif')} 720w, ${p(1080, 'avif')} 1080w`,
      webp: `${p(360, 'webp')} 360w, ${p(720, 'webp')} 720w`,
    });
    expect(ogImage(`/photos/${HASH}.png`)).toBe(p(1080, 'jpg'));
    expect(schemaImage(`/photos/${HASH}.webp`)).toBe(p(720, 'webp'));
  });

  it('leaves an illustration path as it is', () => {
    expect(imageSources('/images/products/bag-black-1.svg')).toEqual({
      src: '/images/products/bag-black-1.svg',
      avif: '',
      webp: '',
    });
  });
});

describe('buildPhotos', () => {
  it('writes square AVIF at 360/720/1080 and WebP at 360/720 px, the OG JPEG and the small original-format copy', async () => {
    await original();
    const product = makeProduct({ colors: ['Black'] });
    product.colorImages = [{ color: 'Black', images: [`/photos/${HASH}.jpg`, '/images/x.svg'] }];
    const jobs = photoJobs([product]);
    const out = path.join(work, 'dist');
    const report = await buildPhotos(jobs, originals(), path.join(work, 'cache'), out);
    expect(report).toMatchObject({ photos: 1, hits: 0, made: 1, files: 7 });
    const facts = await Promise.all(
      readdirSync(out)
        .sort()
        .map(async (name) => {
          const m = await sharp(path.join(out, name)).metadata();
          return `${name.replace(HASH, 'H')} ${m.format} ${m.width}x${m.height}`;
        }),
    );
    expect(facts).toEqual([
      'H-1080.avif heif 1080x1080',
      'H-1080.jpg jpeg 1080x1080',
      'H-360.avif heif 360x360',
      'H-360.webp webp 360x360',
      'H-720.avif heif 720x720',
      'H-720.webp webp 720x720',
      'H.jpg jpeg 360x360',
    ]);
  });

  it('reuses every cached output on the next build and says so in its log line', async () => {
    await original();
    const jobs = [{ hash: HASH, name: `${HASH}.jpg`, og: false }];
    const cache = path.join(work, 'cache');
    await buildPhotos(jobs, originals(), cache, path.join(work, 'one'));
    const cached = path.join(cache, 'v3', `${HASH}-720.avif`);
    const before = statSync(cached).mtimeMs;
    const again = await buildPhotos(jobs, originals(), cache, path.join(work, 'two'));
    expect({ hits: again.hits, made: again.made, files: again.files }).toEqual({
      hits: 1,
      made: 0,
      files: 6,
    });
    expect(statSync(cached).mtimeMs).toBe(before);
    expect(readdirSync(path.join(work, 'two'))).toHaveLength(6);
    expect(photoReportLine({ ...again, ms: 1234, cpuMs: 2345 })).toBe(
      '1 photo(s): 1 cache hit(s), 0 optimised; 6 files in /photos/ in 1.2 s (CPU 2.3 s)',
    );
  });

  it('reads an original from the photo store only when one of its outputs is not cached', async () => {
    await original();
    const reads: string[] = [];
    const store = originals();
    const counting = { ...store, get: (name: string) => (reads.push(name), store.get(name)) };
    const jobs = [{ hash: HASH, name: `${HASH}.jpg`, og: true }];
    const cache = path.join(work, 'cache');
    await buildPhotos(jobs, counting, cache, null);
    expect(reads).toEqual([`${HASH}.jpg`]);
    await buildPhotos(jobs, counting, cache, path.join(work, 'again'));
    expect(reads).toEqual([`${HASH}.jpg`]);
  });

  it('says how many photos it optimises and how many the cache already holds', async () => {
    const other = 'cd'.repeat(32);
    await original();
    await original(other);
    const cache = path.join(work, 'cache');
    await buildPhotos([{ hash: HASH, name: `${HASH}.jpg`, og: false }], originals(), cache, null);
    const lines: string[] = [];
    const jobs = [
      { hash: HASH, name: `${HASH}.jpg`, og: false },
      { hash: other, name: `${other}.jpg`, og: false },
    ];
    await buildPhotos(jobs, originals(), cache, null, { log: (line) => lines.push(line) });
    expect(lines).toEqual(['Photos: optimising 1 into AVIF and WebP (1 more already cached)']);
  });

  it('with cachedOnly, copies the cached photos and leaves the rest for later without reading them', async () => {
    const other = 'cd'.repeat(32);
    await original();
    await original(other);
    const cache = path.join(work, 'cache');
    await buildPhotos([{ hash: HASH, name: `${HASH}.jpg`, og: false }], originals(), cache, null);
    const reads: string[] = [];
    const store = originals();
    const counting = { ...store, get: (name: string) => (reads.push(name), store.get(name)) };
    const jobs = [
      { hash: HASH, name: `${HASH}.jpg`, og: false },
      { hash: other, name: `${other}.jpg`, og: false },
    ];
    const out = path.join(work, 'dist');
    const report = await buildPhotos(jobs, counting, cache, out, { cachedOnly: true });
    expect(report).toMatchObject({ photos: 2, hits: 1, made: 0, deferred: 1, files: 6 });
    expect(reads).toEqual([]);
    expect(readdirSync(out).every((name) => name.startsWith(HASH))).toBe(true);
    expect(photoReportLine({ ...report, ms: 1234, cpuMs: 2345 })).toBe(
      '2 photo(s): 1 cache hit(s), 0 optimised, 1 left to optimise while the shop runs; 6 files in /photos/ in 1.2 s (CPU 2.3 s)',
    );
  });

  it('fails the build with one line naming the product and the colour when the store lacks a photo', async () => {
    const product = makeProduct({ productName: 'Sahiwal Leather Tote', colors: ['Black'] });
    product.colorImages = [{ color: 'Black', images: [`/photos/${HASH}.jpg`] }];
    const failed = await buildPhotos(photoJobs([product]), originals(), path.join(work, 'c'), null)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MissingPhotosError);
    expect((failed as MissingPhotosError).lines).toEqual([
      `Photo /photos/${HASH}.jpg of "Sahiwal Leather Tote" (Black) is missing from the photo store.`,
    ]);
  });
});

describe('photosLater', () => {
  it('leaves uncached photos for later on a local build that asks, never on a Netlify build', () => {
    expect(photosLater(true, {})).toBe(true);
    expect(photosLater(false, {})).toBe(false);
    expect(photosLater(true, { NETLIFY: 'true' })).toBe(false);
    expect(photosLater(true, { SITE_ID: 'site' })).toBe(false);
  });
});

describe('photoCacheDir', () => {
  it("keeps optimised photos in the user's cache folder, shared by every clone on the machine", () => {
    const base = path.join(work, 'xdg');
    expect(photoCacheDir('/clone/node_modules/.astro', { XDG_CACHE_HOME: base })).toBe(
      path.join(base, 'bagshop', 'photos'),
    );
    expect(photoCacheDir('/clone/node_modules/.astro', { HOME: work })).toBe(
      path.join(work, '.cache', 'bagshop', 'photos'),
    );
  });

  it("keeps them in the project's Astro cache on Netlify, whose build cache saves that folder", () => {
    const env = { XDG_CACHE_HOME: path.join(work, 'xdg'), NETLIFY: 'true' };
    expect(photoCacheDir('/opt/build/repo/node_modules/.astro', env)).toBe(
      '/opt/build/repo/node_modules/.astro/photos',
    );
  });

  it('uses PHOTO_CACHE_DIR when it is set, and the project when the user cache cannot be written', () => {
    expect(photoCacheDir('/clone/.astro', { PHOTO_CACHE_DIR: '/elsewhere', NETLIFY: 'true' })).toBe(
      '/elsewhere',
    );
    // A file where the cache folder would go: no one, root included, can make a folder in it.
    const blocked = path.join(work, 'not-a-folder');
    writeFileSync(blocked, '');
    expect(photoCacheDir('/clone/.astro', { XDG_CACHE_HOME: blocked })).toBe(
      path.join('/clone/.astro', 'photos'),
    );
  });
});

describe('a photo cache shared by builds running at once', () => {
  it('lets two builds encode the same photos into one cache, each getting every file', async () => {
    await original();
    const jobs = [{ hash: HASH, name: `${HASH}.jpg`, og: true }];
    const cache = path.join(work, 'cache');
    const [one, two] = await Promise.all([
      buildPhotos(jobs, originals(), cache, path.join(work, 'one')),
      buildPhotos(jobs, originals(), cache, path.join(work, 'two')),
    ]);
    expect([one.files, two.files]).toEqual([7, 7]);
    expect(readdirSync(path.join(work, 'one')).sort()).toEqual(
      readdirSync(path.join(work, 'two')).sort(),
    );
    expect(readdirSync(path.join(cache, 'v3')).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});
