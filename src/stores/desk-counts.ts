// What needs the desk's action (orders to pack, return requests to decide), as the phone's bottom
// bar shows it beside its entries: reloaded whenever staff open a screen.
import { atom } from 'nanostores';
import type { ActionCounts } from '../lib/desk-nav.ts';
import { callDesk } from './desk-call.ts';

/** The last counts loaded; null before the first. */
export const $deskCounts = atom<ActionCounts | null>(null);

let loads = 0;
/** Loads the counts; a failure keeps the last ones (a count is no reason to interrupt staff). */
export async function loadCounts(): Promise<void> {
  const ticket = ++loads;
  try {
    const { ordersToPack, returnsToDecide } = await callDesk('deskCounts', {});
    // An answer overtaken by a later load is older than the one that will follow it.
    if (ticket === loads) $deskCounts.set({ ordersToPack, returnsToDecide });
  } catch {
    // Kept: a 401 has already ended the session and said so.
  }
}
