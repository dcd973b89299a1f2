import { atom } from 'nanostores';
import { api } from '../client/api.ts';
import { currencySymbol, formatMoney, safeRate, toDisplayAmount } from '../lib/money.ts';
import type { StoredRates } from '../lib/stored-values.ts';
import { KEYS, readJson, readText, write } from './storage.ts';

/** The chosen shipping country's currency (SPEC §3 Currency); PKR at rate 1 until one is chosen. */
export interface Currency {
  country: string;
  code: string;
  symbol: string;
  rate: number;
}

/** Rates as last fetched, kept so the next page shows converted prices before any fetch. */
type CachedRates = StoredRates;

/** Cached rates are refreshed after an hour. */
export const RATES_REFRESH_MS = 60 * 60 * 1000;

const PKR: Currency = { country: '', code: 'PKR', symbol: currencySymbol('PKR'), rate: 1 };

/**
 * The currency of a country at the cached rate (rate 1 when none is known, SPEC §4). The
 * country → currency table stays at build time (src/lib/countries.ts pulls in region data far too
 * big for the browser): pages hand the code over with the name, and it is kept beside it.
 */
export function currencyOf(country: string, code: string, rates: Record<string, number>): Currency {
  if (!country || !/^[A-Z]{3}$/.test(code)) return PKR;
  return { country, code, symbol: currencySymbol(code), rate: code === 'PKR' ? 1 : safeRate(rates[code]) };
}

const cachedRates = () => readJson<CachedRates>(KEYS.rates, { rates: {}, fetchedAt: 0 });

function initial(): Currency {
  if (typeof window === 'undefined') return PKR;
  return currencyOf(readText(KEYS.selectedCountry), readText(KEYS.selectedCurrency), cachedRates().rates);
}

/** The currency every price is shown in. */
export const $currency = atom<Currency>(initial());

/** A PKR amount shown in the chosen currency, formatted one way everywhere. */
export function showPrice(pkr: number, currency: Currency = $currency.get()): string {
  return formatMoney(toDisplayAmount(pkr, currency.rate), currency.code);
}

async function freshRates(force: boolean): Promise<Record<string, number>> {
  const cached = cachedRates();
  if (!force && Date.now() - cached.fetchedAt < RATES_REFRESH_MS) return cached.rates;
  try {
    const { rates, fallback } = await api.rates();
    if (!fallback) write(KEYS.rates, { rates, fetchedAt: Date.now() });
    return fallback ? cached.rates : rates;
  } catch (error) {
    console.warn('Exchange rates could not be fetched; prices fall back to rate 1.', error);
    return cached.rates;
  }
}

/** Keeps the currency and tells the paint script (ShopLayout) how to show static prices next time. */
function apply(next: Currency): Currency {
  $currency.set(next);
  write(KEYS.displayCurrency, { code: next.code, symbol: next.symbol, rate: next.rate });
  return next;
}

/** Chooses a shipping country (name and its currency code): stores both, fetches rates, switches every price. */
export async function chooseCountry(country: string, code: string): Promise<Currency> {
  write(KEYS.selectedCountry, country);
  write(KEYS.selectedCurrency, code);
  return apply(currencyOf(country, code, await freshRates(true)));
}

/** At start, when a country was saved: refresh the rate if the cached one is old (SPEC §4). */
export async function refreshCurrency(): Promise<void> {
  const country = readText(KEYS.selectedCountry);
  if (!country) return;
  apply(currencyOf(country, readText(KEYS.selectedCurrency), (await freshRates(false))));
}

/** The last fetched PKR-based rates (PKR always 1), for delivery fees and order totals. */
export function currentRates(): Record<string, number> {
  return { ...cachedRates().rates, PKR: 1 };
}
