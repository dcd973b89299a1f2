// `npm start` serves the shop before the photos its build could not take from the cache are made
// (a fresh clone has none: 438 demo photos, over a minute of CPU here). Those are made in a child
// process at a low CPU priority (later-photos-child.ts) while the shop serves; until each is ready
// its /photos/ files answer a placeholder that is never cached, and once it is ready the static
// route serves the real files, which the child writes into dist/photos whole (never half-written).
import { fork } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setPriority } from 'node:os';
import path from 'node:path';
import { photoOutputs, type PhotoJob } from '../src/server/catalogue/index.ts';

/** Makes `jobs`, telling `onReady` of each photo whose files are all served. */
export type PhotoBuild = (jobs: PhotoJob[], onReady: (job: PhotoJob) => void) => Promise<void>;

/** What `npm start` asks of the photos still being made. */
export interface LaterPhotos {
  /** How many photos are not ready yet. */
  readonly pending: number;
  /**
   * Answers a request for a file of a photo that is not ready yet with the placeholder; false
   * (nothing sent) for anything else, a ready photo's files included.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** Settles when the build is over, made or failed (then the rest answer 404 as missing). */
  readonly done: Promise<void>;
}

/**
 * The placeholder: a square in the sweep's grey with a picture outline and "Photo on its way", so
 * it reads as a photo still coming, not as a broken image. SVG scales to any width the page asks.
 */
export const PHOTO_PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="1080" height="1080">
<rect width="100" height="100" fill="#ecebe8"/>
<rect x="4" y="4" width="92" height="92" fill="none" stroke="#c4c0b9" stroke-width=".6" stroke-dasharray="2.5 2"/>
<g fill="none" stroke="#8f8a82" stroke-width="1.6" stroke-linejoin="round">
<rect x="36" y="32" width="28" height="22" rx="2"/><path d="M36 50l8-8 6 6 4-4 10 10"/><circle cx="57" cy="38" r="2.2"/>
</g>
<text x="50" y="66" text-anchor="middle" font-family="system-ui, sans-serif" font-size="5.5" fill="#5f5b55">Photo on its way</text>
</svg>
`;

/** The file a /photos/ request names (`<sha256>[-width].<ext>`), or null for any other path. */
function photoFile(url: string | undefined): string | null {
  const pathname = new URL(url ?? '/', 'http://localhost').pathname;
  const match = /^\/photos\/([0-9a-f]{64}(?:-\d+)?\.(?:avif|webp|jpg|png))$/.exec(pathname);
  return match ? match[1]! : null;
}

/**
 * Starts `build` on `jobs` (each product's first photo first: the cards and the slideshow show
 * those) and answers for their files until each is ready.
 */
export function laterPhotos(
  jobs: readonly PhotoJob[],
  build: PhotoBuild,
  log: (line: string) => void = console.error,
): LaterPhotos {
  const pending = new Map<string, PhotoJob>();
  for (const job of jobs) for (const name of photoOutputs(job)) pending.set(name, job);
  const waiting = new Set(jobs.map((job) => job.hash));
  const ordered = [...jobs].sort((a, b) => Number(b.og) - Number(a.og));
  const done = build(ordered, (job) => {
    waiting.delete(job.hash);
    for (const name of photoOutputs(job)) pending.delete(name);
  }).then(
    () => {
      // A build that ended without making some photo failed it: those answer 404 from now on.
      if (waiting.size > 0) log(`Photos: ${waiting.size} could not be made; they answer 404.`);
      pending.clear();
      waiting.clear();
    },
    (error: unknown) => {
      log(`Photos: stopped with ${waiting.size} not made (${String(error)}); they answer 404.`);
      pending.clear();
      waiting.clear();
    },
  );
  return {
    get pending() {
      return waiting.size;
    },
    answer(req, res) {
      const name = photoFile(req.url);
      if (!name || !pending.has(name)) return false;
      res.writeHead(200, {
        'Content-Type': 'image/svg+xml',
        // The real photo replaces it on the next load: neither the browser nor a proxy keeps it.
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : PHOTO_PLACEHOLDER);
      return true;
    },
    done,
  };
}

/** A message from the child: one photo ready (its hash), or the end of its work. */
export type ChildMessage = { ready: string } | { failed: string };

/**
 * The production PhotoBuild: later-photos-child.ts in its own process at a low CPU priority (the
 * demo renders are JavaScript and would hold up this server's event loop), writing into `outDir`
 * through the photo cache in `cacheDir`; its progress lines go to this process's output.
 */
export function photoBuildInChild(cacheDir: string, outDir: string): PhotoBuild {
  return (jobs, onReady) =>
    new Promise<void>((resolve, reject) => {
      const byHash = new Map(jobs.map((job) => [job.hash, job]));
      const child = fork(path.join(import.meta.dirname, 'later-photos-child.ts'), {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: ['--disable-warning=ExperimentalWarning'],
      });
      if (child.pid !== undefined)
        try {
          setPriority(child.pid, 10);
        } catch {
          // Not allowed here: the photos are made at normal priority.
        }
      let failure = '';
      child.on('message', (message: ChildMessage) => {
        if ('ready' in message) {
          const job = byHash.get(message.ready);
          if (job) onReady(job);
        } else failure = message.failed;
      });
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(failure || `the photo process ended (${signal ?? `exit ${code}`})`)),
      );
      child.send({ jobs, cacheDir, outDir });
    });
}
