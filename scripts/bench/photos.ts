// Photo budgets: 20 phone-sized photos (~4 MB JPEGs, 4032 × 3024) imported with the
// CLI, a build without and with the photo cache, the product page's image bytes on a 412 px phone
// before scrolling (Chromium), and the build time of 1,000 products × 4 photos, extrapolated from
// the measured per-photo cost (encoding 4,000 such photos takes about an hour of one core here).
import { spawn } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { demoCatalogue } from '../../src/demo/catalogue/products.ts';
import { illustrationSvg } from '../../src/demo/photos/drawing.ts';
import { runLighthouse, type LighthouseRow } from './lighthouse.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/fixtures/chromium.ts';

/** What the photo section measured. */
export interface PhotoBench {
  photos: number;
  averagePhotoMB: number;
  importSeconds: number;
  firstBuildSeconds: number;
  rebuildSeconds: number;
  pipelineFirstSeconds: number;
  pipelineRebuildSeconds: number;
  firstLog: string;
  rebuildLog: string;
  productRoute: string;
  imageBytesBeforeScroll: number;
  imageRequests: string[];
  /** Lighthouse mobile on that page, served statically (no /api: BuyBox's refresh 404s). */
  lighthouse: LighthouseRow | null;
  /** Distinct photos the pipeline optimised (identical files are stored once). */
  distinctPhotos: number;
  pipelineFirstCpuSeconds: number;
  /** Extrapolated: 1,000 products × 4 photos, photo work only (pages come from "build at scale"). */
  estimate1000x4: {
    firstWallSeconds: number;
    firstCpuOn2CoresSeconds: number;
    rebuildSeconds: number;
    basis: string;
  };
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** A 4032 × 3024 "phone photo": a demo illustration with sensor-like noise, JPEG quality 95. */
async function phonePhoto(svg: string, noise: Buffer): Promise<Buffer> {
  const base = await sharp(Buffer.from(svg), { density: (72 * 3024) / 800 })
    .resize(3024, 3024)
    .extend({ left: 504, right: 504, background: '#efe9df' })
    .removeAlpha()
    .toBuffer();
  return sharp(base)
    .composite([
      { input: noise, raw: { width: 4032, height: 3024, channels: 3 }, blend: 'overlay' },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.avif': 'image/avif',
    '.webp': 'image/webp',
    '.jpg': 'image/jpeg',
    '.json': 'application/json',
  };
  const server = http.createServer((req, res) => {
    let file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (existsSync(path.join(file, 'index.html'))) file = path.join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    }),
  );
}

/** Image bytes a 412 px phone (DPR 2.625) downloads for a page before any scrolling. */
async function phoneImageBytes(
  base: string,
  route: string,
): Promise<{ bytes: number; requests: string[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    const seen: { url: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'image') return;
      const sizes = await request.sizes().catch(() => null);
      seen.push({ url: request.url(), bytes: sizes?.responseBodySize ?? 0 });
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return {
      bytes: seen.reduce((n, s) => n + s.bytes, 0),
      requests: seen.map(
        (s) => `${new URL(s.url).pathname.replace(/[0-9a-f]{64}/, '<sha>')} ${s.bytes}`,
      ),
    };
  } finally {
    await browser.close();
  }
}

function pipeline(log: string): { photos: number; seconds: number; cpu: number } {
  const m = /\[photo-pipeline\] (\d+) photo\(s\).* in ([\d.]+) s \(CPU ([\d.]+) s\)/.exec(log);
  return {
    photos: Number(m?.[1] ?? NaN),
    seconds: Number(m?.[2] ?? NaN),
    cpu: Number(m?.[3] ?? NaN),
  };
}

/** Runs the photo section; `log` reports progress. */
export async function photoBench(
  log: (s: string) => void,
  count = 20,
  runs = 1,
): Promise<PhotoBench> {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-bench-photos-'));
  try {
    const shots = path.join(work, 'shots');
    mkdirSync(shots);
    log(`photos: making ${count} phone photos (4032 × 3024 JPEG q95)`);
    const noise = await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 18 },
      },
    })
      .raw()
      .toBuffer();
    const demo = demoCatalogue().filter(
      (p) => p.colorImages[0]!.images.length >= 4 && !/photos/.test(p.colorImages[0]!.images[0]!),
    );
    const products = demo.slice(0, Math.ceil(count / 4));
    let bytes = 0;
    const catalogue = [];
    for (const [k, p] of products.entries()) {
      const first = p.colorImages[0]!;
      const names: string[] = [];
      // The demo's views as flat illustrations, turned into phone-sized photos.
      const ordinal = demoCatalogue()
        .filter((o) => o.category === p.category)
        .findIndex((o) => o._id === p._id);
      for (const i of first.images.slice(0, 4).keys()) {
        const jpeg = await phonePhoto(illustrationSvg(p, first.color, i, ordinal), noise);
        const name = `IMG_${String(k * 4 + i + 1).padStart(4, '0')}.jpg`;
        writeFileSync(path.join(shots, name), jpeg);
        bytes += jpeg.length;
        names.push(name);
      }
      catalogue.push({
        ...p,
        colors: [first.color],
        colorImages: [{ color: first.color, images: names }],
      });
    }
    const file = path.join(work, 'catalogue.json');
    writeFileSync(file, JSON.stringify(catalogue));
    const env = {
      DATA_DIR: path.join(work, 'data'),
      PHOTOS_DIR: path.join(work, 'photos'),
      PHOTO_CACHE_DIR: path.join(work, 'cache'),
    };
    const shop = ['--disable-warning=ExperimentalWarning', path.resolve('scripts/shop.ts')];
    log('photos: importing with npm run shop -- catalogue import --images');
    let t = performance.now();
    const imp = await run([...shop, 'catalogue', 'import', file, '--images', shots], env);
    const importSeconds = (performance.now() - t) / 1000;
    if (imp.code !== 0) throw new Error(`import failed: ${imp.out.slice(-600)}`);
    const outDir = path.join(work, 'dist');
    const astro = [path.resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir];
    log('photos: first build (empty photo cache)');
    t = performance.now();
    const first = await run(astro, env);
    const firstBuildSeconds = (performance.now() - t) / 1000;
    if (first.code !== 0) throw new Error(`build failed: ${first.out.slice(-800)}`);
    log('photos: rebuild (photo cache kept)');
    t = performance.now();
    const again = await run(astro, env);
    const rebuildSeconds = (performance.now() - t) / 1000;
    if (again.code !== 0) throw new Error(`rebuild failed: ${again.out.slice(-800)}`);
    const route = `/product/${catalogue[0]!._id}`;
    log(`photos: ${route} on a 412 px phone in Chromium`);
    const server = await serve(outDir);
    let weight: Awaited<ReturnType<typeof phoneImageBytes>>;
    let lighthouse: LighthouseRow | null = null;
    try {
      weight = await phoneImageBytes(server.url, route);
      log(`photos: Lighthouse mobile on ${route}`);
      [lighthouse = null] = await runLighthouse(
        [{ page: 'product with photos', url: `${server.url}${route}` }],
        runs,
      );
    } finally {
      await server.close();
    }
    const line = (out: string) => /\[photo-pipeline\][^\n]*/.exec(out)?.[0] ?? '';
    const one = pipeline(first.out);
    const two = pipeline(again.out);
    const perPhoto = one.seconds / one.photos;
    const cpuPerPhoto = one.cpu / one.photos;
    const perHit = two.seconds / two.photos;
    return {
      photos: count,
      averagePhotoMB: Number((bytes / count / 2 ** 20).toFixed(2)),
      importSeconds: Number(importSeconds.toFixed(1)),
      firstBuildSeconds: Number(firstBuildSeconds.toFixed(1)),
      rebuildSeconds: Number(rebuildSeconds.toFixed(1)),
      distinctPhotos: one.photos,
      pipelineFirstSeconds: one.seconds,
      pipelineFirstCpuSeconds: one.cpu,
      pipelineRebuildSeconds: two.seconds,
      firstLog: line(first.out),
      rebuildLog: line(again.out),
      productRoute: route,
      imageBytesBeforeScroll: weight.bytes,
      imageRequests: weight.requests,
      lighthouse,
      estimate1000x4: {
        firstWallSeconds: Math.round(4000 * perPhoto),
        firstCpuOn2CoresSeconds: Math.round((4000 * cpuPerPhoto) / 2),
        rebuildSeconds: Math.round(4000 * perHit),
        basis: `4,000 × the per-photo cost measured on ${one.photos} photos (${perPhoto.toFixed(2)} s wall, ${cpuPerPhoto.toFixed(2)} s CPU; cache hit ${(perHit * 1000).toFixed(1)} ms), photo work only`,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
