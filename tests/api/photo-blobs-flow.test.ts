// Photos in Netlify Blobs from end to end, on the library's local BlobsServer reached through
// NETLIFY_BLOBS_CONTEXT exactly as Netlify provides it: the CLI import writes the original there
// (not to any folder), the real `astro build` reads it back and optimises it, and the same build
// fails with one line once the original is gone.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../fixtures/products.ts';

const TOKEN = 'sandbox-token';
const SITE = 'sandbox-site';
let work: string;
let server: BlobsServer;
let url: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-blobs-flow-'));
  server = new BlobsServer({ directory: path.join(work, 'blobs'), token: TOKEN });
  url = `http://localhost:${(await server.start()).port}`;
  const context = { siteID: SITE, token: TOKEN, edgeURL: url, uncachedEdgeURL: url };
  mkdirSync(path.join(work, 'folder'));
  env = {
    ...process.env,
    NETLIFY_BLOBS_CONTEXT: Buffer.from(JSON.stringify(context)).toString('base64'),
    DATA_DIR: path.join(work, 'db'),
    // Were the folder store used, the photo would land here.
    PHOTOS_DIR: path.join(work, 'folder'),
    PHOTO_CACHE_DIR: path.join(work, 'cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

const blobs = () => getStore({ name: 'photos', siteID: SITE, token: TOKEN, edgeURL: url });

/**
 * Runs a Node script to its end without blocking this process, whose event loop serves the
 * BlobsServer the script talks to.
 */
function node(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, timeout: 150_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function build(outDir: string) {
  const run = await node(['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir]);
  return { status: run.status, output: stripVTControlCharacters(`${run.stdout}\n${run.stderr}`) };
}

describe('photos in Netlify Blobs', () => {
  let name: string;

  it('are written there by npm run shop -- catalogue import', { timeout: 60_000 }, async () => {
    const shots = path.join(work, 'shots');
    mkdirSync(shots);
    const bytes = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#7a4b2a' },
    })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(shots, 'tote.jpg'), bytes);
    name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
    const tote = makeProduct({ _id: 'blob-tote', productName: 'Blob Tote', colors: ['Black'] });
    tote.colorImages = [{ color: 'Black', images: ['tote.jpg'] }];
    const file = path.join(work, 'catalogue.json');
    writeFileSync(file, JSON.stringify([tote]));
    const run = await node([
      '--disable-warning=ExperimentalWarning',
      'scripts/shop.ts',
      'catalogue',
      'import',
      file,
      '--images',
      shots,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(
      `Imported ${file}: 1 new, 0 updated; photos: 1 stored, 0 already there (the Netlify Blobs store "photos").\n` +
        // An import is published unless --draft.
        'Version 1 published (1 product, 1 changed). A running shop (npm start) builds and serves it within seconds; otherwise the next npm start or npm run build shows it.',
    );
    const { blobs: held } = await blobs().list();
    expect(held.map((b) => b.key)).toEqual([name]);
    expect(readdirSync(path.join(work, 'folder'))).toEqual([]);
  });

  it('are read from there and optimised by astro build', async () => {
    const outDir = path.join(work, 'dist-1');
    const { status, output } = await build(outDir);
    expect(output).toContain('[photo-pipeline] 1 photo(s): 0 cache hit(s), 1 optimised; 7 files');
    expect(status).toBe(0);
    const hash = name.slice(0, 64);
    expect(readdirSync(path.join(outDir, 'photos')).sort()).toEqual(
      [
        `${hash}-1080.avif`,
        `${hash}-1080.jpg`,
        `${hash}-360.avif`,
        `${hash}-360.webp`,
        `${hash}-720.avif`,
        `${hash}-720.webp`,
        name,
      ].sort(),
    );
  }, 150_000);

  it('fail the build with one line once the original is gone from Netlify Blobs', async () => {
    await blobs().delete(name);
    const outDir = path.join(work, 'dist-2');
    const { status, output } = await build(outDir);
    expect(output.split('\n').filter((line) => line.includes('[ERROR]'))).toHaveLength(1);
    expect(output).toContain(
      `[ERROR] [photo-pipeline] Photo /photos/${name} of "Blob Tote" (Black) is missing from the photo store.`,
    );
    expect(output).not.toContain('An unhandled error occurred');
    expect(status).toBe(1);
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
  }, 150_000);
});
