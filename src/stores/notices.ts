import { atom } from 'nanostores';
import { wakeIslands } from '../client/wake.ts';
import { NOTIFICATION_MS } from '../lib/ui-constants.ts';

/** One toast: SPEC §4 shows it 7 seconds, sliding from the top at full width. */
export interface Notice {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** The toasts on screen, oldest first. */
export const $notices = atom<Notice[]>([]);

let nextId = 1;

/**
 * Shows a toast for NOTIFICATION_MS (7 s everywhere, resolving the spec's 5 s/7 s mismatch), waking
 * the header island that draws the toasts if the shopper has not touched it yet.
 */
export function notify(text: string, kind: Notice['kind'] = 'info'): number {
  const id = nextId++;
  $notices.set([...$notices.get().slice(-2), { id, kind, text }]);
  wakeIslands();
  setTimeout(() => dismiss(id), NOTIFICATION_MS);
  return id;
}

/** Hides a toast now. */
export function dismiss(id: number): void {
  $notices.set($notices.get().filter((n) => n.id !== id));
}
