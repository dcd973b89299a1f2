// The desk's return actions: the returns list (open requests, or all), and a step on the request of
// the order shown, sent with the request's version the desk showed, so that of two staff stepping
// one request the second is told who changed it and sees it as it is now.
import { atom } from 'nanostores';
import type { DeskOrder } from '../lib/contract/desk.ts';
import type { DeskReturn, DeskReturnStepBody } from '../lib/contract/returns.ts';
import type { ReturnState } from '../lib/returns/states.ts';
import { callDesk, endedSession, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';
import { reloadOrder } from './desk-payments.ts';

/** What a step sends besides the order, the step and the version. */
export type StepDetails = Omit<DeskReturnStepBody, 'order' | 'to' | 'version'>;

/** The returns list's last answer (null before the first) and whether it lists only open requests. */
export const $returnList = atom<DeskReturn[] | null>(null);
export const $returnsOpenOnly = atom(true);

/** Loads the open requests (or all); a failure is shown and the list kept. */
export async function loadReturns(openOnly: boolean = $returnsOpenOnly.get()): Promise<void> {
  const place = herePlace();
  $returnsOpenOnly.set(openOnly);
  try {
    const answer = await callDesk('deskReturns', openOnly ? { open: true } : {});
    if ($returnsOpenOnly.get() === openOnly) $returnList.set(answer.returns);
  } catch (error) {
    notifyFailure(error, place);
  }
}

/**
 * Takes step `to` on the request of `order` as the desk showed it. Answers the order as it now
 * is: stepped, or, after a refusal (someone else's step, a missing detail), as the server has it.
 */
export async function stepReturn(
  order: DeskOrder,
  to: ReturnState,
  details: StepDetails = {},
): Promise<{ order: DeskOrder; stepped: boolean }> {
  const place = herePlace();
  const version = order.return?.version;
  try {
    const answer = await callDesk('deskReturnStep', {
      order: order.id,
      to,
      ...(version === undefined ? {} : { version }),
      ...details,
    });
    notify('success', answer.message, place);
    const now = await reloadOrder(order);
    return { order: now === order ? { ...order, return: answer.return } : now, stepped: true };
  } catch (error) {
    notifyFailure(error, place);
    if (endedSession(error)) return { order, stepped: false };
    return { order: await reloadOrder(order), stepped: false };
  }
}
