// The COD confirmation page (/order/confirm?n=…&k=…): the order its link names, and the shopper's
// Confirm or Cancel. Only the buttons answer: opening the link (or a preview of it) changes nothing.
import { atom } from 'nanostores';
import { ApiError, call } from '../client/api.ts';
import { notify } from './notices.ts';
import type { AnswerOf } from '../lib/contract/endpoints.ts';
// Not cod-confirmation.ts: the page loads the order page's modules and no others.
import { ORDER_LINK_MESSAGES } from '../lib/orders/link-messages.ts';

/** The order as the page shows it. */
export type CodOrder = AnswerOf<'codConfirmShow'>;

/**
 * The page's state: loading (null), the order (with the message of the last answer, and whether
 * one is being sent), or the message of a link refused or a failed read.
 */
export type CodConfirmView =
  | { order: CodOrder; message: string | null; busy: boolean; refused: boolean }
  | { refused: string }
  | null;

/** What the page shows. */
export const $codConfirm = atom<CodConfirmView>(null);

const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);

/** Reads the order a link names (`number` and `key` as the address has them). */
export async function loadCodConfirmation(number: string | null, key: string | null) {
  if (!number || !key) {
    $codConfirm.set({ refused: ORDER_LINK_MESSAGES.confirmExpired });
    return;
  }
  try {
    const order = await call('codConfirmShow', { number, key });
    $codConfirm.set({ order, message: null, busy: false, refused: false });
  } catch (error) {
    $codConfirm.set({
      refused:
        error instanceof ApiError && error.status === 404
          ? ORDER_LINK_MESSAGES.confirmExpired
          : messageOf(error),
    });
  }
}

/**
 * Sends the shopper's answer; the page then shows the order as it now stands and the server's
 * words, or a refusal is notified.
 */
export async function answerCodConfirmation(key: string, answer: 'confirm' | 'cancel') {
  const view = $codConfirm.get();
  if (!view || !('order' in view) || view.busy) return;
  $codConfirm.set({ ...view, busy: true });
  try {
    const answered = await call('codConfirmAnswer', {
      number: view.order.number,
      key,
      answer,
    });
    $codConfirm.set({
      order: { ...view.order, state: answered.state },
      message: answered.message,
      busy: false,
      refused: false,
    });
  } catch (error) {
    // A refusal (already answered the other way, a link expired meanwhile) or a failed call: said
    // as every other refused action is, and the buttons stay for another try.
    notify(messageOf(error), 'error');
    $codConfirm.set({ ...view, busy: false, refused: true });
  }
}
