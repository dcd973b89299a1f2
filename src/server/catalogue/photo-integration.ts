// The Astro integration that runs the photo pipeline (src/server/catalogue/build-photos.ts): before a build
// it checks that the photo store holds every original the catalogue names, after the build it
// writes dist/photos/ and logs cache hits; under `astro dev` it serves /photos/ on demand.
import { accessSync, constants, createReadStream, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { Product } from '../../lib/product.ts';
import {
  buildPhotos,
  cachedFile,
  missingPhotoLine,
  missingPhotos,
  MissingPhotosError,
  photoJobs,
  photoReportLine,
} from './build-photos.ts';
import { getCatalogue } from './build-catalogue.ts';
import { runsOnNetlify } from '../config.ts';
import { openPhotoStore, PhotoStoreSettingsError, type PhotoStore } from './photo-store/index.ts';

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** An error an operator acts on, as its lines; null for anything else (a bug keeps its stack). */
function plainLines(error: unknown): string[] | null {
  if (error instanceof MissingPhotosError) return [...error.lines];
  if (error instanceof PhotoStoreSettingsError) return [error.message];
  return null;
}

/**
 * Whether the photo store holds every original `products` name: no lines, or one line per
 * missing photo naming its product and colour (or the one line of a photo-store settings problem).
 */
export async function photoPreflight(
  products: readonly Product[],
  open: () => PhotoStore = openPhotoStore,
): Promise<string[]> {
  try {
    return (await missingPhotos(photoJobs(products), open())).map(missingPhotoLine);
  } catch (error) {
    const lines = plainLines(error);
    if (lines) return lines;
    throw error;
  }
}

/**
 * Ends a build whose photos are missing: each line logged once, exit code 1. Astro reports an
 * error thrown from a hook as "An unhandled error occurred" with a stack, which names nothing an
 * owner can act on, so the build stops here instead.
 */
function failBuild(logger: AstroIntegrationLogger, lines: readonly string[]): never {
  for (const line of lines) logger.error(line);
  process.exit(1);
}

/**
 * Where optimised photos are cached between builds. Its entries are named by the original's
 * content hash and the pipeline's version, so any checkout may share them:
 * - PHOTO_CACHE_DIR when set (the benchmark times a build with an empty cache);
 * - on Netlify, `<astroCacheDir>/photos`, the folder Netlify's build cache keeps between deploys;
 * - elsewhere the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`, then `bagshop/photos`), so
 *   a fresh clone, a worktree and CI on the same machine encode each photo once, not once each;
 *   `<astroCacheDir>/photos` when that folder cannot be written.
 */
export function photoCacheDir(astroCacheDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PHOTO_CACHE_DIR) return env.PHOTO_CACHE_DIR;
  const inProject = path.join(astroCacheDir, 'photos');
  if (runsOnNetlify(env)) return inProject;
  const home = env.HOME || os.homedir();
  const base = env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : '');
  if (!base) return inProject;
  const shared = path.join(base, 'bagshop', 'photos');
  try {
    mkdirSync(shared, { recursive: true });
    accessSync(shared, constants.W_OK);
    return shared;
  } catch {
    return inProject;
  }
}

/** How the pipeline runs. */
export type PhotoPipelineOptions = {
  /**
   * Copy only the photos already cached and leave the rest for `npm start` to optimise while the
   * shop serves (its first run). Ignored on Netlify: a deploy carries every photo.
   */
  later?: boolean;
};

/** Whether a build asked to leave uncached photos for later may: never on Netlify. */
export function photosLater(asked: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return asked && !runsOnNetlify(env);
}

/**
 * Optimised catalogue photos in dist/photos/, cached in photoCacheDir across builds, read
 * from the store `open` gives (the demo path passes one that renders the demo photos).
 */
export function photoPipeline(
  open: (env?: NodeJS.ProcessEnv) => PhotoStore = openPhotoStore,
  { later = false }: PhotoPipelineOptions = {},
): AstroIntegration {
  const cachedOnly = photosLater(later);
  let cacheDir = '';
  return {
    name: 'photo-pipeline',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = photoCacheDir(fileURLToPath(config.cacheDir));
      },
      // Before any page is rendered: a missing photo fails the build in seconds, not minutes.
      'astro:build:start': async ({ logger }) => {
        const lines = await photoPreflight(await getCatalogue(), open);
        if (lines.length > 0) failBuild(logger, lines);
      },
      'astro:build:done': async ({ dir, logger }) => {
        try {
          const jobs = photoJobs(await getCatalogue());
          const out = path.join(fileURLToPath(dir), 'photos');
          const report = await buildPhotos(jobs, open(), cacheDir, out, {
            log: (line) => logger.info(line),
            cachedOnly,
          });
          logger.info(photoReportLine(report));
        } catch (error) {
          const lines = plainLines(error);
          if (lines) failBuild(logger, lines);
          throw error;
        }
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use('/photos/', (req, res, next) => {
          const match = /^\/([0-9a-f]{64})(?:-\d+)?\.(avif|webp|jpg|png)$/.exec(req.url ?? '');
          if (!match) return next();
          const [name, hash, format] = [req.url!.slice(1), match[1]!, match[2]!];
          (async () => {
            // @netlify/vite-plugin runs a Blobs sandbox and sets NETLIFY_BLOBS_CONTEXT under
            // `astro dev`; the folder is where the CLI import writes, so dev reads that one.
            const store = open({
              ...process.env,
              PHOTO_STORE: process.env.PHOTO_STORE || 'folder',
            });
            for (const ext of ['jpg', 'png', 'webp']) {
              const original = `${hash}.${ext}`;
              if (!(await store.has(original))) continue;
              await buildPhotos([{ hash, name: original, og: true }], store, cacheDir, null);
              res.setHeader('Content-Type', TYPES[format]!);
              createReadStream(cachedFile(cacheDir, name)).pipe(res);
              return;
            }
            next();
          })().catch(next);
        });
      },
    },
  };
}
