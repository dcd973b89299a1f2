import { ApiError, api, type SessionAnswer } from '../client/api.ts';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import { adoptGuestCart, loadCart, loadServerCart } from './cart.ts';
import { adoptGuestFavourites, loadFavourites } from './favourites.ts';
import { notify } from './notices.ts';
import { $session, clearSession, saveSession, storedSessionBroken } from './session.ts';
import { closeOverlays } from './ui.ts';

/**
 * After a successful login or register: keep the session, fold the guest cart and favourites into
 * the user's, close the drawer and confirm with the server's message.
 */
export async function signIn(answer: SessionAnswer): Promise<void> {
  saveSession({ token: answer.token, email: answer.user.email, name: answer.user.name });
  adoptGuestFavourites(answer.user.email);
  closeOverlays();
  notify(answer.msg || ACCOUNT_MESSAGES.loggedIn, 'success');
  try {
    await adoptGuestCart(answer.token);
  } catch (error) {
    // Keep the guest cart where it is, so nothing is lost; it merges at the next sign-in.
    loadCart(answer.user.email);
    notify(error instanceof Error ? error.message : ACCOUNT_MESSAGES.exception, 'error');
  }
}

/** Forgets the session in this browser: session, cart and favourites in memory and the three keys. */
function endLocalSession(message: string, kind: 'success' | 'error'): void {
  clearSession();
  loadCart('');
  loadFavourites('');
  closeOverlays();
  notify(message, kind);
}

/**
 * The shopper's Sign Out: ends the session on the server too (the token stops working everywhere it
 * was copied), then in this browser at once, without waiting for the answer.
 */
export function signOut(): void {
  const { token } = $session.get();
  if (token) {
    api
      .logout(token)
      .catch((error: unknown) => console.warn('The server did not confirm the sign-out.', error));
  }
  endLocalSession(ACCOUNT_MESSAGES.signedOut, 'success');
}

/** A session the server or the browser can no longer use: signed out here, and the shopper told why. */
export function expireSession(): void {
  endLocalSession(ACCOUNT_MESSAGES.sessionExpired, 'error');
}

/** At page start: restore the shopper's local cart and favourites, then the server cart when signed in. */
export async function startAccount(): Promise<void> {
  if (storedSessionBroken()) return expireSession();
  const { token, email } = $session.get();
  loadCart(email);
  loadFavourites(email);
  if (!token) return;
  try {
    await loadServerCart(token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireSession();
    else if (!(error instanceof ApiError && error.network))
      notify(error instanceof Error ? error.message : ACCOUNT_MESSAGES.exception, 'error');
  }
}
