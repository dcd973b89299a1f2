// The desk's payment action: records a payment received on the order shown and answers the order
// as it now is (paid, or with what is still due). A refusal shows the server's words and answers
// the order as the server has it now, so a payment someone else recorded first is seen at once.
import type { DeskOrder } from '../lib/contract/desk.ts';
import type { PaymentBody, RefundBody } from '../lib/contract/payments.ts';
import { refusalProblems, type FieldProblems } from '../lib/desk-fields.ts';
import { ApiError } from '../client/api.ts';
import { callDesk, endedSession, messageOf, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';

/** What the payment form sends besides the order. */
export type PaymentDetails = Omit<PaymentBody, 'order'>;

/** The order as the server has it now, or `order` when it cannot be read. */
export async function reloadOrder(order: DeskOrder): Promise<DeskOrder> {
  try {
    return (await callDesk('deskOrder', { order: order.id })).order;
  } catch {
    return order;
  }
}

/**
 * Records a payment on `order`; answers the order after it (or as it now is, after a refusal, with
 * the refusal beside the field it is about).
 */
export async function recordPayment(
  order: DeskOrder,
  details: PaymentDetails,
): Promise<{ order: DeskOrder; recorded: boolean; problems: FieldProblems }> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskPayment', { order: order.id, ...details });
    notify('success', answer.message, place);
    return { order: answer.order, recorded: true, problems: {} };
  } catch (error) {
    notifyFailure(error, place);
    const problems = refusalProblems(
      messageOf(error),
      error instanceof ApiError ? error.problems : null,
      ['amount', 'reference', 'method'],
    );
    if (endedSession(error)) return { order, recorded: false, problems };
    return { order: await reloadOrder(order), recorded: false, problems };
  }
}

/** What the refund form sends besides the order. */
export type RefundDetails = Omit<RefundBody, 'order'>;

/** Records a refund sent on `order`; answers the order after it (or as it now is, after a refusal). */
export async function recordRefund(
  order: DeskOrder,
  details: RefundDetails,
): Promise<{ order: DeskOrder; recorded: boolean }> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskRefund', { order: order.id, ...details });
    notify('success', answer.message, place);
    return { order: answer.order, recorded: true };
  } catch (error) {
    notifyFailure(error, place);
    if (endedSession(error)) return { order, recorded: false };
    return { order: await reloadOrder(order), recorded: false };
  }
}
