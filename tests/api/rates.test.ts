import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleBackground } from '../../src/server/background.ts';
import shop from '../../netlify/functions/shop.mts';
import {
  FAILURE_RETRY_MS,
  MAX_RATE_AGE_MS,
  getRates,
  RATES_TTL_MS,
  ratesForOrder,
} from '../../src/server/operations/rates.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { SAMPLE_RATES, startFakeRates } from '../fixtures/fake-rates.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
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
    expect(first).toMatchObject({
      result: 'success',
      base: 'PKR',
      fallback: false,
      rates: SAMPLE_RATES,
    });
    await getRates(store, config(), 1_000 + RATES_TTL_MS - 1);
    expect(fake.state.hits).toBe(1);
    await getRates(store, config(), 1_000 + RATES_TTL_MS);
    expect(fake.state.hits).toBe(2);
  });

  it('falls back to rate 1 when the service fails and nothing is cached', async () => {
    fake.state.mode = 'fail';
    expect(await getRates(store, config())).toMatchObject({
      result: 'success',
      rates: { PKR: 1 },
      fallback: true,
    });
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

  it('remembers a failure for a minute: no call to the service and no timeout to wait out before then', async () => {
    await getRates(store, config(), 0);
    fake.state.mode = 'hang';
    const slowConfig = { RATES_URL: fake.url, RATES_TIMEOUT_MS: 3000 };
    const failedAt = RATES_TTL_MS + 1;
    const first = Date.now();
    expect(await getRates(store, slowConfig, failedAt)).toMatchObject({
      rates: SAMPLE_RATES,
      stale: true,
    });
    expect(Date.now() - first).toBeGreaterThanOrEqual(2900);
    for (const later of [failedAt + 1, failedAt + 30_000, failedAt + FAILURE_RETRY_MS - 1]) {
      expect(await getRates(store, slowConfig, later)).toMatchObject({
        rates: SAMPLE_RATES,
        stale: true,
      });
    }
    // No call went out (the fake counts each on arrival), so no timeout was waited out.
    expect(fake.state.hits).toBe(2);
    fake.state.mode = 'ok';
    expect(await getRates(store, slowConfig, failedAt + FAILURE_RETRY_MS)).toMatchObject({
      rates: SAMPLE_RATES,
      stale: false,
    });
    expect(fake.state.hits).toBe(3);
  });

  it('remembers a failure with nothing cached too, serving rate 1 meanwhile', async () => {
    fake.state.mode = 'fail';
    expect(await getRates(store, config(), 0)).toMatchObject({ rates: { PKR: 1 }, fallback: true });
    expect(await getRates(store, config(), FAILURE_RETRY_MS - 1)).toMatchObject({
      rates: { PKR: 1 },
      fallback: true,
    });
    expect(fake.state.hits).toBe(1);
  });

  it('asks the service once for parallel requests', async () => {
    await Promise.all(Array.from({ length: 10 }, () => getRates(store, config(), 0)));
    expect(fake.state.hits).toBe(1);
  });

  it('refuses a 5 MB answer and falls back', async () => {
    fake.state.mode = 'huge';
    fake.state.hugeBytes = 5 * 1024 * 1024;
    expect(await getRates(store, config())).toMatchObject({ rates: { PKR: 1 }, fallback: true });
  });

  it('stops reading an endless answer after 1 MB and closes the connection', async () => {
    fake.state.mode = 'huge';
    fake.state.hugeBytes = 200 * 1024 * 1024;
    const before = process.memoryUsage().arrayBuffers;
    expect(await getRates(store, config())).toMatchObject({ fallback: true });
    await expect.poll(() => fake.state.cutOff).toBe(true);
    // Only the 1 MB read plus what the sockets buffer ever left the fake, not 200 MB.
    expect(fake.state.sent).toBeLessThan(32 * 1024 * 1024);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an answer announced as over 1 MB without reading it', async () => {
    fake.state.mode = 'huge-declared';
    fake.state.hugeBytes = 5 * 1024 * 1024;
    expect(await getRates(store, config())).toMatchObject({ fallback: true });
    await expect.poll(() => fake.state.cutOff).toBe(true);
  });

  it('gives up on a hanging service within the timeout and answers rate 1', async () => {
    fake.state.mode = 'hang';
    const started = Date.now();
    const answer = await getRates(store, { RATES_URL: fake.url, RATES_TIMEOUT_MS: 300 });
    expect(answer.rates).toEqual({ PKR: 1 });
    // The configured 300 ms, not the 3 s default: the bound tells the two apart with room for a
    // loaded machine's late timers; it measures no speed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('a rate far from the last good one', () => {
  let store: Store;
  let cleanup: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => (smtp = await startSmtpCatcher()));
  afterAll(async () => smtp.close());
  beforeEach(() => {
    ({ store, cleanup } = tempSqliteStore());
    fake.state.mode = 'ok';
    fake.state.rates = { ...SAMPLE_RATES };
    smtp.mails.length = 0;
  });
  afterEach(async () => {
    fake.state.rates = { ...SAMPLE_RATES };
    vi.restoreAllMocks();
    await cleanup();
  });
  const config = (smtpUrl?: string) => ({
    RATES_URL: fake.url,
    RATES_TIMEOUT_MS: 3000,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Bastaa <no-reply@bastaa.pk>',
    DATA_DIR: '.data',
  });

  it('is refused (the last good rate kept), logs one [alert] line, mails care@bastaa.pk, and pauses orders in that currency', async () => {
    await getRates(store, config(smtp.url), 0);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.state.rates = { ...SAMPLE_RATES, JPY: 1e306, GBP: 1e-300, EUR: 0.0034 };
    const later = RATES_TTL_MS + 1;
    const answer = await getRates(store, config(smtp.url), later);
    await settleBackground();
    expect(answer.rates).toEqual({ ...SAMPLE_RATES, EUR: 0.0034 });
    expect(await store.rates.get()).toEqual({
      rates: { ...SAMPLE_RATES, EUR: 0.0034 },
      fetchedAt: later,
      suspect: { JPY: 1e306, GBP: 1e-300 },
    });
    const alerts = errors.mock.calls
      .map((c) => (JSON.parse(String(c[0])) as { msg: string }).msg)
      .filter((l) => l.startsWith('[alert]'));
    expect(alerts).toEqual([
      '[alert] exchange rates refused, more than ×10 from the last good ones: GBP 1e-300 (last good 0.0028), JPY 1e+306 (last good 0.54). Orders in GBP, JPY wait until a sane rate comes.',
    ]);
    expect(smtp.mails.map((m) => m.to)).toEqual([['care@bastaa.pk']]);
    expect(smtp.mails[0]!.raw).toContain(
      'Subject: Exchange rates refused: orders in GBP, JPY paused',
    );
    await expect(ratesForOrder(store, config(), 'JPY', later)).rejects.toThrow(
      'Orders in JPY are paused while we check the exchange rate. Please try again later or ship to Pakistan (PKR).',
    );
    await expect(ratesForOrder(store, config(), 'GBP', later)).rejects.toThrow(
      'Orders in GBP are paused while we check the exchange rate. Please try again later or ship to Pakistan (PKR).',
    );
    expect(await ratesForOrder(store, config(), 'EUR', later)).toEqual({
      ...SAMPLE_RATES,
      EUR: 0.0034,
    });
  });

  it('only logs the alert when SMTP is not configured', async () => {
    await getRates(store, config(), 0);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.state.rates = { ...SAMPLE_RATES, USD: 0.5 };
    await getRates(store, config(), RATES_TTL_MS + 1);
    await settleBackground();
    expect(errors.mock.calls.map((c) => (JSON.parse(String(c[0])) as { msg: string }).msg)).toEqual(
      [
        '[alert] exchange rates refused, more than ×10 from the last good ones: USD 0.5 (last good 0.0036). Orders in USD wait until a sane rate comes.',
      ],
    );
    expect(smtp.mails).toEqual([]);
  });

  it('lets orders in the currency resume once the service answers a rate within ×10 of the last good one', async () => {
    await getRates(store, config(), 0);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.state.rates = { ...SAMPLE_RATES, JPY: 54 };
    await getRates(store, config(), RATES_TTL_MS + 1);
    await expect(ratesForOrder(store, config(), 'JPY', RATES_TTL_MS + 1)).rejects.toThrow(
      'Orders in JPY are paused',
    );
    fake.state.rates = { ...SAMPLE_RATES, JPY: 0.6 };
    const resumed = 2 * RATES_TTL_MS + 2;
    expect(await ratesForOrder(store, config(), 'JPY', resumed)).toEqual({
      ...SAMPLE_RATES,
      JPY: 0.6,
    });
    expect(await store.rates.get()).toEqual({
      rates: { ...SAMPLE_RATES, JPY: 0.6 },
      fetchedAt: resumed,
    });
  });
});

describe('ratesForOrder', () => {
  let store: Store;
  let cleanup: () => Promise<void>;
  beforeEach(() => {
    ({ store, cleanup } = tempSqliteStore());
    fake.state.mode = 'fail';
  });
  afterEach(async () => cleanup());
  const config = () => ({ RATES_URL: fake.url, RATES_TIMEOUT_MS: 3000 });

  it('prices an order at a rate up to 24 hours old, and refuses an older one', async () => {
    await store.rates.put({ rates: SAMPLE_RATES, fetchedAt: 0 });
    expect(await ratesForOrder(store, config(), 'USD', MAX_RATE_AGE_MS)).toEqual(SAMPLE_RATES);
    expect(await ratesForOrder(store, config(), 'USD', 30 * MAX_RATE_AGE_MS)).toBeNull();
  });

  it('never prices an order at the rate-1 fallback or without a rate for its currency', async () => {
    expect(await ratesForOrder(store, config(), 'USD', 0)).toBeNull();
    await store.rates.put({ rates: SAMPLE_RATES, fetchedAt: 0 });
    expect(await ratesForOrder(store, config(), 'CHF', 0)).toBeNull();
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
    const res = await shop(apiRequest('/api/rates'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      result: 'success',
      base: 'PKR',
      rates: SAMPLE_RATES,
      stale: false,
    });
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=3600/);
  });

  it('serves a stale rate while the service is down, marked stale with a one-minute max-age, and answers at once', async () => {
    await (
      await getStore()
    ).rates.put({ rates: SAMPLE_RATES, fetchedAt: Date.now() - 30 * 24 * 60 * 60 * 1000 });
    fake.state.mode = 'hang';
    fake.state.hits = 0;
    try {
      const first = await shop(apiRequest('/api/rates'));
      expect(await first.json()).toMatchObject({
        rates: SAMPLE_RATES,
        stale: true,
        fallback: false,
      });
      expect(first.headers.get('cache-control')).toBe('public, max-age=60');
      expect(first.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60');
      for (let i = 0; i < 5; i++) expect((await shop(apiRequest('/api/rates'))).status).toBe(200);
      // None called the service (the fake counts each call on arrival), so none waited out its
      // timeout.
      expect(fake.state.hits).toBe(1);
    } finally {
      fake.state.mode = 'ok';
    }
  });
});
