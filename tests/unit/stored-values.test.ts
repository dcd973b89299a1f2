import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../fixtures/memory-storage.ts';
import { parseStored, storedSchemaFor } from '../../src/lib/stored-values.ts';

// The five kinds of bad value issue 17 names, as raw storage text.
const NULL = 'null';
const EMPTY_OBJECT = '{}';
const INVALID_JSON = '{"rates":';
const HOSTILE = '<img src=x onerror="window.__xss=1">\n€';

/** Every key the shop keeps, a good value, and a value of the wrong type. */
const KEYS: { key: string; good: string; wrongType: string }[] = [
  { key: 'token', good: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl', wrongType: '["a",1]' },
  { key: 'email', good: 'sana@example.com', wrongType: '42' },
  { key: 'name', good: 'Sana Tariq', wrongType: '' },
  { key: 'selectedCountry', good: 'United Kingdom', wrongType: '42' },
  { key: 'selectedCurrency', good: 'GBP', wrongType: '42' },
  { key: 'highlightAllTrackOrder', good: 'true', wrongType: '1' },
  {
    key: 'currencyRates',
    good: '{"rates":{"USD":0.0036},"fetchedAt":1}',
    wrongType: '{"rates":null}',
  },
  {
    key: 'displayCurrency',
    good: '{"code":"GBP","symbol":"£","rate":0.0028}',
    wrongType: '{"code":"GBP","symbol":"£","rate":"1"}',
  },
  {
    key: 'removedCancelledOrders',
    good: '["0b7c0a0e-5f0e-4c7a-9d55-1e1c9e0f2a11"]',
    wrongType: '[1,2]',
  },
  { key: 'cartItems_guest', good: '{"city-tote":{"Tan":{"0":2}}}', wrongType: '[1]' },
  { key: 'cartItems_sana@example.com', good: '{"city-tote":{"Tan":{"0":2}}}', wrongType: '"cart"' },
  { key: 'favourites_guest', good: '["city-tote"]', wrongType: '{"0":"city-tote"}' },
  { key: 'favourites_sana@example.com', good: '["city-tote"]', wrongType: '[1]' },
  {
    key: 'userSettings_sana@example.com',
    good: '{"gender":"Female","dob":"04/12","phone":"0300","address":"Lahore"}',
    wrongType: '{"phone":5}',
  },
];

// A name is any text the server accepted, so bare words like "null" or "{}" are names; only the
// cart keeps what is valid of a value and drops the rest (an empty cart when nothing is).
const KEPT_AS_TEXT: Record<string, string[]> = {
  token: [NULL],
  name: [NULL, EMPTY_OBJECT, INVALID_JSON],
  selectedCountry: [NULL],
};
const isCart = (key: string) => key.startsWith('cartItems_');
const isJson = (raw: string) => {
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
};

describe('storedSchemaFor', () => {
  it('knows every key the stores keep, and no other', async () => {
    const { KEYS: STORAGE_KEYS } = await import('../../src/stores/storage.ts');
    const keys = Object.values(STORAGE_KEYS).map((k) =>
      typeof k === 'function' ? k('sana@example.com') : k,
    );
    for (const key of [...keys, STORAGE_KEYS.cart(''), STORAGE_KEYS.favourites('')])
      expect(storedSchemaFor(key), key).not.toBeNull();
    expect(storedSchemaFor('constructor')).toBeNull();
    expect(storedSchemaFor('__proto__')).toBeNull();
  });
});

describe('parseStored', () => {
  for (const { key, good, wrongType } of KEYS) {
    describe(key, () => {
      it('reads a good value', () => {
        expect(parseStored(key, good).ok).toBe(true);
      });
      for (const [label, raw] of [
        ['null', NULL],
        ['{}', EMPTY_OBJECT],
        ['invalid JSON', INVALID_JSON],
        ['a wrong type', wrongType],
        ['a hostile string', HOSTILE],
      ] as const) {
        it(`refuses ${label}`, () => {
          const parsed = parseStored(key, raw);
          if (KEPT_AS_TEXT[key]?.includes(raw)) expect(parsed).toEqual({ ok: true, value: raw });
          else if (isCart(key) && isJson(raw)) expect(parsed).toEqual({ ok: true, value: {} });
          else if (key.startsWith('userSettings_') && raw === EMPTY_OBJECT)
            expect(parsed).toEqual({ ok: true, value: {} });
          else expect(parsed).toEqual({ ok: false });
        });
      }
    });
  }

  it('refuses a token with a newline or a "€", which no header can carry', () => {
    expect(parseStored('token', 'eyJh.eyJz.c2ln\n').ok).toBe(false);
    expect(parseStored('token', 'eyJh.eyJz.c2ln€').ok).toBe(false);
  });

  it('refuses rates keyed by __proto__ or constructor, and non-positive rates', () => {
    expect(parseStored('currencyRates', '{"rates":{"__proto__":{"x":1}},"fetchedAt":1}')).toEqual({
      ok: false,
    });
    expect(parseStored('currencyRates', '{"rates":{"constructor":1},"fetchedAt":1}').ok).toBe(
      false,
    );
    expect(parseStored('currencyRates', '{"rates":{"USD":0},"fetchedAt":1}').ok).toBe(false);
  });
});

// The stores' reads, in a browser-like global with a real Storage.

describe('browser stores over corrupted storage', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  for (const raw of [NULL, EMPTY_OBJECT, INVALID_JSON, '{"rates":null}', HOSTILE]) {
    it(`starts on PKR prices (never dollars at rate 1) with currencyRates = ${JSON.stringify(raw)}`, async () => {
      localStorage.setItem('currencyRates', raw);
      localStorage.setItem('selectedCountry', 'United States');
      localStorage.setItem('selectedCurrency', 'USD');
      const { $currency, currentRates } = await import('../../src/stores/currency.ts');
      expect($currency.get()).toEqual({
        code: 'PKR',
        symbol: '₨',
        rate: 1,
        digits: 0,
        wanted: 'USD',
      });
      expect(currentRates()).toEqual({ PKR: 1 });
    });
  }

  it('starts signed out, and calls the session broken, when the token holds a newline', async () => {
    localStorage.setItem('token', 'eyJh.eyJz.c2ln\nX');
    localStorage.setItem('email', 'sana@example.com');
    localStorage.setItem('name', 'Sana');
    const { $session, storedSessionBroken } = await import('../../src/stores/session.ts');
    expect($session.get()).toEqual({ token: '', email: '', name: '' });
    expect(storedSessionBroken()).toBe(true);
  });

  it('calls a session without its e-mail broken, and an empty storage signed out', async () => {
    const { storedSessionBroken } = await import('../../src/stores/session.ts');
    expect(storedSessionBroken()).toBe(false);
    localStorage.setItem('token', 'eyJh.eyJz.c2ln');
    expect(storedSessionBroken()).toBe(true);
  });
});
