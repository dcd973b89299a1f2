// Shopper mails that failed, newest first: those still waiting (or all, sent ones too), and a
// resend, whose answer the server words. The list is reloaded after each resend.
import { atom } from 'nanostores';
import type { DeskMailFailure } from '../lib/contract/desk-ops.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';

/** How many failures the screen lists. */
const MAIL_LIMIT = 200;

/** The failed mails, as last loaded. */
export const $mailFailures = resourceAtom<DeskMailFailure[]>();
/** Whether the list holds sent mails too. */
export const $mailShowsAll = atom(false);

/** Loads the waiting failures, or all of them. */
export function loadMailFailures(all: boolean = $mailShowsAll.get()): Promise<boolean> {
  $mailShowsAll.set(all);
  return load(
    $mailFailures,
    async () => (await callDesk('deskMailFailures', { all, limit: MAIL_LIMIT })).failures,
  );
}

/** Sends a failed mail again; answers whether it went. */
export async function resendMail(id: string): Promise<boolean> {
  const done = await act($mailFailures, () => callDesk('deskMailResend', { id }));
  await loadMailFailures();
  return done !== null;
}
