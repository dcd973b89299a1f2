// The desk's session and its one message: which session this tab is in (the session itself is the
// browser's HttpOnly cookie, shared by every tab and read by no script), the signed-in member, and
// the message the desk's live region reads out. A message belongs to the screen (and the
// order) it was made on: it goes when staff leave that screen, and an answer that comes after they
// left is not shown on the screen they went to.
import { atom } from 'nanostores';
import type { DeskStaff } from '../lib/contract/desk.ts';
import { DESK_KEYS, readText, remove, write } from './storage.ts';

/** A message for the live region: `error` is read as an alert, the rest politely. */
export interface DeskNotice {
  kind: 'success' | 'error';
  text: string;
  /** Increases with each notice, so the same text said twice is read twice. */
  id: number;
  /** The desk address (after '#/') of the screen it was made on: 'orders/BC8F652C'. */
  place: string;
}

/**
 * The session this tab is in: a number that changes with every sign-in, or null when signed out.
 * A call's 401 ends the session only if it is still the one the call was made in.
 */
export const $deskSession = atom<number | null>(null);
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

let sessions = 0;
function keepSession(staff: DeskStaff | null): void {
  sessions += 1;
  $deskSession.set(staff ? sessions : null);
  $deskStaff.set(staff);
}

/** Starts a session from a sign-in or enrolment answer (the cookie came with it). */
export function startSession(answer: { staff: DeskStaff; message: string }): void {
  keepSession(answer.staff);
  // Remembered browser-wide, so a tab that later finds no session can say it ended.
  write(DESK_KEYS.signedIn, 'true');
  notify('success', answer.message);
}

/** Joins the session the browser already has (another tab's sign-in), quietly. */
export function joinSession(staff: DeskStaff): void {
  keepSession(staff);
}

/** Ends the session in this tab (the server's sessions are ended by signOut). */
export function endSession(): void {
  keepSession(null);
}

/** Whether this browser had a desk session it has not signed out of (it may have expired since). */
export const hadSession = (): boolean => readText(DESK_KEYS.signedIn) === 'true';

/** Forgets that this browser had a session (Sign Out, or its end was said). */
export const forgetSession = (): void => remove(DESK_KEYS.signedIn);
