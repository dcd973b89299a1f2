// The desk's session and its one message: the staff token (in the tab's sessionStorage under the
// desk's own key, so it ends with the tab and never mixes with a shopper's `token`), the signed-in
// member, and the message the desk's live region reads out. A message belongs to the screen (and the
// order) it was made on: it goes when staff leave that screen, and an answer that comes after they
// left is not shown on the screen they went to.
import { atom } from 'nanostores';
import type { DeskStaff } from '../lib/contract/desk.ts';
import { DESK_KEYS, tabStorage } from './storage.ts';

/** A message for the live region: `error` is read as an alert, the rest politely. */
export interface DeskNotice {
  kind: 'success' | 'error';
  text: string;
  /** Increases with each notice, so the same text said twice is read twice. */
  id: number;
  /** The desk address (after '#/') of the screen it was made on: 'orders/BC8F652C'. */
  place: string;
}

/** The staff token, or null when signed out (a stored value that is not a token counts as none). */
export const $deskToken = atom<string | null>(tabStorage.readText(DESK_KEYS.token) || null);
/** The signed-in member: undefined while not yet known, null when signed out. */
export const $deskStaff = atom<DeskStaff | null | undefined>(undefined);
/** The last message for the live region. */
export const $deskNotice = atom<DeskNotice | null>(null);
/** The desk address (after '#/') of the screen shown now; '' before the shell has opened one. */
export const $deskPlace = atom<string>('');

/** The screen shown now, for an action to name where its answer belongs before it waits. */
export const herePlace = (): string => $deskPlace.get();

let noticeId = 0;
/**
 * Shows (and announces) a message made on `place` (the screen shown now, unless an action that
 * waited says where it began); a message for a screen staff have left is dropped.
 */
export function notify(kind: DeskNotice['kind'], text: string, place: string = herePlace()): void {
  if (place !== $deskPlace.get()) return;
  noticeId += 1;
  $deskNotice.set({ kind, text, id: noticeId, place });
}

/** The shell opened the screen at `place`: a message made on another screen goes. */
export function enterPlace(place: string): void {
  if (place === $deskPlace.get()) return;
  $deskPlace.set(place);
  if ($deskNotice.get()?.place !== place) $deskNotice.set(null);
}

/** Opens the screen at `place`, keeping the messages made for it from now on. */
export function goToPlace(place: string): void {
  enterPlace(place);
  location.hash = `#/${place}`;
}

/** Clears the message. */
export const clearNotice = (): void => $deskNotice.set(null);

function keepSession(token: string | null, staff: DeskStaff | null): void {
  // Storage refused (private mode): the session lasts as long as the page.
  if (token) tabStorage.write(DESK_KEYS.token, token);
  else tabStorage.remove(DESK_KEYS.token);
  $deskToken.set(token);
  $deskStaff.set(staff);
}

/** Starts a session from a sign-in or enrolment answer. */
export function startSession(answer: { token: string; staff: DeskStaff; message: string }): void {
  keepSession(answer.token, answer.staff);
  notify('success', answer.message);
}

/** Ends the session in this tab (the server's sessions are ended by signOut). */
export function endSession(): void {
  keepSession(null, null);
}
