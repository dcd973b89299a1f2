// Paying an unpaid card order (Pay now, on Your Orders and the order's page): a fresh payment page
// at the gateway, where the browser goes next; a refusal is said in a toast.
import { atom } from 'nanostores';
import { ApiError, call } from '../client/api.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';

/** The order whose payment page is being opened, or null. */
export const $openingPayment = atom<string | null>(null);

/**
 * Opens a fresh payment for order `orderId` (a card's page, or a wallet's request to the phone,
 * which carries `walletCnic`) and goes to where it is followed; a refusal is told.
 */
export async function payForOrder(orderId: string, walletCnic?: string): Promise<void> {
  if ($openingPayment.get()) return;
  $openingPayment.set(orderId);
  try {
    const body = walletCnic === undefined ? { orderId } : { orderId, walletCnic };
    const answer = await call('payOrder', body, { token: $session.get().token });
    location.assign(answer.redirectUrl);
  } catch (error) {
    $openingPayment.set(null);
    notify(
      error instanceof ApiError && !error.network ? error.message : ORDER_MESSAGES.serverError,
      'error',
    );
  }
}

/**
 * Switches the caller's declined wallet order `orderId` to Cash on Delivery; the answer's words
 * are told, then `done` (the page reads the order again). A refusal is told.
 */
export async function switchOrderToCod(orderId: string, done: () => void): Promise<void> {
  if ($openingPayment.get()) return;
  $openingPayment.set(orderId);
  try {
    const answer = await call('switchToCod', { orderId }, { token: $session.get().token });
    notify(answer.message, 'success');
    done();
  } catch (error) {
    notify(
      error instanceof ApiError && !error.network ? error.message : ORDER_MESSAGES.serverError,
      'error',
    );
  } finally {
    $openingPayment.set(null);
  }
}
