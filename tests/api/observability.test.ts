// Structured logs, request ids and the health call: every answer carries X-Request-Id,
// every log line is one JSON object naming the request, the call, the outcome and the duration,
// unexpected failures carry a reference the shopper can quote, and /api/health tells a monitor
// the state of the store, mail and rates without calling out or telling secrets.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ANSWERS, SERVER_MESSAGES } from '../../src/lib/messages.ts';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { settleBackground } from '../../src/server/background.ts';
import { referenceOf } from '../../src/server/request-log.ts';
import { getStore, StoreUnavailableError } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves, type Answer } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  process.env.RATES_URL = rates.url;
  await stockShelves([makeProduct({ _id: 'city-tote', price: 4500 })]);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), env.cleanup()]);
});

type LogLine = Record<string, unknown> & { msg: string; level: string };

/** Captures what the functions log; every line must be one JSON object. */
function captureLogs(): () => LogLine[] {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  return () =>
    [...out.mock.calls, ...err.mock.calls].map((args) => {
      expect(args).toHaveLength(1);
      return JSON.parse(String(args[0])) as LogLine;
    });
}

const REQUEST_ID = /^[0-9a-f]{32}$/;

describe('request ids across a checkout', () => {
  it('answers every call with an id, and logs one JSON line per call naming it, the call, the status and the duration', async () => {
    const logs = captureLogs();
    const shopper = await signUp('Logged Shopper');
    const answers: [string, Answer][] = [];
    answers.push(['rates', await call(shop, '/api/rates', { method: 'GET' })]);
    answers.push([
      'cartAdd',
      await call(account, '/api/cart/add', {
        token: shopper.token,
        body: { itemId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 },
      }),
    ]);
    answers.push(['cartGet', await call(account, '/api/cart/get', { token: shopper.token })]);
    answers.push([
      'placeOrder',
      await call(account, '/api/order/COD', {
        token: shopper.token,
        body: {
          items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
          address: lahoreAddress({ email: shopper.email }),
          currency: 'PKR',
          paymentMethod: 'COD',
        },
      }),
    ]);
    answers.push([
      'userOrders',
      await call(account, '/api/order/userorders', { token: shopper.token }),
    ]);
    // The confirmation mail goes out after the answer; its outbox line is the last to come.
    await settleBackground();
    const lines = logs();
    expect(lines.some((l) => l.msg.startsWith('[mail] dev'))).toBe(true);
    expect(answers.map(([, a]) => a.status)).toEqual([200, 200, 200, 201, 200]);
    const ids = answers.map(([, a]) => a.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, answer] of answers) {
      const id = answer.headers.get('x-request-id')!;
      const apiLines = lines.filter((l) => l.requestId === id && l.msg === 'api');
      expect(apiLines).toHaveLength(1);
      expect(apiLines[0]).toMatchObject({
        level: 'info',
        requestId: id,
        ref: referenceOf(id),
        call: name,
        method: name === 'rates' ? 'GET' : 'POST',
        status: answer.status,
      });
      expect(apiLines[0]!.ms).toEqual(expect.any(Number));
      expect(Date.parse(apiLines[0]!.time as string)).not.toBeNaN();
    }
    // The confirmation mail, written after the answer, is logged under the order's request id.
    const orderId = ids[3];
    const mailLine = lines.find((l) => l.msg.startsWith('[mail] dev outbox'));
    expect(mailLine).toMatchObject({ requestId: orderId, call: 'placeOrder' });
  });

  it('keeps a sane id from Netlify’s x-nf-request-id', async () => {
    captureLogs();
    const answer = await call(shop, '/api/rates', {
      method: 'GET',
      headers: { 'x-nf-request-id': '01JDQ7Z3V9K4M2N8P6R5T0W1XY' },
    });
    expect(answer.headers.get('x-request-id')).toBe('01JDQ7Z3V9K4M2N8P6R5T0W1XY');
  });

  it('replaces an incoming id that is too long or holds other characters with its own', async () => {
    captureLogs();
    for (const bad of ['x'.repeat(65), 'short', '<script>alert(1)</script>', 'id with spaces']) {
      const answer = await call(shop, '/api/rates', {
        method: 'GET',
        headers: { 'x-nf-request-id': bad },
      });
      expect(answer.headers.get('x-request-id')).toMatch(REQUEST_ID);
    }
  });

  it('answers an id on a 404, a 405 and a refused body too', async () => {
    captureLogs();
    const answers = [
      await call(shop, '/api/nothing-here', { method: 'GET' }),
      await call(shop, '/api/rates', { method: 'POST' }),
      await call(account, '/api/user/login', { rawBody: '{not json' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 405, 400]);
    for (const answer of answers) expect(answer.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });
});

describe('an unexpected failure', () => {
  it('answers the generic message with a reference, and logs the error under the same request id', async () => {
    const logs = captureLogs();
    const store = await getStore();
    vi.spyOn(store.rates, 'get').mockRejectedValue(new Error('disk on fire'));
    const answer = await call(shop, '/api/rates', { method: 'GET' });
    const id = answer.headers.get('x-request-id')!;
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      success: false,
      message: SERVER_MESSAGES.failed,
      reference: referenceOf(id),
    });
    expect(answer.body.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    const lines = logs().filter((l) => l.requestId === id);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'unexpected failure'],
      ['error', 'api'],
    ]);
    expect(lines[0]!.error).toMatchObject({ name: 'Error', message: 'disk on fire' });
    expect(lines[1]).toMatchObject({ status: 500, ref: referenceOf(id), call: 'rates' });
  });

  it('carries no reference on an expected refusal (a 4xx keeps the message alone)', async () => {
    captureLogs();
    const answer = await call(account, '/api/cart/get', {});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: ACCOUNT_ANSWERS.signInRequired });
  });
});

describe('GET /api/health', () => {
  it('answers 200 ok with the store, mail and rates, never cached', async () => {
    captureLogs();
    await call(shop, '/api/rates', { method: 'GET' });
    const answer = await call(shop, '/api/health', { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({
      status: 'ok',
      store: { ok: true },
      mail: { mode: 'outbox' },
      rates: { cached: true, ageMinutes: 0, fallback: false, failingMinutes: null, suspect: [] },
    });
    expect(answer.body.store.ms).toEqual(expect.any(Number));
  });

  it('calls nobody: the rates service is not asked, however often a monitor polls', async () => {
    captureLogs();
    await getStore().then((s) => s.rates.put({ rates: { PKR: 1 }, fetchedAt: 0 }));
    const before = rates.state.hits;
    for (let i = 0; i < 5; i++) await call(shop, '/api/health', { method: 'GET' });
    expect(rates.state.hits).toBe(before);
  });

  it('says smtp when SMTP_URL is set, and never its user, password or host', async () => {
    captureLogs();
    process.env.SMTP_URL = 'smtps://shop%40bastaa.pk:s3cr%23t@smtp.mailhost.example:465';
    try {
      const answer = await call(shop, '/api/health', { method: 'GET' });
      expect(answer.body.mail).toEqual({ mode: 'smtp' });
      const text = JSON.stringify(answer.body);
      for (const secret of ['s3cr', 'bastaa.pk', 'mailhost', 'smtps'])
        expect(text).not.toContain(secret);
    } finally {
      delete process.env.SMTP_URL;
    }
  });

  it('is degraded while the rates are the rate-1 fallback, with how long the service has failed', async () => {
    captureLogs();
    const store = await getStore();
    const failedAt = Date.now() - 90 * 60_000;
    await store.rates.put({ rates: { PKR: 1 }, fetchedAt: failedAt, fallback: true, failedAt });
    const answer = await call(shop, '/api/health', { method: 'GET' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('degraded');
    expect(answer.body.rates).toEqual({
      cached: false,
      ageMinutes: null,
      fallback: true,
      failingMinutes: 90,
      suspect: [],
    });
  });

  it('is degraded while a refused rate pauses orders, naming the currencies', async () => {
    captureLogs();
    const store = await getStore();
    await store.rates.put({
      rates: { PKR: 1, USD: 0.0036, JPY: 0.54 },
      fetchedAt: Date.now(),
      suspect: { JPY: 1e306, EUR: 9 },
    });
    const answer = await call(shop, '/api/health', { method: 'GET' });
    expect(answer.body.status).toBe('degraded');
    expect(answer.body.rates.suspect).toEqual(['EUR', 'JPY']);
  });

  it('is degraded when the last good rates are more than seven hours old and the service keeps failing', async () => {
    captureLogs();
    const store = await getStore();
    const fetchedAt = Date.now() - 8 * 60 * 60_000;
    await store.rates.put({ rates: { PKR: 1, USD: 0.0036 }, fetchedAt, failedAt: Date.now() });
    const answer = await call(shop, '/api/health', { method: 'GET' });
    expect(answer.body.status).toBe('degraded');
    expect(answer.body.rates).toMatchObject({ cached: true, ageMinutes: 480, failingMinutes: 0 });
  });

  it('answers 503 down when the store does not answer, and logs why', async () => {
    const logs = captureLogs();
    const store = await getStore();
    vi.spyOn(store.rates, 'get').mockRejectedValue(new StoreUnavailableError('connection refused'));
    const answer = await call(shop, '/api/health', { method: 'GET' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ status: 'down', store: { ok: false } });
    const id = answer.headers.get('x-request-id');
    expect(
      logs().find((l) => l.requestId === id && l.msg === 'health: store unreachable'),
    ).toBeDefined();
  });

  it('refuses a POST with 405', async () => {
    captureLogs();
    const answer = await call(shop, '/api/health', { method: 'POST' });
    expect(answer.status).toBe(405);
  });
});
