// The shop's settings: read live by mails and the desk (each read goes to the store, so an owner's
// change is in the very next mail), read once per build by pages, changed by the owner from the
// desk or the CLI. Every value is validated with its key's schema on the way in, and again on the
// way out, so a value a hand-edited database broke falls back to its default instead of being mailed.
import {
  SETTING_SCHEMAS,
  SETTINGS_MESSAGES,
  type SettingsSave,
} from '../../lib/contract/settings.ts';
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  type SettingKey,
  type ShopSettings,
} from '../../lib/shop-settings.ts';
import type { StaffRecord, Store, StoredSettings } from '../store/port.ts';
import { actorOf, audit } from './audit.ts';

/** The stored settings with the defaults filled in, and the keys that are still the defaults. */
export function withDefaults(stored: StoredSettings): {
  settings: ShopSettings;
  defaults: SettingKey[];
} {
  const settings = { ...DEFAULT_SETTINGS } as Record<SettingKey, unknown>;
  const defaults: SettingKey[] = [];
  for (const key of SETTING_KEYS) {
    const parsed = stored[key] === undefined ? null : SETTING_SCHEMAS[key].safeParse(stored[key]);
    if (parsed?.success) settings[key] = parsed.data;
    else defaults.push(key);
  }
  return { settings: settings as unknown as ShopSettings, defaults };
}

/**
 * The shop's settings as they stand now (defaults for keys never set). Mails and alerts call this
 * at send time: `readSettings(deps).then((s) => s.ordersEmail)`.
 */
export async function readSettings(deps: { store: Store }): Promise<ShopSettings> {
  return withDefaults(await deps.store.settings.get()).settings;
}

/** The desk's settings answer. */
export async function deskSettings(store: Store) {
  return { success: true as const, ...withDefaults(await store.settings.get()) };
}

/** Who a change made from the operator CLI is recorded as. */
const CLI_ACTOR = { id: 'cli', email: 'the operator (CLI)' };

/**
 * Saves validated settings for the owner (null: the operator CLI) in one atomic write, and writes
 * the audit log with each changed key's value before and after. Values equal to the stored ones
 * change nothing and are not logged.
 */
export async function saveSettings(store: Store, owner: StaffRecord | null, values: SettingsSave) {
  const current = await store.settings.get();
  const changed = Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => JSON.stringify(current[key as SettingKey]) !== JSON.stringify(value),
    ),
  ) as StoredSettings;
  const keys = Object.keys(changed) as SettingKey[];
  if (keys.length === 0)
    return {
      success: true as const,
      message: SETTINGS_MESSAGES.unchanged,
      ...withDefaults(current),
    };
  const { before, after } = await store.settings.save(changed);
  const shown = (s: StoredSettings) =>
    Object.fromEntries(keys.map((k) => [k, s[k] ?? withDefaults({}).settings[k]]));
  await audit(
    store,
    actorOf(owner ?? CLI_ACTOR),
    'settings.save',
    'settings',
    shown(before),
    shown(after),
  );
  return { success: true as const, message: SETTINGS_MESSAGES.saved(keys), ...withDefaults(after) };
}
