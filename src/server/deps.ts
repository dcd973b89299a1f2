import { loadConfig, type Config } from './config.ts';
import { effectiveConfig } from './connections.ts';
import { getStore } from './store/index.ts';
import { StoreUnavailableError, type Store } from './store/port.ts';

/** What every service needs: the store and the validated configuration. */
export interface Deps {
  store: Store;
  config: Config;
}

/**
 * The process-wide dependencies of a function invocation: the configuration is the environment's
 * with the owner's connections (couriers, WhatsApp, wallets) saved from the desk over it.
 */
export async function getDeps(): Promise<Deps> {
  const config = loadConfig();
  const store = await getStore();
  try {
    return { store, config: await effectiveConfig(store, config) };
  } catch (error) {
    // A store that cannot be read fails the calls that need it, each with its own answer (the
    // health call says so): the environment's connections serve the others meanwhile.
    if (error instanceof StoreUnavailableError) return { store, config };
    throw error;
  }
}
