import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import type { Store } from './port.ts';

import { StoreUnavailableError } from './port.ts';

export type { Store } from './port.ts';
export { StoreUnavailableError } from './port.ts';

let current: Promise<Store> | null = null;

/**
 * Opens the store the configuration names: MongoDB when MONGODB_URI is set, else SQLite in DATA_DIR.
 * Each adapter is imported only when chosen, so a function on MongoDB never loads node:sqlite.
 */
export async function openStore(
  config: Pick<Config, 'MONGODB_URI' | 'MONGODB_DB' | 'DATA_DIR' | 'production'>,
): Promise<Store> {
  if (config.MONGODB_URI) {
    const { openMongoStore } = await import('./mongo/index.ts');
    return openMongoStore(config.MONGODB_URI, config.MONGODB_DB);
  }
  // loadConfig refuses production without MONGODB_URI; this guards any other caller.
  if (config.production) throw new StoreUnavailableError('MONGODB_URI is required in production');
  const { openSqliteStore } = await import('./sqlite/index.ts');
  return openSqliteStore(path.resolve(config.DATA_DIR));
}

/** The process-wide store, opened on first use from the environment. */
export function getStore(): Promise<Store> {
  if (!current) {
    // A bad configuration throws here, synchronously, on every call: nothing is cached.
    current = openStore(loadConfig());
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

/** Makes `store` the process-wide store (tests: the Mongo adapter over the driver's test double). */
export function provideStore(store: Store): void {
  current = Promise.resolve(store);
}

/** Closes and forgets the process-wide store (tests, CLI). */
export async function closeStore(): Promise<void> {
  const store = current;
  current = null;
  if (store) await (await store).close();
}
