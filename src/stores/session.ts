import { atom } from 'nanostores';
import { KEYS, readText, remove, write } from './storage.ts';

/** The signed-in shopper; all three empty when signed out (SPEC §4 Session). */
export interface Session {
  token: string;
  email: string;
  name: string;
}

/** The signed-out session, which is also how the static HTML is rendered. */
export const SIGNED_OUT: Session = { token: '', email: '', name: '' };

function readSession(): Session {
  return { token: readText(KEYS.token), email: readText(KEYS.email), name: readText(KEYS.name) };
}

/** The current session, read from browser storage at start. */
export const $session = atom<Session>(typeof window === 'undefined' ? SIGNED_OUT : readSession());

/** True when a token is present. */
export const isSignedIn = (): boolean => $session.get().token !== '';

/** Stores a fresh session under the three keys. */
export function saveSession(session: Session): void {
  write(KEYS.token, session.token);
  write(KEYS.email, session.email);
  write(KEYS.name, session.name);
  $session.set(session);
}

/** Forgets the session in memory and removes the three keys. */
export function clearSession(): void {
  remove(KEYS.token, KEYS.email, KEYS.name);
  $session.set(SIGNED_OUT);
}
