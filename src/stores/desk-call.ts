// The desk stores' one way to the API: every call carries the session's cookie (the browser sends
// it; no script holds the token), and a 401 ends the session it was made in (the shell then shows sign-in, and the live region says why). Only
// stores import this module (shop/layers refuses it to islands): a screen calls its store's actions.
import type { AnswerOf, DeskCall, RequestOf } from '../lib/contract/endpoints.ts';
import { ApiError } from '../client/api.ts';
import { deskCall, deskFile, type DeskFile, type DeskFileCall } from '../client/desk-calls.ts';
import { $deskSession, endSession, notify } from './desk-session.ts';

/** Runs a call in the tab's session; a 401 ends that session. Throws the call's ApiError. */
export async function withSession<T>(send: () => Promise<T>): Promise<T> {
  const session = $deskSession.get();
  try {
    return await send();
  } catch (error) {
    throw sessionFailure(error, session);
  }
}

/** Sends desk call `name` in the tab's session; a 401 ends that session. */
export const callDesk = <N extends DeskCall>(name: N, body: RequestOf<N>): Promise<AnswerOf<N>> =>
  withSession(() => deskCall(name, body));

/** Fetches a desk file (the CSV export) in the tab's session; a 401 ends that session. */
export const fetchDeskFile = <N extends DeskFileCall>(
  name: N,
  body: RequestOf<N>,
): Promise<DeskFile> => withSession(() => deskFile(name, body));

/** True for a failure that ended (or came after the end of) the session it was made in. */
export const endedSession = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/** A failed call's error, after a 401 ended the session it was made with. */
function sessionFailure(error: unknown, session: number | null): unknown {
  // Only the session this call was made in ends: a call still in flight when staff signed out
  // (or in again) must not undo what they did since.
  if (endedSession(error)) {
    if (session === $deskSession.get()) {
      endSession();
      notify('error', messageOf(error));
    }
    told.add(error as object);
  }
  return error;
}

// Failures the desk has already dealt with (a 401 ended the session and said so, or came for a
// session already ended): the store that made the call says nothing more.
const told = new WeakSet<object>();

/**
 * Shows a failed call's message on the screen it was made on (`place`, when the call waited), unless
 * the session's end already spoke for it.
 */
export function notifyFailure(error: unknown, place?: string): void {
  if (typeof error === 'object' && error !== null && told.has(error)) return;
  notify('error', messageOf(error), place);
}

/** The message of a failed call, as the server worded it. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
