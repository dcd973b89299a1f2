// Build-time photo optimisation: every photo the catalogue names becomes square AVIF and WebP
// files at PHOTO_WIDTHS (and a JPEG for Open Graph), served from /photos/. Outputs are cached by
// the original's content hash (photoCacheDir: on Netlify in Astro's cacheDir, which its build
// cache keeps between deploys; elsewhere in the user's cache folder, shared by every clone), so an
// unchanged photo is never encoded twice, and its original is read from the photo store
// (src/server/photo-store) only when an output is missing.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { OG_WIDTH, PHOTO_PATH, PHOTO_WIDTHS, variantUrl, WEBP_WIDTHS } from '../../lib/photos.ts';
import type { Product } from '../../lib/product.ts';
import { progressReporter } from '../../lib/progress.ts';
import type { PhotoStore } from './photo-store/port.ts';

/** Bump when the encoder settings change, so old cache entries are not reused. */
const PIPELINE_VERSION = 'v3';
// Speed over the last percent of size: effort 0 AVIF is about 4× faster than effort 2 for about
// 30% more bytes, still far under the page budget; mozjpeg would cost 20× plain libjpeg. Chroma at
// half resolution, as in every JPEG and WebP: a third less encoding time than sharp's 4:4:4
// default and 10% fewer bytes (measured on 20 demo photos at 720 px: 54 → 36 ms, 10 → 9 KB).
const AVIF = { quality: 50, effort: 0, chromaSubsampling: '4:2:0' } as const;
const WEBP = { quality: 72, effort: 2 } as const;
const JPEG = { quality: 80, progressive: true } as const;

/**
 * One photo to optimise: its hash, its original's name in the photo store, whether it needs an
 * Open Graph JPEG, and the first product and colour that show it (for a missing photo's message).
 */
export type PhotoJob = {
  hash: string;
  name: string;
  og: boolean;
  usedBy?: { product: string; color: string };
};

/**
 * The stored path itself (`/photos/<sha256>.<ext>`) is served too, as a small image in the
 * original's format: cart lines, past orders and any other plain <img> of a path stay light.
 */
const THUMB_WIDTH = PHOTO_WIDTHS[0];

/** What a build of the photos did, for the build log. */
export type PhotoReport = {
  photos: number;
  hits: number;
  made: number;
  files: number;
  /** Photos left out because their outputs were not cached yet (`cachedOnly`). */
  deferred: number;
  ms: number;
  /** CPU time of the whole process (libvips threads included): the honest cost on a busy machine. */
  cpuMs: number;
};

/** The photos a catalogue names, once each; the first image of a product also gets an OG JPEG. */
export function photoJobs(products: readonly Product[]): PhotoJob[] {
  const jobs = new Map<string, PhotoJob>();
  for (const p of products) {
    p.colorImages.forEach(({ color, images }, c) =>
      images.forEach((site, i) => {
        const match = PHOTO_PATH.exec(site);
        if (!match) return;
        const hash = match[1] as string;
        const og = c === 0 && i === 0;
        const known = jobs.get(hash);
        if (known) known.og ||= og;
        else
          jobs.set(hash, {
            hash,
            name: `${hash}.${match[2]}`,
            og,
            usedBy: { product: p.productName, color },
          });
      }),
    );
  }
  return [...jobs.values()];
}

/** The files (names relative to /photos/) the build serves for one photo. */
export function photoOutputs(job: PhotoJob): string[] {
  const files = [
    ...PHOTO_WIDTHS.map((w) => path.basename(variantUrl(job.hash, w, 'avif'))),
    ...WEBP_WIDTHS.map((w) => path.basename(variantUrl(job.hash, w, 'webp'))),
  ];
  if (job.og) files.push(path.basename(variantUrl(job.hash, OG_WIDTH, 'jpg')));
  files.push(job.name);
  return files;
}

/** The catalogue names photos the store does not hold; the message has one line per photo. */
export class MissingPhotosError extends Error {
  override name = 'MissingPhotosError';
  readonly lines: readonly string[];
  constructor(lines: readonly string[]) {
    super(lines.join('\n'));
    this.lines = lines;
  }
}

/** The line that names a missing photo by its product and colour. */
export function missingPhotoLine(job: PhotoJob): string {
  const shown = job.usedBy ? ` of "${job.usedBy.product}" (${job.usedBy.color})` : '';
  return `Photo /photos/${job.name}${shown} is missing from the photo store.`;
}

/** The jobs whose originals the store does not hold, found with one listing of the store. */
export async function missingPhotos(
  jobs: readonly PhotoJob[],
  store: PhotoStore,
): Promise<PhotoJob[]> {
  const held = new Set(await store.list());
  return jobs.filter((job) => !held.has(job.name));
}

/** Throws MissingPhotosError, one line per photo, when the store lacks any job's original. */
export async function checkPhotosPresent(
  jobs: readonly PhotoJob[],
  store: PhotoStore,
): Promise<void> {
  const absent = await missingPhotos(jobs, store);
  if (absent.length > 0) throw new MissingPhotosError(absent.map(missingPhotoLine));
}

/** Encodes the missing outputs of one photo into the cache; returns how many it wrote. */
async function encode(
  job: PhotoJob,
  store: PhotoStore,
  cache: string,
  missing: string[],
): Promise<void> {
  const original = await store.get(job.name);
  // Listed a moment ago; gone now (deleted while the build ran) is still a missing photo.
  if (!original) throw new MissingPhotosError([missingPhotoLine(job)]);
  // Decode once (auto-rotated by EXIF, centre-cropped square at the largest width), then resize
  // the decoded pixels for each width: a 4 MB JPEG is decoded once, not six times.
  const largest = Math.max(...PHOTO_WIDTHS, OG_WIDTH);
  const square = await sharp(original)
    .rotate()
    .resize({ width: largest, height: largest, fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const name of missing) {
    const variant = /-(\d+)\.(avif|webp|jpg)$/.exec(name);
    const width = variant ? Number(variant[1]) : THUMB_WIDTH;
    const format = variant ? variant[2] : path.extname(name).slice(1);
    let image = sharp(square.data, { raw: square.info });
    if (width !== largest) image = image.resize(width, width);
    const encoded =
      format === 'avif'
        ? image.avif(AVIF)
        : format === 'webp'
          ? image.webp(WEBP)
          : format === 'png'
            ? image.png({ compressionLevel: 9 })
            : image.jpeg(JPEG);
    // The cache may be shared by several checkouts building at once: each writes its own
    // partial file, and the rename that publishes it is atomic.
    const target = path.join(cache, name);
    const partial = `${target}.${process.pid}-${randomUUID()}.partial`;
    await writeFile(partial, await encoded.toBuffer());
    await rename(partial, target);
  }
}

/** How buildPhotos reports and what it leaves out. */
export type BuildPhotoOptions = {
  /** Where the progress lines go (photos to optimise, then done / total and time left). */
  log?: (line: string) => void;
  /** Copy only the photos whose outputs are all cached; the rest are counted as deferred. */
  cachedOnly?: boolean;
  /** Told each photo whose files are all in `outDir` (or in the cache, without one). */
  onReady?: (job: PhotoJob) => void;
};

/** Copies a file so that a reader of `to` never sees it half-written (the shop may be serving). */
async function copyWhole(from: string, to: string): Promise<void> {
  await copyFile(from, `${to}.partial`);
  await rename(`${to}.partial`, to);
}

/**
 * Optimises every job into `cacheDir` (skipping outputs already there, whose originals are then
 * never read), then copies the outputs to `outDir`. Throws MissingPhotosError, one line per
 * photo naming its product and colour, when originals are missing from the photo store.
 */
export async function buildPhotos(
  jobs: readonly PhotoJob[],
  store: PhotoStore,
  cacheDir: string,
  outDir: string | null,
  { log, cachedOnly = false, onReady }: BuildPhotoOptions = {},
): Promise<PhotoReport> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const cache = path.join(cacheDir, PIPELINE_VERSION);
  await mkdir(cache, { recursive: true });
  if (outDir) await mkdir(outDir, { recursive: true });
  const cached = new Set(await readdir(cache));
  const isCached = (job: PhotoJob) => photoOutputs(job).every((n) => cached.has(n));
  const todo = jobs.filter((job) => !isCached(job));
  await checkPhotosPresent(jobs, store);
  const queue = cachedOnly ? jobs.filter(isCached) : [...jobs];
  const progress = progressReporter('Photos', cachedOnly ? 0 : todo.length, log ?? (() => {}));
  const cachedCount = jobs.length - todo.length;
  if (log && !cachedOnly && todo.length > 0)
    log(
      `Photos: optimising ${todo.length} into AVIF and WebP` +
        (cachedCount > 0 ? ` (${cachedCount} more already cached)` : ''),
    );
  let hits = 0;
  let made = 0;
  let files = 0;
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const names = photoOutputs(job);
      const missing = names.filter((n) => !cached.has(n));
      if (missing.length === 0) hits += 1;
      else {
        await encode(job, store, cache, missing);
        made += 1;
        progress.advance();
      }
      if (outDir)
        for (const name of names) await copyWhole(path.join(cache, name), path.join(outDir, name));
      files += names.length;
      onReady?.(job);
    }
  };
  // sharp spreads one encode over libvips threads. Twice as many photos in flight as cores keeps
  // them busy while a demo photo's render runs on this thread (438 cold demo photos on 2 cores:
  // 1.4 cores busy with one photo a core, 1.7 with two).
  await Promise.all(Array.from({ length: 2 * Math.max(1, os.availableParallelism()) }, worker));
  progress.finish();
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  return {
    photos: jobs.length,
    hits,
    made,
    files,
    deferred: cachedOnly ? todo.length : 0,
    ms: Date.now() - started,
    cpuMs,
  };
}

/** Where the cache keeps one output file (for the dev server, which serves straight from it). */
export function cachedFile(cacheDir: string, name: string): string {
  return path.join(cacheDir, PIPELINE_VERSION, name);
}

/** The build log line for a photo report. */
export function photoReportLine(r: PhotoReport): string {
  const later = r.deferred > 0 ? `, ${r.deferred} left to optimise while the shop runs` : '';
  return (
    `${r.photos} photo(s): ${r.hits} cache hit(s), ${r.made} optimised${later}; ` +
    `${r.files} files in /photos/ in ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s)`
  );
}
