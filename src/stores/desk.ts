// The desk's session as the shell uses it: sign-in, who the stored token belongs to, sign-out, and
// a message carried from one desk page to the next. The token, the member and the live region's
// message are in ./desk-session.ts.
import { atom } from 'nanostores';
import type { AnswerOf, RequestOf } from '../lib/contract/endpoints.ts';
import { DESK_ANSWERS } from '../lib/desk-messages.ts';
import { deskCall } from '../client/desk-calls.ts';
import { callDesk, endedSession, messageOf } from './desk-call.ts';
import { DESK_KEYS, tabStorage } from './storage.ts';
import {
  endSession,
  forgetSession,
  hadSession,
  joinSession,
  notify,
  startSession,
} from './desk-session.ts';

export {
  $deskNotice,
  $deskSession,
  $deskStaff,
  clearNotice,
  endSession,
  enterPlace,
  herePlace,
  joinSession,
  notify,
  startSession,
  type DeskNotice,
} from './desk-session.ts';
export { messageOf, notifyFailure } from './desk-call.ts';

/** The query mark of a desk address whose previous page kept a message for it (`carryNotice`). */
const CARRIED = 'carried';

/** Keeps a success message for the next desk page this tab opens, at `carryingAddress`. */
export function carryNotice(text: string): void {
  tabStorage.write(DESK_KEYS.carriedNotice, text);
}

/** `address` marked as the desk page a kept message is for. */
export function carryingAddress(address: string): string {
  const at = address.indexOf('#');
  const before = at < 0 ? address : address.slice(0, at);
  const hash = at < 0 ? '' : address.slice(at);
  return `${before}${before.includes('?') ? '&' : '?'}${CARRIED}${hash}`;
}

/**
 * Shows the message a previous desk page kept for this one, once, when the page's `address` (a
 * full URL) carries the mark; answers the address without it. The tab's storage is read only then:
 * its first read is a synchronous call to the browser, about 15 ms of a slow phone's first load in
 * a CPU-sampled trace.
 */
export function showCarriedNotice(address: string): string {
  const url = new URL(address);
  if (!url.searchParams.has(CARRIED)) return address;
  url.searchParams.delete(CARRIED);
  const text = tabStorage.readText(DESK_KEYS.carriedNotice);
  tabStorage.remove(DESK_KEYS.carriedNotice);
  if (text) notify('success', text);
  return url.href;
}

// The session's answer asked for before the desk's first render (prefetchSession), read once.
let early: Promise<AnswerOf<'deskMe'>> | null = null;

/** The owner's courier that Book uses, as the session's answer named it (null: none connected). */
export const $deskCourier = atom<AnswerOf<'deskMe'>['courier']>(null);

/** Push set up, and the member's devices with alerts, as the session's answer said (null: unknown). */
export const $sessionAlerts = atom<AnswerOf<'deskMe'>['alerts'] | null>(null);

// The session's alerts not yet read by a check of this device (takeSessionAlerts).
let unreadAlerts: AnswerOf<'deskMe'>['alerts'] | null = null;

/**
 * The alerts of the session's answer the first time they are asked for after it came, so the
 * first screen's check of this device asks nothing again; null after that (devices may have
 * changed since: ask the server).
 */
export function takeSessionAlerts(): AnswerOf<'deskMe'>['alerts'] | null {
  const alerts = unreadAlerts;
  unreadAlerts = null;
  return alerts;
}

/**
 * Asks who is signed in as the desk's script starts, before React has drawn anything; the shell's
 * loadSession then reads this answer instead of asking again.
 */
export function prefetchSession(): void {
  early = deskCall('deskMe', {});
  // Read (and its failure handled) by loadSession; this only keeps an early failure from being
  // reported as unhandled before then.
  early.catch(() => undefined);
}

/**
 * Learns whether this browser has a desk session (another tab's sign-in serves this one too). With
 * none, sign-in shows: quietly for a browser that never had one or signed out; with why, for one
 * whose session expired or was ended (Sign Out elsewhere, a removal), or any other failure.
 */
export async function loadSession(): Promise<void> {
  const asked = early;
  early = null;
  try {
    const me = await (asked ?? deskCall('deskMe', {}));
    $deskCourier.set(me.courier);
    $sessionAlerts.set(me.alerts);
    unreadAlerts = me.alerts;
    joinSession(me.staff);
  } catch (error) {
    endSession();
    const quiet =
      endedSession(error) && messageOf(error) === DESK_ANSWERS.signInRequired && !hadSession();
    if (quiet) return;
    forgetSession();
    notify(
      'error',
      messageOf(error) === DESK_ANSWERS.signInRequired
        ? DESK_ANSWERS.sessionEnded
        : messageOf(error),
    );
  }
}

/** Signs in with e-mail, password and the authenticator's code. */
export async function signIn(body: RequestOf<'deskSignIn'>): Promise<void> {
  startSession(await deskCall('deskSignIn', body));
}

/**
 * Ends the member's desk sessions (and every device's alerts) on the server, with their passkeys
 * when `removePasskeys`, then here.
 */
export async function signOut(options: { removePasskeys?: boolean } = {}): Promise<void> {
  let message: string = DESK_ANSWERS.signedOut;
  try {
    message = (await callDesk('deskSignOut', options)).message;
  } catch {
    // Ended here anyway; the token expires on its own.
  }
  endSession();
  forgetSession();
  notify('success', message);
}
