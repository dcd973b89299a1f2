import { atom, computed } from 'nanostores';
import { api } from '../client/api.ts';
import { fetchRatesSnapshot } from '../client/static-data.ts';
import { BASE_CURRENCY, isCurrencyCode, type CurrencyState } from '../lib/currency.ts';
import {
  MAX_RATE_AGE_MS,
  convertAmount,
  currencyDigits,
  currencySymbol,
  formatMoney,
} from '../lib/money.ts';
import type { StoredRates } from '../lib/stored-values.ts';
import { KEYS, readText, storedAtom, write } from './storage.ts';

/** Rates as last fetched, kept so the next page shows converted prices before any fetch. */
type CachedRates = StoredRates;

/** Cached rates are refreshed after an hour. */
export const RATES_REFRESH_MS = 60 * 60 * 1000;

/** Prices in PKR: how the static HTML is rendered, and the currency until a country is chosen. */
export const BASE_PRICES: CurrencyState = {
  code: BASE_CURRENCY,
  symbol: currencySymbol(BASE_CURRENCY),
  rate: 1,
  digits: currencyDigits(BASE_CURRENCY),
};

/**
 * The currency of a country at the last known rate. A PKR amount is never shown with a foreign
 * symbol: with no rate for the currency (the old site's "rate 1" would do exactly that; docs/product.md
 * §4), prices stay in PKR and `wanted` says which currency is missing; a rate older than MAX_RATE_AGE_MS is still used
 * but marked approximate (`since`). The country → currency table stays at build time
 * (src/lib/countries.ts pulls in region data far too big for the browser): pages hand the code
 * over with the name.
 */
export function currencyOf(
  country: string,
  code: string,
  known: CachedRates,
  now = Date.now(),
): CurrencyState {
  if (!country || !isCurrencyCode(code) || code === BASE_CURRENCY) return BASE_PRICES;
  const rate = known.rates[code];
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
    return { ...BASE_PRICES, wanted: code };
  const currency: CurrencyState = {
    code,
    symbol: currencySymbol(code),
    rate,
    digits: currencyDigits(code),
  };
  if (now - known.fetchedAt > MAX_RATE_AGE_MS) currency.since = known.fetchedAt;
  return currency;
}

const NO_RATES: CachedRates = { rates: {}, fetchedAt: 0 };

/** The rates as last fetched, kept in storage (and in step with other tabs). */
export const $rates = storedAtom<CachedRates>(KEYS.rates, NO_RATES);
const cachedRates = () => $rates.get();

function initial(): CurrencyState {
  if (typeof window === 'undefined') return BASE_PRICES;
  return currencyOf(readText(KEYS.selectedCountry), readText(KEYS.selectedCurrency), cachedRates());
}

/** The currency every price is shown in. */
export const $currency = atom<CurrencyState>(initial());

/** A PKR amount shown in the chosen currency, rounded to its smallest unit and formatted one way everywhere. */
export function showPrice(pkr: number, currency: CurrencyState = $currency.get()): string {
  return formatMoney(convertAmount(pkr, currency.rate, currency.code), currency.code);
}

/**
 * The freshest rates to be had: the browser's own copy while under an hour old, else /api/rates;
 * when that fails or only has its rate-1 fallback, the last known good ones: the browser's copy,
 * else the snapshot shipped with the site.
 */
async function freshRates(force: boolean): Promise<CachedRates> {
  const cached = cachedRates();
  if (!force && Date.now() - cached.fetchedAt < RATES_REFRESH_MS) return cached;
  try {
    const { rates, fallback, fetchedAt } = await api.rates();
    if (!fallback) {
      const fresh = {
        rates,
        fetchedAt: typeof fetchedAt === 'number' && fetchedAt > 0 ? fetchedAt : Date.now(),
      };
      $rates.set(fresh);
      return fresh;
    }
  } catch {
    // Offline or the API is down: fall through to the last known good rates.
  }
  if (cached.fetchedAt > 0) return cached;
  const snapshot = await fetchRatesSnapshot();
  if (!snapshot) return NO_RATES;
  $rates.set(snapshot);
  return snapshot;
}

/**
 * Keeps the currency, and stores it for the first-paint script (src/client/first-paint.ts), which
 * shows the next page's static prices in it before first paint.
 */
function apply(next: CurrencyState): CurrencyState {
  $currency.set(next);
  write(KEYS.displayCurrency, next);
  return next;
}

/**
 * Chooses a shipping country (name and its currency code): stores both and switches every price at
 * once at the last known rate, then again once fresh rates arrive.
 */
export async function chooseCountry(country: string, code: string): Promise<CurrencyState> {
  write(KEYS.selectedCountry, country);
  write(KEYS.selectedCurrency, code);
  apply(currencyOf(country, code, cachedRates()));
  return apply(currencyOf(country, code, await freshRates(true)));
}

/** The country the shopper chose last (docs/product.md §3 `selectedCountry`), or ''. */
export function savedCountry(): string {
  return readText(KEYS.selectedCountry);
}

/** At start, when a country was saved: refresh the rate if the cached one is old (docs/product.md §4). */
export async function refreshCurrency(): Promise<void> {
  const country = readText(KEYS.selectedCountry);
  if (!country) return;
  apply(currencyOf(country, readText(KEYS.selectedCurrency), await freshRates(false)));
}

/** The last fetched PKR-based rates (PKR always 1), for delivery fees and order totals. */
export const $orderRates = computed($rates, (known): Record<string, number> => ({
  ...known.rates,
  [BASE_CURRENCY]: 1,
}));

/** The rates of $orderRates, read once (outside a component). */
export function currentRates(): Record<string, number> {
  return $orderRates.get();
}
