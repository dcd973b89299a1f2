import { atom } from 'nanostores';
import { isUnreadable, KEYS, readText, remove, write } from './storage.ts';

/** The signed-in shopper; all three empty when signed out (docs/product.md §4 Session). */
export interface Session {
  token: string;
  email: string;
  name: string;
}

/** The signed-out session, which is also how the static HTML is rendered. */
export const SIGNED_OUT: Session = { token: '', email: '', name: '' };

const SESSION_KEYS = [KEYS.token, KEYS.email, KEYS.name];

/**
 * True when storage holds a session that cannot be used: a token that cannot travel in a header (a
 * newline, a "€"), a malformed e-mail or name, or a token without its e-mail. Such a session is
 * treated as expired: the shopper is signed out and told so (startAccount).
 */
export function storedSessionBroken(): boolean {
  if (!readText(KEYS.token) && !readText(KEYS.email) && !SESSION_KEYS.some(isUnreadable))
    return false;
  return SESSION_KEYS.some(isUnreadable) || !readText(KEYS.token) || !readText(KEYS.email);
}

function readSession(): Session {
  if (storedSessionBroken()) return SIGNED_OUT;
  return { token: readText(KEYS.token), email: readText(KEYS.email), name: readText(KEYS.name) };
}

/** The current session, read from browser storage at start. */
export const $session = atom<Session>(typeof window === 'undefined' ? SIGNED_OUT : readSession());

/** True when a token is present. */
export const isSignedIn = (): boolean => $session.get().token !== '';

/**
 * Whether the session `token` belongs to is still this browser's: an answer for an ended session
 * (the shopper signed out while it travelled) must not touch what the next shopper sees.
 */
export const sessionIs = (token: string): boolean => $session.get().token === token;

/** Stores a fresh session under the three keys. */
export function saveSession(session: Session): void {
  write(KEYS.token, session.token);
  write(KEYS.email, session.email);
  write(KEYS.name, session.name);
  $session.set(session);
}

/** Forgets the session in memory and removes the three keys. */
export function clearSession(): void {
  remove(...SESSION_KEYS);
  $session.set(SIGNED_OUT);
}
