// Store outage and exchange-rate faults: every endpoint answers a clean, quick 503 when the store is
// unreachable (SQLite folder blocked by a file; MongoDB on a closed port), and a hanging or failing
// rate service gives rate 1 within the 3 s timeout. Static pages keep being served (when dist/ exists).
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, exampleBody, type Endpoint } from '../../scripts/api-endpoints.ts';
import { startShop, type RunningShop } from '../../scripts/bench/server.ts';
import { settleBackground } from '../../src/server/background.ts';
import { closeStore } from '../../src/server/store/index.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';

const UNAVAILABLE = 'The shop is temporarily unavailable. Please try again shortly.';
// A well-formed token shape; the store is down before it could be checked.
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

function request(e: Endpoint): Request {
  return apiRequest(e.path, {
    method: e.method,
    rawBody: exampleBody(e),
    headers: { 'content-type': e.contentType, ...(e.auth ? { token: TOKEN } : {}) },
  });
}

async function expectAllUnavailable() {
  // Concurrently: each attempt may wait for the store's own timeout.
  const answers = await Promise.all(
    ENDPOINTS.map(async (e) => {
      const started = Date.now();
      const res = await e.handler(request(e), { ip: '203.0.113.50' });
      const text = await res.text();
      return { path: e.path, status: res.status, text, ms: Date.now() - started };
    }),
  );
  for (const a of answers) {
    expect({ path: a.path, status: a.status }).toEqual({ path: a.path, status: 503 });
    const body = JSON.parse(a.text) as Record<string, unknown>;
    expect(body.success, a.path).toBe(false);
    expect(body.message, a.path).toBe(UNAVAILABLE);
    expect(a.text, a.path).not.toMatch(/\bat \S+:\d+:\d+|node:|sqlite|mongo/i);
    expect(a.ms, a.path).toBeLessThan(5000);
  }
}

describe('store outage: every endpoint answers a clean 503 within 5 s', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, MONGODB_URI: process.env.MONGODB_URI };
  let scratch: string;
  beforeAll(async () => {
    await closeStore();
    scratch = mkdtempSync(path.join(tmpdir(), 'shop-outage-'));
  });
  afterAll(async () => {
    // The operator's outage mail goes out after the answers: into the scratch folder, not one removed.
    await settleBackground();
    await closeStore();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('SQLite: DATA_DIR is a regular file', async () => {
    await closeStore();
    delete process.env.MONGODB_URI;
    const blocked = path.join(scratch, 'not-a-folder');
    writeFileSync(blocked, 'x');
    process.env.DATA_DIR = blocked;
    await expectAllUnavailable();
  });

  // Every call waits out the driver's 2 s server selection, all at once on two cores: 30 s leaves a
  // loaded machine room and still catches a hang.
  it('MongoDB: MONGODB_URI points at a closed port', async () => {
    await closeStore();
    process.env.DATA_DIR = scratch;
    process.env.MONGODB_URI = 'mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=2000';
    await expectAllUnavailable();
  }, 30_000);
});

describe('exchange-rate service faults give rate 1 within the 3 s timeout', () => {
  let fake: Awaited<ReturnType<typeof startFakeRates>>;
  let env: Awaited<ReturnType<typeof useTempDataDir>>;
  const rates = ENDPOINTS.find((e) => e.path === '/api/rates')!;
  beforeAll(async () => {
    fake = await startFakeRates('hang');
    env = await useTempDataDir();
    process.env.RATES_URL = fake.url;
    delete process.env.RATES_TIMEOUT_MS; // the default, 3 s
  });
  afterAll(async () => {
    delete process.env.RATES_URL;
    await Promise.all([fake.close(), env.cleanup()]);
  });

  for (const mode of ['hang', 'fail', 'garbage'] as const) {
    it(`${mode}: GET /api/rates answers 200 with PKR 1, waiting no more than the 3 s timeout`, async () => {
      fake.state.mode = mode;
      await env.cleanup().catch(() => {});
      env = await useTempDataDir(); // nothing cached
      const started = Date.now();
      const res = await rates.handler(apiRequest('/api/rates'));
      const ms = Date.now() - started;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ result: 'success', base: 'PKR', rates: { PKR: 1 } });
      // A hanging service is waited for the 3 s timeout, once; the others answer at once. The
      // bound catches a missing or doubled timeout with room for a loaded machine, not speed.
      expect(ms).toBeLessThan(mode === 'hang' ? 5500 : 3000);
    });
  }
});

// `npm test` builds dist/ first; a bare `vitest run` on a fresh clone skips this part.
const DIST = path.resolve('dist');
describe.skipIf(!existsSync(path.join(DIST, 'index.html')))(
  'static pages during an outage (npm start, SKIP_BUILD=1)',
  () => {
    let shop: RunningShop;
    let scratch: string;
    beforeAll(async () => {
      scratch = mkdtempSync(path.join(tmpdir(), 'shop-outage-srv-'));
      const blocked = path.join(scratch, 'blocked');
      writeFileSync(blocked, 'x');
      // Ready once /api answers at all (any status will do).
      shop = await startShop({ dataDir: blocked, skipBuild: true, waitFor: '/api/rates' });
    }, 250_000);
    afterAll(async () => {
      await shop?.kill();
      rmSync(scratch, { recursive: true, force: true });
    });

    // Three requests to the `npm start` process started above, which shares two cores with the
    // other test files: 30 s leaves a loaded machine room and still catches a hang.
    it('serves / and /faq/products while /api answers 503', async () => {
      const home = await fetch(`${shop.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toMatch(/<html/i);
      expect((await fetch(`${shop.url}/faq/products`)).status).toBe(200);
      const started = Date.now();
      const api = await fetch(`${shop.url}/api/product/list`);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({
        success: false,
        message: UNAVAILABLE,
        reference: expect.stringMatching(/^[0-9A-Z]{6}$/),
      });
      expect(Date.now() - started).toBeLessThan(5000);
    }, 30_000);
  },
);
