import { ApiError, type SessionAnswer } from '../client/api.ts';
import { adoptGuestCart, loadCart, loadServerCart } from './cart.ts';
import { adoptGuestFavourites, loadFavourites } from './favourites.ts';
import { notify } from './notices.ts';
import { $session, clearSession, saveSession } from './session.ts';
import { closeOverlays } from './ui.ts';

/** Account messages the browser shows, verbatim from SPEC §4 and §8. */
export const ACCOUNT_TOASTS = {
  loggedIn: 'You are logged in!',
  failed: 'Login/Register failed.',
  exception: 'Something went wrong. Please try again later.',
  signedOut: 'Signed out successfully',
  expired: 'Your session has expired. Please log in again.',
  googleFailed: 'Google sign-in failed',
} as const;

/**
 * After a successful login or register: keep the session, fold the guest cart and favourites into
 * the user's, close the drawer and confirm with the server's message.
 */
export async function signIn(answer: SessionAnswer): Promise<void> {
  saveSession({ token: answer.token, email: answer.user.email, name: answer.user.name });
  adoptGuestFavourites(answer.user.email);
  closeOverlays();
  notify(answer.msg || ACCOUNT_TOASTS.loggedIn, 'success');
  try {
    await adoptGuestCart(answer.token);
  } catch (error) {
    // Keep the guest cart where it is, so nothing is lost; it merges at the next sign-in.
    loadCart(answer.user.email);
    notify(error instanceof Error ? error.message : ACCOUNT_TOASTS.exception, 'error');
  }
}

/** Signs out: clears session, cart and favourites in memory and the three keys. */
export function signOut(message: string = ACCOUNT_TOASTS.signedOut): void {
  clearSession();
  loadCart('');
  loadFavourites('');
  closeOverlays();
  notify(message, message === ACCOUNT_TOASTS.signedOut ? 'success' : 'error');
}

/** At page start: restore the shopper's local cart and favourites, then the server cart when signed in. */
export async function startAccount(): Promise<void> {
  const { token, email } = $session.get();
  loadCart(email);
  loadFavourites(email);
  if (!token) return;
  try {
    await loadServerCart(token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut(ACCOUNT_TOASTS.expired);
    else if (!(error instanceof ApiError && error.network)) notify(error instanceof Error ? error.message : ACCOUNT_TOASTS.exception, 'error');
  }
}
