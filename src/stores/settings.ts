// The shopper's settings (/mySetting), kept only in this browser under `userSettings_{email}`
// (docs/product.md §3): read for whoever is signed in, saved on Save.
import { atom, onMount } from 'nanostores';
import { toSettings, type UserSettings } from '../lib/user-settings.ts';
import { $session } from './session.ts';
import { KEYS, readJson, write } from './storage.ts';

/** The signed-in shopper's settings (name and e-mail from the session until saved); null signed out. */
export const $settings = atom<UserSettings | null>(null);

onMount($settings, () =>
  // Called at once, then whenever the shopper signs in or out.
  $session.subscribe((session) =>
    $settings.set(
      session.token ? toSettings(readJson(KEYS.settings(session.email), null), session) : null,
    ),
  ),
);

/** Saves the signed-in shopper's settings and shows them at once. */
export function saveSettings(next: UserSettings): void {
  write(KEYS.settings($session.get().email), next);
  $settings.set(next);
}
