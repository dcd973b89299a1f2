import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyStateSchema, isCurrencyCode } from '../../src/lib/currency.ts';
import { currencyOf } from '../../src/stores/currency.ts';
import { MemoryStorage } from '../fixtures/memory-storage.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 20, 12);

describe('isCurrencyCode', () => {
  it('accepts three capital letters and nothing else', () => {
    expect(['USD', 'PKR', 'KWD'].map(isCurrencyCode)).toEqual([true, true, true]);
    expect(['usd', 'US$', 'USDT', '', 'US'].map(isCurrencyCode)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('currencyStateSchema', () => {
  it('reads a display currency stored before the minor-unit digits were kept', () => {
    const stored = JSON.parse('{"code":"USD","symbol":"$","rate":0.0036}');
    expect(currencyStateSchema.safeParse(stored)).toEqual({
      success: true,
      data: { code: 'USD', symbol: '$', rate: 0.0036 },
    });
  });

  it('reads the approximate-rate date under `since`, as every release has stored it', () => {
    const stored = JSON.parse('{"code":"GBP","symbol":"£","rate":0.0028,"digits":2,"since":5}');
    expect(currencyStateSchema.safeParse(stored)).toEqual({
      success: true,
      data: { code: 'GBP', symbol: '£', rate: 0.0028, digits: 2, since: 5 },
    });
  });

  it('refuses a lower-case code, a wanted currency that is no code, and a rate of 0', () => {
    const base = { code: 'USD', symbol: '$', rate: 0.0036 };
    expect(currencyStateSchema.safeParse({ ...base, code: 'usd' }).success).toBe(false);
    expect(currencyStateSchema.safeParse({ ...base, wanted: 'dollars' }).success).toBe(false);
    expect(currencyStateSchema.safeParse({ ...base, rate: 0 }).success).toBe(false);
  });
});

describe('currencyOf', () => {
  const known = { rates: { USD: 0.0036 }, fetchedAt: NOW - DAY / 2 };

  it('is PKR at rate 1 while no country is chosen, or for a malformed code', () => {
    const pkr = { code: 'PKR', symbol: '₨', rate: 1, digits: 0 };
    expect(currencyOf('', 'USD', known, NOW)).toEqual(pkr);
    expect(currencyOf('United States', 'usd', known, NOW)).toEqual(pkr);
  });

  it("is the country's currency at the known rate, with its minor-unit digits", () => {
    expect(currencyOf('United States', 'USD', known, NOW)).toEqual({
      code: 'USD',
      symbol: '$',
      rate: 0.0036,
      digits: 2,
    });
  });

  it('stays in PKR and names the wanted currency when its rate was never known', () => {
    expect(currencyOf('Japan', 'JPY', known, NOW)).toEqual({
      code: 'PKR',
      symbol: '₨',
      rate: 1,
      digits: 0,
      wanted: 'JPY',
    });
  });

  it('marks a rate older than a day approximate since it was fetched', () => {
    const old = { rates: { USD: 0.0036 }, fetchedAt: NOW - 2 * DAY };
    expect(currencyOf('United States', 'USD', old, NOW).since).toBe(NOW - 2 * DAY);
  });
});

describe('chooseCountry', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', new MemoryStorage());
    // Offline: the store keeps to the rates it has.
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores the display currency in the shape earlier releases wrote and read', async () => {
    const fetchedAt = Date.now() - 3 * DAY;
    localStorage.setItem('currencyRates', JSON.stringify({ rates: { USD: 0.0036 }, fetchedAt }));
    const { chooseCountry } = await import('../../src/stores/currency.ts');
    await chooseCountry('United States', 'USD');
    expect(localStorage.getItem('displayCurrency')).toBe(
      `{"code":"USD","symbol":"$","rate":0.0036,"digits":2,"since":${fetchedAt}}`,
    );
  });

  it('falls back to the snapshot shipped with the site when the API cannot be reached and no rates are kept', async () => {
    const fetchedAt = Date.now() - 3 * DAY;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url !== '/rates-snapshot.json') throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ rates: { PKR: 1, USD: 0.0036 }, fetchedAt }));
    });
    const { $currency, chooseCountry } = await import('../../src/stores/currency.ts');
    await chooseCountry('United States', 'USD');
    expect($currency.get()).toEqual({
      code: 'USD',
      symbol: '$',
      rate: 0.0036,
      digits: 2,
      since: fetchedAt,
    });
    expect(JSON.parse(localStorage.getItem('currencyRates')!)).toEqual({
      rates: { PKR: 1, USD: 0.0036 },
      fetchedAt,
    });
  });

  it('starts on the saved country’s currency from the keys earlier releases wrote', async () => {
    localStorage.setItem('selectedCountry', 'United States');
    localStorage.setItem('selectedCurrency', 'USD');
    localStorage.setItem(
      'currencyRates',
      JSON.stringify({ rates: { USD: 0.0036 }, fetchedAt: Date.now() }),
    );
    const { $currency } = await import('../../src/stores/currency.ts');
    expect($currency.get()).toEqual({ code: 'USD', symbol: '$', rate: 0.0036, digits: 2 });
  });
});
