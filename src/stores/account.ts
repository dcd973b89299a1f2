import { ApiError, api, type SessionAnswer } from '../client/api.ts';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import { adoptGuestCart, guestCart, loadCart, loadServerCart } from './cart.ts';
import { adoptGuestFavourites, loadFavourites } from './favourites.ts';
import { notify } from './notices.ts';
import { $session, clearSession, saveSession, sessionIs, storedSessionBroken } from './session.ts';
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
    // Signed out meanwhile: the guest's cart is showing, and the failure is no longer theirs.
    if (!sessionIs(answer.token)) return;
    // Keep the guest cart where it is, so nothing is lost; it merges at the next sign-in.
    loadCart(answer.user.email);
    notify(error instanceof Error ? error.message : ACCOUNT_MESSAGES.exception, 'error');
  }
}

/** The form's message for a failed call: the server's, else `refused`; `unreachable` when offline. */
function failureOf(error: unknown, refused: string, unreachable: string): string {
  return error instanceof ApiError && !error.network
    ? (error.serverMessage ?? refused)
    : unreachable;
}

/** Signs in with a login or register call; null on success, else the form's message (docs/product.md §8). */
async function authenticateWith(call: () => Promise<SessionAnswer>): Promise<string | null> {
  try {
    await signIn(await call());
    return null;
  } catch (error) {
    return failureOf(error, ACCOUNT_MESSAGES.loginFailed, ACCOUNT_MESSAGES.exception);
  }
}

/** Logs in with e-mail and password; null on success, else the message the form shows. */
export function logIn(fields: { email: string; password: string }): Promise<string | null> {
  return authenticateWith(() => api.login(fields));
}

/** Creates an account and signs in; null on success, else the message the form shows. */
export function register(fields: {
  name: string;
  email: string;
  password: string;
}): Promise<string | null> {
  return authenticateWith(() => api.register(fields));
}

/** Signs in with a Google credential; a failure is told in a toast. */
export async function signInWithGoogle(credential: string | undefined): Promise<void> {
  if (!credential) {
    notify(ACCOUNT_MESSAGES.googleFailed, 'error');
    return;
  }
  try {
    await signIn(await api.googleLogin(credential));
  } catch (error) {
    console.error('Google login call failed', error);
    notify(ACCOUNT_MESSAGES.googleFailed, 'error');
  }
}

/** Asks for a reset code by e-mail; null once sent (with a toast), else the message the form shows. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  try {
    const answer = await api.requestReset(email);
    notify(answer.msg || ACCOUNT_MESSAGES.otpSent, 'success');
    return null;
  } catch (error) {
    return failureOf(error, ACCOUNT_MESSAGES.otpSendError, ACCOUNT_MESSAGES.otpSendFailed);
  }
}

/** Sets a new password with the code; null once done (with a toast), else the message the form shows. */
export async function resetPassword(fields: {
  email: string;
  otp: string;
  newPassword: string;
}): Promise<string | null> {
  try {
    await api.resetPassword(fields);
    notify(ACCOUNT_MESSAGES.passwordUpdated, 'success');
    return null;
  } catch (error) {
    return failureOf(error, ACCOUNT_MESSAGES.resetError, ACCOUNT_MESSAGES.resetFailed);
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

let started: Promise<void> | null = null;

/**
 * At page start: restore the shopper's local cart and favourites, then the server cart when signed
 * in. Once per page, whoever asks first (the header, or /Cart and /Checkout, which start it without
 * waking the header).
 */
export function startAccount(): Promise<void> {
  started ??= restoreAccount();
  return started;
}

async function restoreAccount(): Promise<void> {
  if (storedSessionBroken()) return expireSession();
  const { token, email } = $session.get();
  loadCart(email);
  loadFavourites(email);
  if (!token) return;
  try {
    // A guest cart still here with a session: the sign-in's merge was cut short (the shopper left
    // the page while it travelled, as a slow phone lets them) or failed. Merging again is harmless
    // (the guest's line wins, so nothing doubles), and the guest's lines are never dropped.
    if (Object.keys(guestCart()).length > 0) await adoptGuestCart(token);
    else await loadServerCart(token);
  } catch (error) {
    if (!sessionIs(token)) return;
    if (error instanceof ApiError && error.status === 401) expireSession();
    else if (!(error instanceof ApiError && error.network))
      notify(error instanceof Error ? error.message : ACCOUNT_MESSAGES.exception, 'error');
  }
}
