// The shopper's return or exchange request from /yourOrders: checked with the server's own rules
// first (so the form says what is wrong before sending), then sent; success reloads the orders so
// the request shows with its order.
import { parseRefundAccount } from '../lib/returns/refund-account.ts';
import { ApiError, api } from '../client/api.ts';
import type { RequestOf } from '../lib/contract/endpoints.ts';
import { RETURN_MESSAGES, checkReturnLines } from '../lib/returns/rules.ts';
import { notify } from './notices.ts';
import { $orders, reloadOrders } from './orders.ts';
import { $session } from './session.ts';

/** What the form sends: the order, return or exchange, the reason and the chosen lines. */
export type ReturnRequest = RequestOf<'returnRequest'>;

/** What went wrong in a failed request when the shop did not say. */
export const RETURN_FAILED = 'Your request could not be sent. Please try again.';

/**
 * Sends a request; answers null once it is made (the shopper is told and the list reloaded), or the
 * message to show in the form.
 */
export async function sendReturnRequest(request: ReturnRequest): Promise<string | null> {
  const order = $orders.get().list?.find((o) => o._id === request.orderId);
  const wrong = order ? checkReturnLines(order.items, request.items) : null;
  if (wrong) return wrong;
  if (!request.reason.trim()) return RETURN_MESSAGES.reasonRequired;
  if (request.refundAccount !== undefined) {
    const account = parseRefundAccount(request.refundAccount);
    if ('error' in account) return account.error;
  }
  try {
    const { message } = await api.returnRequest($session.get().token, request);
    notify(message, 'success');
    await reloadOrders();
    return null;
  } catch (error) {
    return (error instanceof ApiError && error.serverMessage) || RETURN_FAILED;
  }
}
