// `npm run shop -- catalogue publish`, and `catalogue import` publishing unless --draft:
// the editor's loop "import, then redeploy" keeps working, a draft import changes nothing shoppers
// see, and a deploy that cannot start is said, with exit code 1. The commands run in this process;
// one smoke test starts `catalogue publish` in a fresh process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLISH_MESSAGES } from '../../src/lib/publish.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';
import { makeProduct } from '../fixtures/products.ts';

const LATER =
  'A running shop (npm start) builds and serves it within seconds; otherwise the next npm start or npm run build shows it.';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'shop-publish-cli-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function sheet(name: string, products: unknown[]): string {
  const file = path.join(work, name);
  writeFileSync(file, JSON.stringify(products));
  return file;
}

const cliEnv = (env: Record<string, string>) => ({
  DATA_DIR: path.join(work, 'db'),
  PHOTOS_DIR: path.join(work, 'p'),
  ...env,
});
/** Runs a CLI command in this process over the test's store. */
const shop = (args: string[], env: Record<string, string> = {}) =>
  shopInProcess(cliEnv(env), ...args);

async function inStore<T>(read: (store: ReturnType<typeof openSqliteStore>) => Promise<T>) {
  const store = openSqliteStore(path.join(work, 'db'));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

const tote = makeProduct({ _id: 'city-tote', productName: 'City Tote', price: 5000 });
const sleeve = makeProduct({ _id: 'metro-sleeve', productName: 'Metro Sleeve' });

describe('npm run shop -- catalogue publish', () => {
  // Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
  beforeAll(loadShop, 60_000);

  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it('publishes the draft in a fresh process', { timeout: 60_000 }, async () => {
    await shop(['catalogue', 'import', sheet('a.json', [tote]), '--draft']);
    expect(runShop(cliEnv({}), 'catalogue', 'publish')).toEqual({
      status: 0,
      out: `Version 1 published (1 product, 1 changed). ${LATER}`,
      err: '',
    });
  });

  it('publishes an import unless --draft, and publishes the draft when asked, audited by the CLI', async () => {
    const first = await shop(['catalogue', 'import', sheet('a.json', [tote, sleeve])]);
    expect(first.status).toBe(0);
    expect(first.out.split('\n').at(-1)).toBe(
      `Version 1 published (2 products, 2 changed). ${LATER}`,
    );

    const draft = await shop([
      'catalogue',
      'import',
      sheet('b.json', [{ ...tote, price: 5200 }]),
      '--draft',
    ]);
    expect(draft.status).toBe(0);
    expect(draft.out.split('\n').at(-1)).toBe(
      'Kept as a draft: shoppers see it once it is published (catalogue publish).',
    );
    await inStore(async (store) => {
      expect((await store.catalogueVersions.latest())?.number).toBe(1);
      expect((await store.catalogueVersions.products(1))?.[0]?.price).toBe(5000);
      expect((await store.products.get('city-tote'))?.price).toBe(5200);
    });

    const published = await shop(['catalogue', 'publish']);
    expect(published).toEqual({
      status: 0,
      out: `Version 2 published (2 products, 1 changed). ${LATER}`,
      err: '',
    });
    await inStore(async (store) => {
      expect((await store.catalogueVersions.products(2))?.[0]?.price).toBe(5200);
      const [entry] = await store.audit.list({ action: 'catalogue.publish', limit: 1 });
      expect(entry).toMatchObject({
        actor: { id: 'cli', email: 'the operator (CLI)' },
        target: 'catalogue:2',
        before: { version: 1 },
        after: { version: 2, products: 2, changed: 1 },
      });
    });
  });

  it('refuses to publish an empty catalogue, recording nothing', async () => {
    const run = await shop(['catalogue', 'publish']);
    expect(run).toEqual({ status: 1, out: '', err: PUBLISH_MESSAGES.nothingToPublish });
    await inStore(async (store) => expect(await store.catalogueVersions.latest()).toBeNull());
  });

  it('posts the build hook naming the version, and says a malformed hook address failed the deploy', async () => {
    await shop(['catalogue', 'import', sheet('a.json', [tote]), '--draft']);
    const calls: string[] = [];
    const netlify = http.createServer((req, res) => {
      calls.push(`${req.method} ${decodeURIComponent(req.url ?? '')}`);
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => netlify.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(netlify.address() as AddressInfo).port}/build_hooks/abc`;
    const built = await shop(['catalogue', 'publish'], { BUILD_HOOK_URL: hook });
    await new Promise((resolve) => netlify.close(resolve));
    expect(built).toEqual({
      status: 0,
      out: "Version 1 published (1 product, 1 changed). Version 1: building the site… (Netlify build hook); the desk's Products screen shows when it is live.",
      err: '',
    });
    expect(calls).toEqual(['POST /build_hooks/abc?trigger_title=Publish+catalogue+version+1']);

    const bad = await shop(['catalogue', 'publish'], { BUILD_HOOK_URL: 'api.netlify.com/hooks' });
    expect(bad).toEqual({
      status: 1,
      out: '',
      err: `Version 2 published (1 product, 0 changed). Its deploy failed: ${PUBLISH_MESSAGES.badHookUrl}`,
    });
    await inStore(async (store) => {
      expect(await store.catalogueVersions.get(2)).toMatchObject({
        state: 'failed',
        message: PUBLISH_MESSAGES.badHookUrl,
      });
    });
  });
});
