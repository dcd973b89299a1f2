import { MAX_RATE_AGE_MS } from '../../lib/money.ts';
import type { RatesAnswer } from '../../lib/contract/responses.ts';
import type { Config } from '../config.ts';
import { readTextCapped } from '../http.ts';
import type { RatesRecord, Store } from '../store/port.ts';

export { MAX_RATE_AGE_MS };

/** Fetched rates count as fresh for 6 hours; after that the service is asked again. */
export const RATES_TTL_MS = 6 * 60 * 60 * 1000;
/** An upstream failure is remembered for a minute: no new call, and no timeout to wait out, before then. */
export const FAILURE_RETRY_MS = 60 * 1000;
/** The largest upstream answer read (1 MB); the real one is about 3 KB. */
export const MAX_UPSTREAM_BYTES = 1024 * 1024;

function parseUpstream(body: unknown): Record<string, number> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { result, rates } = body as { result?: unknown; rates?: unknown };
  if (result !== 'success' || typeof rates !== 'object' || rates === null) return null;
  const clean: Record<string, number> = {};
  for (const [code, rate] of Object.entries(rates)) {
    if (/^[A-Z]{3}$/.test(code) && typeof rate === 'number' && Number.isFinite(rate) && rate > 0)
      clean[code] = rate;
  }
  clean.PKR = 1;
  return Object.keys(clean).length > 1 ? clean : null;
}

/** Reads a body of at most `max` bytes as it streams in, aborting the transfer as soon as it is over. */
async function readCapped(res: Response, max: number, abort: AbortController): Promise<string> {
  const text = await readTextCapped(res, max);
  if (text !== null) return text;
  const tooBig = new Error(`exchange-rate service answered more than ${max} bytes`);
  abort.abort(tooBig); // closes the connection, so the sender stops too
  throw tooBig;
}

async function fetchUpstream(
  config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>,
): Promise<Record<string, number>> {
  const abort = new AbortController();
  // The timeout covers the whole exchange, body included, not only the headers.
  const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(config.RATES_TIMEOUT_MS)]);
  const res = await fetch(config.RATES_URL, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    abort.abort();
    throw new Error(`exchange-rate service answered HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await readCapped(res, MAX_UPSTREAM_BYTES, abort));
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new Error('exchange-rate service answered with invalid JSON');
    throw error;
  }
  const rates = parseUpstream(body);
  if (!rates) throw new Error('exchange-rate service answered without usable PKR-based rates');
  return rates;
}

const answer = (record: RatesRecord, now: number): RatesAnswer => ({
  result: 'success',
  base: 'PKR',
  rates: record.rates,
  fetchedAt: record.fetchedAt,
  fallback: record.fallback === true,
  stale: record.fallback !== true && now - record.fetchedAt >= RATES_TTL_MS,
});

/** When the service last failed; a fallback record stored before failedAt existed counts from its own time. */
const failedAt = (record: RatesRecord | null) =>
  record?.failedAt ?? (record?.fallback ? record.fetchedAt : undefined);

async function refresh(
  store: Store,
  config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>,
  known: RatesRecord | null,
  now: number,
): Promise<RatesAnswer> {
  try {
    const record: RatesRecord = { rates: await fetchUpstream(config), fetchedAt: now };
    await store.rates.put(record);
    return answer(record, now);
  } catch (error) {
    console.error(`[rates] ${config.RATES_URL} failed: ${(error as Error).message}`);
    // Remember the failure with whatever is known, so the next minute neither calls nor waits.
    const record: RatesRecord = known
      ? { ...known, failedAt: now }
      : { rates: { PKR: 1 }, fetchedAt: now, fallback: true, failedAt: now };
    await store.rates.put(record);
    return answer(record, now);
  }
}

// Calls arriving while this instance already asks the service share that one call.
const inFlight = new WeakMap<Store, Promise<RatesAnswer>>();

/**
 * PKR-based rates: the store's cache while fresh, else the public service (timeout, 1 MB cap).
 * When the service fails, the last fetched rates are served (marked stale once old), otherwise
 * rate 1 (SPEC §4); for a minute after a failure the service is not asked again.
 */
export async function getRates(
  store: Store,
  config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>,
  now = Date.now(),
): Promise<RatesAnswer> {
  const cached = await store.rates.get();
  const known = cached && !cached.fallback ? cached : null;
  if (known && now - known.fetchedAt < RATES_TTL_MS) return answer(known, now);
  const failed = failedAt(cached);
  if (cached && failed !== undefined && now >= failed && now - failed < FAILURE_RETRY_MS)
    return answer(cached, now);
  const pending = inFlight.get(store);
  if (pending) return pending;
  const call = refresh(store, config, known, now).finally(() => inFlight.delete(store));
  inFlight.set(store, call);
  return call;
}

/**
 * The rates an order in `currency` may be priced at: known (never the rate-1 fallback), at most
 * MAX_RATE_AGE_MS old, with a rate for the currency and for USD (the international fee). Null otherwise.
 */
export async function ratesForOrder(
  store: Store,
  config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>,
  currency: string,
  now = Date.now(),
): Promise<Record<string, number> | null> {
  const { rates, fallback, fetchedAt } = await getRates(store, config, now);
  if (fallback || now - fetchedAt > MAX_RATE_AGE_MS) return null;
  return Number(rates[currency]) > 0 && Number(rates.USD) > 0 ? rates : null;
}

/** The upstream fetch alone (for `shop doctor`). */
export { fetchUpstream as fetchUpstreamRates };
