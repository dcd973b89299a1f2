// Paying an unpaid card order (Pay now, on Your Orders and the order's page): a fresh payment page
// at the gateway, where the browser goes next; a refusal is said in a toast.
import { atom } from 'nanostores';
import { ApiError, call } from '../client/api.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';

/** The order whose payment page is being opened, or null. */
export const $openingPayment = atom<string | null>(null);

/** Opens a fresh card payment for order `orderId` and goes to its page; a refusal is told. */
export async function payForOrder(orderId: string): Promise<void> {
  if ($openingPayment.get()) return;
  $openingPayment.set(orderId);
  try {
    const answer = await call('payOrder', { orderId }, { token: $session.get().token });
    location.assign(answer.redirectUrl);
  } catch (error) {
    $openingPayment.set(null);
    notify(
      error instanceof ApiError && !error.network ? error.message : ORDER_MESSAGES.serverError,
      'error',
    );
  }
}
