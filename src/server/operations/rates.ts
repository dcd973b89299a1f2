import { BASE_CURRENCY } from '../../lib/currency.ts';
import { DELIVERY_FEE_BASES } from '../../lib/delivery.ts';
import { ORDER_ANSWERS } from '../../lib/messages.ts';
import { MAX_RATE_AGE_MS } from '../../lib/money.ts';
import { karachiTime } from '../../lib/desk.ts';
import type { RatesAnswer } from '../../lib/contract/responses.ts';
import type { Config } from '../config.ts';
import { unavailable } from '../errors.ts';
import { readTextCapped } from '../http.ts';
import { explainFetchError } from '../fetch-error.ts';
import { logEvent } from '../request-log.ts';
import type { RatesRecord, Store } from '../store/port.ts';
import { alertOperator } from './operator-alerts.ts';

export { MAX_RATE_AGE_MS };

/** Fetched rates count as fresh for 6 hours; after that the service is asked again. */
export const RATES_TTL_MS = 6 * 60 * 60 * 1000;
/** An upstream failure is remembered for a minute: no new call, and no timeout to wait out, before then. */
export const FAILURE_RETRY_MS = 60 * 1000;
/** The largest upstream answer read (1 MB); the real one is about 3 KB. */
export const MAX_UPSTREAM_BYTES = 1024 * 1024;
/** A fetched rate more than this factor above or below the last good one is refused. */
export const MAX_RATE_JUMP = 10;

/** What the rates need: the service, and the mail settings for an alert (optional). */
export type RatesConfig = Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'> &
  Partial<Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'ALERT_EMAIL'>>;

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
  base: BASE_CURRENCY,
  rates: record.rates,
  fetchedAt: record.fetchedAt,
  fallback: record.fallback === true,
  stale: record.fallback !== true && now - record.fetchedAt >= RATES_TTL_MS,
});

/** When the service last failed; a fallback record stored before failedAt existed counts from its own time. */
const failedAt = (record: RatesRecord | null) =>
  record?.failedAt ?? (record?.fallback ? record.fetchedAt : undefined);

/**
 * Splits fetched rates into the accepted ones and the refused ones: a rate more than
 * MAX_RATE_JUMP times above or below the last good rate of its currency is refused, and the last
 * good rate stays in its place. With no last good rate there is nothing to compare with.
 */
export function screenRates(
  fetched: Readonly<Record<string, number>>,
  good: Readonly<Record<string, number>> | null,
): { rates: Record<string, number>; suspect: Record<string, number> } {
  const rates: Record<string, number> = {};
  const suspect: Record<string, number> = {};
  for (const [code, rate] of Object.entries(fetched)) {
    const last = good && Object.hasOwn(good, code) ? good[code] : undefined;
    if (last !== undefined && last > 0 && Math.max(rate / last, last / rate) > MAX_RATE_JUMP) {
      suspect[code] = rate;
      rates[code] = last;
    } else rates[code] = rate;
  }
  return { rates, suspect };
}

/**
 * Tells the operator about newly refused rates: one `[alert]` line in the log, and a mail to the
 * shop's alert address (operator-alerts.ts), sent after the answer.
 */
function alertRefused(
  store: Store,
  config: RatesConfig,
  refused: Readonly<Record<string, number>>,
  good: Readonly<Record<string, number>>,
  now: number,
): void {
  const codes = Object.keys(refused).sort();
  const detail = codes.map((c) => `${c} ${refused[c]} (last good ${good[c]})`).join(', ');
  const line = `exchange rates refused, more than ×${MAX_RATE_JUMP} from the last good ones: ${detail}. Orders in ${codes.join(', ')} wait until a sane rate comes.`;
  void alertOperator(
    { store, config },
    'rates-refused',
    {
      subject: `Exchange rates refused: orders in ${codes.join(', ')} paused`,
      summary: line,
      lines: [
        '',
        `The exchange-rate service (${config.RATES_URL}) answered rates the shop refused.`,
        'The shop keeps showing the last good rates. Orders in these currencies are refused',
        '("Orders in … are paused while we check the exchange rate") until the service answers',
        `a rate within ×${MAX_RATE_JUMP} of the last good one; it is asked again every 6 hours.`,
      ],
    },
    { now },
  );
}

/** The service has failed for this long without a success: the operator is told (ops-alerts). */
export const RATES_DOWN_ALERT_MS = 60 * 60 * 1000;

/** Alerts rates-down once the service has failed for over RATES_DOWN_ALERT_MS (rate-limited like every alert). */
function alertDown(store: Store, config: RatesConfig, record: RatesRecord, now: number): void {
  const since = record.downSince ?? now;
  if (now - since <= RATES_DOWN_ALERT_MS) return;
  const minutes = Math.floor((now - since) / 60_000);
  const paused = record.fallback === true || now - record.fetchedAt > MAX_RATE_AGE_MS;
  const lastGood = record.fallback
    ? 'No rates were ever fetched: every order abroad is refused (the rate-1 fallback is never charged).'
    : paused
      ? `The last good rates are from ${karachiTime(record.fetchedAt)} (Karachi time), over 24 hours old: orders abroad are paused.`
      : `The last good rates are from ${karachiTime(record.fetchedAt)} (Karachi time); orders abroad pause once they are 24 hours old, at ${karachiTime(record.fetchedAt + MAX_RATE_AGE_MS)}.`;
  void alertOperator(
    { store, config },
    'rates-down',
    {
      summary: `The exchange-rate service (${config.RATES_URL}) has failed for ${minutes} minutes${paused ? '; orders abroad are paused' : ''}.`,
      lines: [lastGood],
    },
    { now },
  );
}

async function refresh(
  store: Store,
  config: RatesConfig,
  known: RatesRecord | null,
  now: number,
  previous: RatesRecord | null = known,
): Promise<RatesRecord> {
  let fetched: Record<string, number>;
  try {
    fetched = await fetchUpstream(config);
  } catch (error) {
    logEvent(
      'error',
      `[rates] ${config.RATES_URL} failed: ${explainFetchError(error, config.RATES_URL)}`,
    );
    // Remember the failure with whatever is known, so the next minute neither calls nor waits.
    // When the failures began (kept across them), to alert once it is over an hour.
    const downSince = previous?.downSince ?? now;
    const record: RatesRecord = known
      ? { ...known, failedAt: now, downSince }
      : { rates: { PKR: 1 }, fetchedAt: now, fallback: true, failedAt: now, downSince };
    await store.rates.put(record);
    alertDown(store, config, record, now);
    return record;
  }
  const { rates, suspect } = screenRates(fetched, known?.rates ?? null);
  const record: RatesRecord = { rates, fetchedAt: now };
  if (Object.keys(suspect).length > 0) record.suspect = suspect;
  await store.rates.put(record);
  // Alerted once per currency that turns suspect; while it stays so, the log says so quietly.
  const newly = Object.fromEntries(
    Object.entries(suspect).filter(([code]) => !Object.hasOwn(known?.suspect ?? {}, code)),
  );
  if (known && Object.keys(newly).length > 0) alertRefused(store, config, newly, known.rates, now);
  else if (Object.keys(suspect).length > 0)
    logEvent(
      'error',
      `[rates] still refusing ${Object.keys(suspect).sort().join(', ')}: more than ×${MAX_RATE_JUMP} from the last good rates`,
    );
  return record;
}

// Calls arriving while this instance already asks the service share that one call.
const inFlight = new WeakMap<Store, Promise<RatesRecord>>();

/** The rates record to use now: the store's while fresh, else refreshed from the service. */
async function latestRates(store: Store, config: RatesConfig, now: number): Promise<RatesRecord> {
  const cached = await store.rates.get();
  const known = cached && !cached.fallback ? cached : null;
  if (known && now - known.fetchedAt < RATES_TTL_MS) return known;
  const failed = failedAt(cached);
  if (cached && failed !== undefined && now >= failed && now - failed < FAILURE_RETRY_MS)
    return cached;
  const pending = inFlight.get(store);
  if (pending) return pending;
  const call = refresh(store, config, known, now, cached).finally(() => inFlight.delete(store));
  inFlight.set(store, call);
  return call;
}

/**
 * PKR-based rates: the store's cache while fresh, else the public service (timeout, 1 MB cap).
 * When the service fails, the last fetched rates are served (marked stale once old), otherwise
 * rate 1 (docs/product.md §4); for a minute after a failure the service is not asked again. A fetched rate
 * more than ×10 from the last good one is refused (screenRates): the last good one is served.
 */
export async function getRates(
  store: Store,
  config: RatesConfig,
  now = Date.now(),
): Promise<RatesAnswer> {
  return answer(await latestRates(store, config, now), now);
}

/**
 * The rates an order in `currency` may be priced at: known (never the rate-1 fallback), at most
 * MAX_RATE_AGE_MS old, with a rate for the currency and for USD (the international fee); null
 * otherwise. While the currency's latest rate (or USD's, for a currency whose fee is converted
 * from USD) is refused as far off, orders in it wait: a 503 saying so.
 */
export async function ratesForOrder(
  store: Store,
  config: RatesConfig,
  currency: string,
  now = Date.now(),
): Promise<Record<string, number> | null> {
  const { rates, fallback, fetchedAt, suspect = {} } = await latestRates(store, config, now);
  if (fallback || now - fetchedAt > MAX_RATE_AGE_MS) return null;
  const needed = Object.hasOwn(DELIVERY_FEE_BASES, currency) ? [currency] : [currency, 'USD'];
  if (needed.some((code) => Object.hasOwn(suspect, code)))
    throw unavailable(ORDER_ANSWERS.ratePaused(currency));
  return Number(rates[currency]) > 0 && Number(rates.USD) > 0 ? rates : null;
}

/** The upstream fetch alone (for `shop doctor`). */
export { fetchUpstream as fetchUpstreamRates };
