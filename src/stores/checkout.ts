// Placing an order from /Checkout: the call, what the shopper is told, and the emptied cart.
import { ApiError, api } from '../client/api.ts';
import type { OrderRequest } from '../lib/contract/requests.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { clearCart } from './cart.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';

/**
 * Places the signed-in shopper's order under an idempotency key (a retry of the same order is
 * not placed twice). True once placed (toast said, cart emptied); false when refused (toast says why).
 */
export async function placeOrder(body: OrderRequest, idempotencyKey: string): Promise<boolean> {
  try {
    await api.placeOrder($session.get().token, body, idempotencyKey);
    notify(ORDER_MESSAGES.placed, 'success');
    clearCart();
    return true;
  } catch (error) {
    notify(
      error instanceof ApiError && !error.network ? error.message : ORDER_MESSAGES.serverError,
      'error',
    );
    return false;
  }
}
