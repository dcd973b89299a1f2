// Browser storage with the keys src/lib/storage-keys.ts declares: the shop's (docs/product.md §3)
// in localStorage, the desk's in the tab's sessionStorage. Reads never throw: private modes, quotas
// and hand-edited values fall back to the default. Every read goes through the key's schema
// (src/lib/stored-values.ts): a value that does not match counts as absent.
import {
  persistentAtom,
  setPersistentEngine,
  windowPersistentEvents,
} from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { parseStored } from '../lib/stored-values.ts';

/** The storage keys the shop and the desk use (src/lib/storage-keys.ts). */
export { DESK_KEYS, KEYS } from '../lib/storage-keys.ts';

/** Which storage: the browser's (`local`), or the tab's own (`session`, ends with the tab). */
type Area = 'local' | 'session';

function storage(area: Area = 'local'): Storage | null {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function rawValue(key: string, area?: Area): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function textOf(key: string, raw: string | null): string {
  if (!raw) return '';
  const parsed = parseStored(key, raw);
  return parsed.ok ? String(parsed.value) : '';
}

/** A stored text value, or '' when absent or not what the key holds. */
export function readText(key: string): string {
  return textOf(key, rawValue(key));
}

/** A stored JSON value, or `fallback` when absent, unreadable or not what the key holds. */
export function readJson<T>(key: string, fallback: T): T {
  const raw = rawValue(key);
  if (!raw) return fallback;
  const parsed = parseStored(key, raw);
  return parsed.ok ? (parsed.value as T) : fallback;
}

/** True when a key holds something that its schema refuses (tampered or corrupted). */
export function isUnreadable(key: string): boolean {
  const raw = rawValue(key);
  return raw !== null && raw !== '' && !parseStored(key, raw).ok;
}

function writeTo(area: Area, key: string, value: unknown): void {
  try {
    storage(area)?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage is a convenience here; the page keeps working from memory.
  }
}

function removeFrom(area: Area, keys: string[]): void {
  try {
    for (const key of keys) storage(area)?.removeItem(key);
  } catch {
    // As for writes: nothing to do when storage is unavailable.
  }
}

/** Stores a text or JSON value; failures (quota, private mode) are ignored. */
export function write(key: string, value: unknown): void {
  writeTo('local', key, value);
}

/** Removes stored keys. */
export function remove(...keys: string[]): void {
  removeFrom('local', keys);
}

/**
 * The tab's own storage (sessionStorage), for what must end with the tab, such as the desk's
 * session: read through the same schemas, so a value that does not match counts as absent.
 */
export const tabStorage = {
  /** A stored text value, or '' when absent or not what the key holds. */
  readText: (key: string): string => textOf(key, rawValue(key, 'session')),
  /** Stores a text value; failures are ignored (the page keeps working from memory). */
  write: (key: string, value: string): void => writeTo('session', key, value),
  /** Removes stored keys. */
  remove: (...keys: string[]): void => removeFrom('session', keys),
};

// @nanostores/persistent keeps its stores in this engine: our storage, so reads are parsed and
// writes never throw, and other tabs' changes arrive through the window's `storage` event.
const engine = new Proxy<Record<string, string>>(
  {},
  {
    get: (_, key) => (typeof key === 'string' ? (rawValue(key) ?? undefined) : undefined),
    has: (_, key) => typeof key === 'string' && rawValue(key) !== null,
    set: (_, key, value) => {
      if (typeof key === 'string') write(key, value);
      return true;
    },
    deleteProperty: (_, key) => {
      if (typeof key === 'string') remove(key);
      return true;
    },
  },
);
const hasWindowEvents =
  typeof window !== 'undefined' && typeof window.addEventListener === 'function';
setPersistentEngine(
  engine,
  hasWindowEvents
    ? windowPersistentEvents
    : { addEventListener: () => undefined, removeEventListener: () => undefined },
);

/**
 * A store kept in browser storage under `key`: read through the key's schema (a value that does not
 * match counts as absent, giving `fallback`), written on every set, and updated when another tab
 * writes the key.
 */
export function storedAtom<T>(key: string, fallback: T): WritableAtom<T> {
  return persistentAtom<T>(key, fallback, {
    encode: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
    decode: (raw) => {
      const parsed = parseStored(key, raw);
      return parsed.ok ? (parsed.value as T) : fallback;
    },
  });
}
