import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/rates.mts';
import { getRates, RATES_TTL_MS } from '../../src/server/services/rates.ts';
import type { Store } from '../../src/server/store/port.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { SAMPLE_RATES, startFakeRates } from '../fixtures/fake-rates.ts';
import { tempSqliteStore } from '../fixtures/store.ts';

let fake: Awaited<ReturnType<typeof startFakeRates>>;
beforeAll(async () => (fake = await startFakeRates()));
afterAll(async () => fake.close());

describe('getRates', () => {
  let store: Store;
  let cleanup: () => Promise<void>;
  beforeEach(() => {
    ({ store, cleanup } = tempSqliteStore());
    fake.state.mode = 'ok';
    fake.state.hits = 0;
  });
  afterEach(async () => cleanup());
  const config = () => ({ RATES_URL: fake.url, RATES_TIMEOUT_MS: 3000 });

  it('fetches PKR-based rates and caches them in the store for 6 hours', async () => {
    const first = await getRates(store, config(), 1_000);
    expect(first).toMatchObject({ result: 'success', base: 'PKR', fallback: false, rates: SAMPLE_RATES });
    await getRates(store, config(), 1_000 + RATES_TTL_MS - 1);
    expect(fake.state.hits).toBe(1);
    await getRates(store, config(), 1_000 + RATES_TTL_MS);
    expect(fake.state.hits).toBe(2);
  });

  it('falls back to rate 1 when the service fails and nothing is cached', async () => {
    fake.state.mode = 'fail';
    expect(await getRates(store, config())).toMatchObject({ result: 'success', rates: { PKR: 1 }, fallback: true });
  });

  it('falls back when the service answers without rates', async () => {
    fake.state.mode = 'garbage';
    expect((await getRates(store, config())).rates).toEqual({ PKR: 1 });
  });

  it('keeps serving stale rates when the service fails after a success', async () => {
    await getRates(store, config(), 0);
    fake.state.mode = 'fail';
    expect((await getRates(store, config(), RATES_TTL_MS + 1)).rates).toEqual(SAMPLE_RATES);
  });

  it('gives up on a hanging service within the timeout and answers rate 1', async () => {
    fake.state.mode = 'hang';
    const started = Date.now();
    const answer = await getRates(store, { RATES_URL: fake.url, RATES_TIMEOUT_MS: 300 });
    expect(answer.rates).toEqual({ PKR: 1 });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('GET /api/rates', () => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    fake.state.mode = 'ok';
    process.env.RATES_URL = fake.url;
    ({ cleanup } = await useTempDataDir());
  });
  afterAll(async () => {
    delete process.env.RATES_URL;
    await cleanup();
  });

  it('answers result success with PKR as the base and a CDN cache header', async () => {
    const res = await handler(apiRequest('/api/rates'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: 'success', base: 'PKR', rates: SAMPLE_RATES });
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=3600/);
  });
});
