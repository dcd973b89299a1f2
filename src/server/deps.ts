import { loadConfig, type Config } from './config.ts';
import { getStore } from './store/index.ts';
import type { Store } from './store/port.ts';

/** What every service needs: the store and the validated configuration. */
export interface Deps {
  store: Store;
  config: Config;
}

/** The process-wide dependencies of a function invocation. */
export async function getDeps(): Promise<Deps> {
  const config = loadConfig();
  return { store: await getStore(), config };
}
