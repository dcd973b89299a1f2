// The desk's session and messages: the staff token (sessionStorage, its own key, so it ends with the
// tab and never mixes with a shopper's `token`), the signed-in member, and the one message the
// desk's live region reads out. Every call goes through `deskRequest`, which ends the session and
// returns to sign-in when the server answers 401.
import { atom } from 'nanostores';
import type { AnswerOf, RequestOf } from '../lib/contract/endpoints.ts';
import type { DeskStaff } from '../lib/contract/desk.ts';
import { DESK_ANSWERS } from '../lib/messages.ts';
import {
  DeskApiError,
  deskCall,
  deskFile,
  type DeskCall,
  type DeskFile,
  type DeskFileCall,
} from '../client/desk-api.ts';

/** The sessionStorage key of the staff token. */
export const DESK_TOKEN_KEY = 'deskToken';

/** A message for the live region: `error` is read as an alert, the rest politely. */
export interface DeskNotice {
  kind: 'success' | 'error';
  text: string;
  /** Increases with each notice, so the same text said twice is read twice. */
  id: number;
}

function readToken(): string | null {
  try {
    return sessionStorage.getItem(DESK_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The staff token, or null when signed out. */
export const $deskToken = atom<string | null>(typeof window === 'undefined' ? null : readToken());
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

/** The sessionStorage key of a message carried to the next desk page (enrolment → the desk). */
const CARRIED_KEY = 'deskCarriedNotice';

/** Keeps a success message for the next desk page this tab opens. */
export function carryNotice(text: string): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, text);
  } catch {
    // Storage refused: the next page simply shows no message.
  }
}

/** Shows the message a previous desk page carried here, once. */
export function showCarriedNotice(): void {
  try {
    const text = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    if (text) notify('success', text);
  } catch {
    // Nothing carried.
  }
}

/** Clears the message. */
export const clearNotice = (): void => $deskNotice.set(null);

function keepSession(token: string | null, staff: DeskStaff | null): void {
  try {
    if (token) sessionStorage.setItem(DESK_TOKEN_KEY, token);
    else sessionStorage.removeItem(DESK_TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
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

/**
 * Calls the desk with the session's token. A 401 ends the session (the shell then shows sign-in)
 * with the server's message; every failure is rethrown for the screen to show.
 */
export async function deskRequest<N extends DeskCall>(
  name: N,
  body: RequestOf<N>,
): Promise<AnswerOf<N>> {
  const token = $deskToken.get();
  try {
    return await deskCall(name, body, token);
  } catch (error) {
    throw sessionFailure(error, token);
  }
}

/** A failed call's error, after a 401 ended the session it was made with. */
function sessionFailure(error: unknown, token: string | null): unknown {
  // Only the session this call was made with ends: a call still in flight when staff signed out
  // (or in again) must not undo what they did since.
  if (error instanceof DeskApiError && error.status === 401) {
    if (token === $deskToken.get()) {
      endSession();
      notify('error', error.message);
    }
    told.add(error);
  }
  return error;
}

// Failures the desk has already dealt with (a 401 ended the session and said so, or came for a
// session already ended): the screen that made the call says nothing more.
const told = new WeakSet<object>();

/** Shows a failed call's message, unless the session's end already spoke for it. */
export function notifyFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null && told.has(error)) return;
  notify('error', messageOf(error));
}

/** The message of a failed call, as the server worded it. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Learns who the stored token belongs to; with no token, the desk is signed out. */
export async function loadSession(): Promise<void> {
  if (!$deskToken.get()) {
    $deskStaff.set(null);
    return;
  }
  try {
    const answer = await deskRequest('deskMe', {});
    $deskStaff.set(answer.staff);
  } catch (error) {
    if ($deskToken.get()) {
      // Not a 401 (network, 403 for a shopper token): no desk session can be used.
      endSession();
      notify('error', messageOf(error));
    }
  }
}

/** Signs in with e-mail, password and the authenticator's code. */
export async function signIn(body: RequestOf<'deskSignIn'>): Promise<void> {
  startSession(await deskCall('deskSignIn', body, null));
}

/** Ends the member's desk sessions on the server, then here. */
export async function signOut(): Promise<void> {
  let message: string = DESK_ANSWERS.signedOut;
  try {
    message = (await deskRequest('deskSignOut', {})).message;
  } catch {
    // Ended here anyway; the token expires on its own.
  }
  endSession();
  notify('success', message);
}

// File answers.

/** Fetches a desk file (the CSV export) with the session's token; a 401 ends the session. */
export async function deskFileRequest<N extends DeskFileCall>(
  name: N,
  body: RequestOf<N>,
): Promise<DeskFile> {
  const token = $deskToken.get();
  try {
    return await deskFile(name, body, token);
  } catch (error) {
    throw sessionFailure(error, token);
  }
}
