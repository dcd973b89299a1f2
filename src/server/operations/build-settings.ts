// The shop's settings as pages see them at build time: read once per build from the store, like
// the catalogue (build-catalogue.ts), and handed to the layout and components through the
// `virtual:shop-settings` module (settings-integration.ts), since only pages may import the server.
import type { ShopSettings } from '../../lib/shop-settings.ts';
import { readSettings } from './settings.ts';
import { getStore } from '../store/index.ts';

let settings: Promise<ShopSettings> | null = null;

/** The settings the pages of this build show (the defaults for any key the owner has not set). */
export function getShopSettings(): Promise<ShopSettings> {
  settings ??= (async () => readSettings({ store: await getStore() }))();
  return settings;
}
