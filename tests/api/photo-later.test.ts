// `npm start` serves before its photos are made: a photo asked for before it is ready gets the
// placeholder (never cached), and the same address serves the photo itself once it is made. The
// static route is @netlify/static, the file server `npm start` uses through @netlify/dev; the
// photos are made by the real pipeline from a real folder store, slowed by a gate the test opens.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StaticHandler } from '@netlify/static';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  laterPhotos,
  PHOTO_PLACEHOLDER,
  photoBuildInChild,
  type LaterPhotos,
  type PhotoBuild,
} from '../../scripts/later-photos.ts';
import {
  buildPhotos,
  photoOutputs,
  type PhotoJob,
} from '../../src/server/catalogue/build-photos.ts';
import { folderPhotoStore } from '../../src/server/catalogue/photo-store/folder.ts';
import type { PhotoStore } from '../../src/server/catalogue/photo-store/port.ts';
import { jpegPhoto } from '../fixtures/photo-stores.ts';

let work: string;
let out: string;
let originals: PhotoStore;
let server: http.Server | null = null;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-later-photos-'));
  out = path.join(work, 'dist', 'photos');
  originals = folderPhotoStore(path.join(work, 'originals'));
});
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
  rmSync(work, { recursive: true, force: true });
});

/** A photo in the store, and its job (the first photo of a product: it has an OG JPEG). */
async function storedPhoto(hue: number, og = true): Promise<PhotoJob> {
  const photo = await jpegPhoto(hue, 800);
  await originals.put(photo.name, photo.bytes);
  return { hash: photo.name.slice(0, 64), name: photo.name, og };
}

/** The store, each read held until `open()` (the photos are "still being made" until then). */
function gated(store: PhotoStore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { store: { ...store, get: async (name: string) => (await gate, store.get(name)) }, open };
}

/** The pipeline in this process, as the child runs it, from `store` into the served folder. */
const inProcess =
  (store: PhotoStore): PhotoBuild =>
  async (jobs, onReady) => {
    await buildPhotos(jobs, store, path.join(work, 'cache'), out, { onReady });
  };

/** The shop's order for a /photos/ request: the static file if there is one, then `later`, then 404. */
async function serve(later: LaterPhotos): Promise<string> {
  const files = new StaticHandler({ directory: path.join(work, 'dist') });
  server = http.createServer(async (req, res) => {
    const match = await files.match(new Request(`http://localhost${req.url}`));
    if (match) {
      const answer = await match.handle();
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      Readable.fromWeb(answer.body! as never).pipe(res);
      return;
    }
    if (later.answer(req, res)) return;
    res.writeHead(404).end('Not found');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('laterPhotos', () => {
  it('answers a photo asked for before it is ready with the placeholder, never cached, then with the photo once made', async () => {
    const job = await storedPhoto(30);
    const slow = gated(originals);
    const later = laterPhotos([job], inProcess(slow.store));
    const base = await serve(later);
    const address = `${base}/photos/${job.hash}-720.avif`;

    const early = await fetch(address);
    expect(early.status).toBe(200);
    expect(early.headers.get('content-type')).toBe('image/svg+xml');
    expect(early.headers.get('cache-control')).toBe('no-store');
    expect(await early.text()).toBe(PHOTO_PLACEHOLDER);
    expect(later.pending).toBe(1);

    slow.open();
    await later.done;
    const made = await fetch(address);
    expect(made.status).toBe(200);
    const image = await sharp(Buffer.from(await made.arrayBuffer())).metadata();
    expect({ format: image.format, width: image.width, height: image.height }).toEqual({
      format: 'heif',
      width: 720,
      height: 720,
    });
    expect(later.pending).toBe(0);
  });

  it('gives the placeholder for every file of a photo not ready yet (AVIF, WebP, the OG JPEG and the plain path)', async () => {
    const job = await storedPhoto(40);
    const slow = gated(originals);
    const later = laterPhotos([job], inProcess(slow.store));
    const base = await serve(later);
    const answers = await Promise.all(
      photoOutputs(job).map(async (name) => {
        const res = await fetch(`${base}/photos/${name}`);
        return `${name.replace(job.hash, 'H')} ${res.status} ${res.headers.get('content-type')}`;
      }),
    );
    expect(answers.sort()).toEqual([
      'H-1080.avif 200 image/svg+xml',
      'H-1080.jpg 200 image/svg+xml',
      'H-360.avif 200 image/svg+xml',
      'H-360.webp 200 image/svg+xml',
      'H-720.avif 200 image/svg+xml',
      'H-720.webp 200 image/svg+xml',
      'H.jpg 200 image/svg+xml',
    ]);
    slow.open();
    await later.done;
  });

  it('serves a photo as soon as it is made, while the others still wait', async () => {
    const first = await storedPhoto(50);
    const second = await storedPhoto(60, false);
    const held = gated(originals);
    let firstReady!: () => void;
    const firstMade = new Promise<void>((resolve) => (firstReady = resolve));
    // The first photo reads the store at once; every other read waits for the gate.
    const store: PhotoStore = {
      ...originals,
      get: (name) => (name === first.name ? originals.get(name) : held.store.get(name)),
    };
    const later = laterPhotos([second, first], async (jobs, onReady) => {
      await buildPhotos(jobs, store, path.join(work, 'cache'), out, {
        onReady: (job) => {
          onReady(job);
          if (job.hash === first.hash) firstReady();
        },
      });
    });
    const base = await serve(later);
    await firstMade;
    const ready = await fetch(`${base}/photos/${first.hash}-360.webp`);
    const waiting = await fetch(`${base}/photos/${second.hash}-360.webp`);
    expect([ready.status, ready.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect([waiting.status, waiting.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(later.pending).toBe(1);
    held.open();
    await later.done;
  });

  it("answers nothing but its own photos' files: another photo, a malformed name or a page stays a 404", async () => {
    const job = await storedPhoto(70);
    const slow = gated(originals);
    const later = laterPhotos([job], inProcess(slow.store));
    const base = await serve(later);
    const statuses = await Promise.all(
      [
        `/photos/${'c'.repeat(64)}-720.avif`,
        `/photos/${job.hash}-720.gif`,
        `/photos/${job.hash}-720.avif/../../secret`,
        `/photos/../${job.hash}-720.avif`,
        '/nowhere',
      ].map(async (p) => (await fetch(`${base}${p}`)).status),
    );
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    slow.open();
    await later.done;
  });

  it('makes the first photo of each product first (the cards and the slideshow show them)', async () => {
    const jobs = [
      { hash: 'a'.repeat(64), name: `${'a'.repeat(64)}.jpg`, og: false },
      { hash: 'b'.repeat(64), name: `${'b'.repeat(64)}.jpg`, og: true },
      { hash: 'c'.repeat(64), name: `${'c'.repeat(64)}.jpg`, og: false },
      { hash: 'd'.repeat(64), name: `${'d'.repeat(64)}.jpg`, og: true },
    ];
    let order: string[] = [];
    const later = laterPhotos(
      jobs,
      async (given, onReady) => {
        order = given.map((job) => job.hash[0]!);
        given.forEach(onReady);
      },
      () => {},
    );
    await later.done;
    expect(order).toEqual(['b', 'd', 'a', 'c']);
  });

  it('turns the placeholder of a photo it could not make into a 404, and says why', async () => {
    const job = { hash: 'e'.repeat(64), name: `${'e'.repeat(64)}.jpg`, og: false };
    const lines: string[] = [];
    const later = laterPhotos([job], inProcess(originals), (line) => lines.push(line));
    const base = await serve(later);
    await later.done;
    expect((await fetch(`${base}/photos/${job.hash}-720.avif`)).status).toBe(404);
    expect(lines).toEqual([
      `Photos: stopped with 1 not made (MissingPhotosError: Photo /photos/${job.name} is missing from the photo store.); they answer 404.`,
    ]);
  });
});

describe('photoBuildInChild', () => {
  // A fresh Node process is the subject here; its start alone took over 20 s on a loaded 2-core
  // machine (load 12), so the limit is a minute. The work itself takes about a second.
  it(
    'makes the photos in a child process, tells each one ready and leaves no half-written file',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(work, 'data');
      const own = folderPhotoStore(path.join(dataDir, 'photos'));
      const photo = await jpegPhoto(80, 800);
      await own.put(photo.name, photo.bytes);
      const job = { hash: photo.name.slice(0, 64), name: photo.name, og: false };
      const ready: string[] = [];
      const previous = process.env.DATA_DIR;
      process.env.DATA_DIR = dataDir;
      try {
        await photoBuildInChild(path.join(work, 'cache'), out)([job], (made) =>
          ready.push(made.hash),
        );
      } finally {
        if (previous === undefined) delete process.env.DATA_DIR;
        else process.env.DATA_DIR = previous;
      }
      expect(ready).toEqual([job.hash]);
      expect(readdirSync(out).sort()).toEqual(photoOutputs(job).sort());
      expect(existsSync(path.join(out, `${job.hash}-720.avif.partial`))).toBe(false);
    },
  );
});
