// The invitation page's enrolment: set a password with the invitation's token (the answer holds
// the authenticator key), then confirm with the app's first code, which opens a desk session.
// No session exists yet, so these calls carry the invitation's token in their bodies instead.
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { deskCall } from '../client/desk-calls.ts';
import { act, resourceAtom } from './desk-resource.ts';
import { carryNotice } from './desk.ts';
export { carryingAddress } from './desk.ts';
import { notify, startSession } from './desk-session.ts';

/** The message when the two passwords typed differ. */
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

/** The enrolment once the password is set: the authenticator key and its otpauth link. */
export const $enrolment = resourceAtom<AnswerOf<'deskAcceptInvitation'>>();

/** Sets the password (typed twice); answers whether the invitation accepted it. */
export async function setInvitationPassword(
  token: string,
  password: string,
  repeat: string,
): Promise<boolean> {
  if (password !== repeat) {
    notify('error', PASSWORDS_DIFFER);
    return false;
  }
  const answer = await act($enrolment, () => deskCall('deskAcceptInvitation', { token, password }));
  if (answer) $enrolment.set({ ...$enrolment.get(), data: answer });
  return answer !== null;
}

/**
 * Confirms the authenticator's code: the session starts, and its message is kept for the desk page
 * the caller opens next. Answers whether the session started.
 */
export async function confirmInvitation(token: string, code: string): Promise<boolean> {
  const session = await act($enrolment, () =>
    deskCall('deskConfirmInvitation', { token, code: code.replace(/\s/g, '') }),
  );
  if (!session) return false;
  startSession(session); // says the session's message, as the action did
  carryNotice(session.message);
  return true;
}
