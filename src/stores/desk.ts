// The desk's session as the shell uses it: sign-in, who the stored token belongs to, sign-out, and
// a message carried from one desk page to the next. The token, the member and the live region's
// message are in ./desk-session.ts.
import type { RequestOf } from '../lib/contract/endpoints.ts';
import { DESK_ANSWERS } from '../lib/desk-messages.ts';
import { deskCall } from '../client/desk-calls.ts';
import { callDesk, messageOf } from './desk-call.ts';
import { DESK_KEYS, tabStorage } from './storage.ts';
import { $deskStaff, $deskToken, endSession, notify, startSession } from './desk-session.ts';

export {
  $deskNotice,
  $deskStaff,
  $deskToken,
  clearNotice,
  endSession,
  enterPlace,
  herePlace,
  notify,
  startSession,
  type DeskNotice,
} from './desk-session.ts';
export { messageOf, notifyFailure } from './desk-call.ts';

/** Keeps a success message for the next desk page this tab opens. */
export function carryNotice(text: string): void {
  tabStorage.write(DESK_KEYS.carriedNotice, text);
}

/** Shows the message a previous desk page carried here, once. */
export function showCarriedNotice(): void {
  const text = tabStorage.readText(DESK_KEYS.carriedNotice);
  tabStorage.remove(DESK_KEYS.carriedNotice);
  if (text) notify('success', text);
}

/** Learns who the stored token belongs to; with no token, the desk is signed out. */
export async function loadSession(): Promise<void> {
  if (!$deskToken.get()) {
    $deskStaff.set(null);
    return;
  }
  try {
    const answer = await callDesk('deskMe', {});
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
  startSession(await deskCall('deskSignIn', body));
}

/** Ends the member's desk sessions on the server, then here. */
export async function signOut(): Promise<void> {
  let message: string = DESK_ANSWERS.signedOut;
  try {
    message = (await callDesk('deskSignOut', {})).message;
  } catch {
    // Ended here anyway; the token expires on its own.
  }
  endSession();
  notify('success', message);
}
