// The Astro integration that runs the photo pipeline (src/server/build-photos.ts): after a build
// it writes dist/photos/ and logs cache hits; under `astro dev` it serves /photos/ on demand.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildPhotos, cachedFile, photoJobs, photoReportLine } from './build-photos.ts';
import { getCatalogue } from './build-catalogue.ts';
import { photosDir } from './services/photos.ts';

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Optimised catalogue photos in dist/photos/, cached in `<cacheDir>/photos` across builds. */
export function photoPipeline(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'photo-pipeline',
    hooks: {
      'astro:config:done': ({ config }) => {
        // PHOTO_CACHE_DIR lets the benchmark time a build with an empty cache.
        cacheDir =
          process.env.PHOTO_CACHE_DIR ?? path.join(fileURLToPath(config.cacheDir), 'photos');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const jobs = photoJobs(await getCatalogue(), photosDir());
        const report = await buildPhotos(jobs, cacheDir, path.join(fileURLToPath(dir), 'photos'));
        logger.info(photoReportLine(report));
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use('/photos/', (req, res, next) => {
          const match = /^\/([0-9a-f]{64})(?:-\d+)?\.(avif|webp|jpg|png)$/.exec(req.url ?? '');
          if (!match) return next();
          const [name, hash, format] = [req.url!.slice(1), match[1]!, match[2]!];
          const found = ['jpg', 'png', 'webp'].map((e) => path.join(photosDir(), `${hash}.${e}`));
          (async () => {
            for (const original of found) {
              if (
                !(await access(original).then(
                  () => true,
                  () => false,
                ))
              )
                continue;
              await buildPhotos([{ hash, original, og: true }], cacheDir, null);
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
