// Browser storage with the keys SPEC §3 names. Reads never throw: private modes, quotas and
// hand-edited values fall back to the default.

/** The storage keys the shop uses. */
export const KEYS = {
  token: 'token',
  email: 'email',
  name: 'name',
  selectedCountry: 'selectedCountry',
  /** The chosen country's currency code, kept beside its name. */
  selectedCurrency: 'selectedCurrency',
  /** { code, symbol, rate } for the layout's paint script, so static prices show converted at once. */
  displayCurrency: 'displayCurrency',
  rates: 'currencyRates',
  highlightTrack: 'highlightAllTrackOrder',
  removedOrders: 'removedCancelledOrders',
  settings: (email: string) => `userSettings_${email}`,
  cart: (email: string) => (email ? `cartItems_${email}` : 'cartItems_guest'),
  favourites: (email: string) => (email ? `favourites_${email}` : 'favourites_guest'),
} as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A stored text value, or '' when absent. */
export function readText(key: string): string {
  return storage()?.getItem(key) ?? '';
}

/** A stored JSON value, or `fallback` when absent or unreadable. */
export function readJson<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores a text or JSON value; failures (quota, private mode) are ignored. */
export function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage is a convenience here; the page keeps working from memory.
  }
}

/** Removes stored keys. */
export function remove(...keys: string[]): void {
  for (const key of keys) storage()?.removeItem(key);
}
