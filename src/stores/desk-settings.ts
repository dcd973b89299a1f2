// The shop's settings on the desk: everyone on the desk may read them, an owner saves them. A save
// sends only the settings whose fields changed, and the store then holds them as the server saved
// them.
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { SETTINGS_VIEW, settingsSave, type SettingsFields } from '../lib/desk-ops-view.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';
import { notify } from './desk-session.ts';

/** The settings and which of them are still the defaults, as last loaded or saved. */
export const $settings = resourceAtom<AnswerOf<'deskSettings'>>();

/** Loads the settings. */
export const loadSettings = (): Promise<boolean> =>
  load($settings, () => callDesk('deskSettings', {}));

/**
 * Saves the fields that differ from `loaded` (nothing is sent when none does, and the screen is
 * told so); answers whether the server saved them.
 */
export async function saveSettings(
  loaded: SettingsFields,
  fields: SettingsFields,
): Promise<boolean> {
  const body = settingsSave(loaded, fields);
  if (!body) {
    notify('error', SETTINGS_VIEW.noChange);
    return false;
  }
  const saved = await act($settings, () => callDesk('deskSettingsSave', body));
  if (saved) $settings.set({ ...$settings.get(), data: saved });
  return saved !== null;
}
