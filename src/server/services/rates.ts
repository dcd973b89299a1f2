import type { Config } from '../config.ts';
import type { RatesRecord, Store } from '../store/port.ts';

/** Fresh rates are kept 6 hours; a failed fetch's rate-1 fallback only 5 minutes. */
export const RATES_TTL_MS = 6 * 60 * 60 * 1000;
export const FALLBACK_TTL_MS = 5 * 60 * 1000;

/** Rates as the API serves them: units of each currency per 1 PKR. */
export interface RatesAnswer {
  result: 'success';
  base: 'PKR';
  rates: Record<string, number>;
  fetchedAt: number;
  fallback: boolean;
}

function parseUpstream(body: unknown): Record<string, number> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { result, rates } = body as { result?: unknown; rates?: unknown };
  if (result !== 'success' || typeof rates !== 'object' || rates === null) return null;
  const clean: Record<string, number> = {};
  for (const [code, rate] of Object.entries(rates)) {
    if (/^[A-Z]{3}$/.test(code) && typeof rate === 'number' && Number.isFinite(rate) && rate > 0) clean[code] = rate;
  }
  clean.PKR = 1;
  return Object.keys(clean).length > 1 ? clean : null;
}

async function fetchUpstream(config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>): Promise<Record<string, number>> {
  const res = await fetch(config.RATES_URL, { signal: AbortSignal.timeout(config.RATES_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`exchange-rate service answered HTTP ${res.status}`);
  const rates = parseUpstream(await res.json());
  if (!rates) throw new Error('exchange-rate service answered without usable PKR-based rates');
  return rates;
}

const answer = (record: RatesRecord): RatesAnswer => ({
  result: 'success',
  base: 'PKR',
  rates: record.rates,
  fetchedAt: record.fetchedAt,
  fallback: record.fallback === true,
});

/**
 * PKR-based rates: the store's cache while fresh, else the public service (with a timeout).
 * When the service fails, stale cached rates are served if any; otherwise rate 1 (SPEC §4).
 */
export async function getRates(
  store: Store,
  config: Pick<Config, 'RATES_URL' | 'RATES_TIMEOUT_MS'>,
  now = Date.now(),
): Promise<RatesAnswer> {
  const cached = await store.rates.get();
  const ttl = cached?.fallback ? FALLBACK_TTL_MS : RATES_TTL_MS;
  if (cached && now - cached.fetchedAt < ttl) return answer(cached);
  try {
    const record = { rates: await fetchUpstream(config), fetchedAt: now };
    await store.rates.put(record);
    return answer(record);
  } catch (error) {
    console.error(`[rates] ${config.RATES_URL} failed: ${(error as Error).message}`);
    if (cached && !cached.fallback) return answer(cached);
    const fallback: RatesRecord = { rates: { PKR: 1 }, fetchedAt: now, fallback: true };
    await store.rates.put(fallback);
    return answer(fallback);
  }
}

/** The upstream fetch alone (for `shop doctor`). */
export { fetchUpstream as fetchUpstreamRates };
