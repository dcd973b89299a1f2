// The desk's session and its one message: the staff token (in the tab's sessionStorage under the
// desk's own key, so it ends with the tab and never mixes with a shopper's `token`), the signed-in
// member, and the message the desk's live region reads out.
import { atom } from 'nanostores';
import type { DeskStaff } from '../lib/contract/desk.ts';
import { DESK_KEYS, tabStorage } from './storage.ts';

/** A message for the live region: `error` is read as an alert, the rest politely. */
export interface DeskNotice {
  kind: 'success' | 'error';
  text: string;
  /** Increases with each notice, so the same text said twice is read twice. */
  id: number;
}

/** The staff token, or null when signed out (a stored value that is not a token counts as none). */
export const $deskToken = atom<string | null>(tabStorage.readText(DESK_KEYS.token) || null);
/** The signed-in member: undefined while not yet known, null when signed out. */
export const $deskStaff = atom<DeskStaff | null | undefined>(undefined);
/** The last message for the live region. */
export const $deskNotice = atom<DeskNotice | null>(null);

let noticeId = 0;
/** Shows (and announces) a message. */
export function notify(kind: DeskNotice['kind'], text: string): void {
  noticeId += 1;
  $deskNotice.set({ kind, text, id: noticeId });
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
