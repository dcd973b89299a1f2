import { atom, computed } from 'nanostores';
import { ApiError, api } from '../client/api.ts';
import {
  addToCart,
  cartCount,
  isCartFull,
  lineCapNotice,
  mergeCarts,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartKey,
  type CartMap,
} from '../lib/cart.ts';
import { CART_MESSAGES } from '../lib/messages.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';
import { KEYS, readJson, remove, write } from './storage.ts';

/** The cart map of the current shopper (per e-mail, or the guest key), read from storage at start. */
export const $cart = atom<CartMap>(
  typeof window === 'undefined' ? {} : sanitizeCart(readJson(KEYS.cart($session.get().email), {})),
);
/** Number of items, for the header badge and View My Cart. */
export const $cartCount = computed($cart, cartCount);

/**
 * Keeps every cart badge of the page ([data-cart-count]) at the cart's count. The first-paint
 * script fills the header's badge from storage, but the header island only hydrates when the
 * shopper touches it: without this, an order placed from /Checkout would leave the old count
 * showing behind the thank-you dialog.
 */
export function syncCartBadges(doc: Pick<Document, 'querySelectorAll'>): () => void {
  return $cartCount.subscribe((count) => {
    for (const badge of doc.querySelectorAll('[data-cart-count]'))
      if (badge.textContent !== String(count)) badge.textContent = String(count);
  });
}

if (typeof document !== 'undefined') syncCartBadges(document);

function persist(cart: CartMap): void {
  $cart.set(cart);
  write(KEYS.cart($session.get().email), cart);
}

/** Loads the locally kept cart of a user ('' for a guest). */
export function loadCart(email: string): void {
  $cart.set(sanitizeCart(readJson(KEYS.cart(email), {})));
}

/** Applies a change at once, sends it when signed in, and rolls back with a toast on failure. */
async function change(
  next: CartMap,
  send: (token: string) => Promise<unknown>,
  failure: (error: unknown) => string,
): Promise<boolean> {
  const before = $cart.get();
  persist(next);
  const { token } = $session.get();
  if (!token) return true;
  try {
    await send(token);
    return true;
  } catch (error) {
    persist(before);
    notify(failure(error), 'error');
    return false;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Adds a quantity to a line (capped at 100); a new line in a full cart is refused with a toast. */
export function addItem(line: CartKey & { quantity: number }): Promise<boolean> {
  if (isCartFull($cart.get(), line)) {
    notify(CART_MESSAGES.full, 'error');
    return Promise.resolve(false);
  }
  const capped = lineCapNotice($cart.get(), line);
  if (capped) notify(capped, 'info');
  return change(addToCart($cart.get(), line), (token) => api.cartAdd(token, line), messageOf);
}

/** Sets a line's quantity (1–100). */
export function updateItem(line: CartKey & { quantity: number }): Promise<boolean> {
  return change(
    setCartQuantity($cart.get(), line),
    (token) => api.cartUpdate(token, line),
    () => CART_MESSAGES.updateFailed,
  );
}

/** Removes a line and its empty parents. */
export function removeItem(line: CartKey): Promise<boolean> {
  return change(
    removeFromCart($cart.get(), line),
    (token) => api.cartRemove(token, line),
    (error) =>
      error instanceof ApiError && error.network
        ? CART_MESSAGES.removeNetwork
        : (error instanceof ApiError && error.serverMessage) || CART_MESSAGES.removeFailed,
  );
}

/** Empties the cart locally (after an order; the server clears its copy itself). */
export function clearCart(): void {
  persist({});
}

/** The guest cart kept in this browser ({} when none). */
export function guestCart(): CartMap {
  return sanitizeCart(readJson(KEYS.cart(''), {}));
}

/** Replaces the local cart with the server's (at start, when a token is stored). */
export async function loadServerCart(token: string): Promise<void> {
  const { cartData } = await api.cartGet(token);
  persist(sanitizeCart(cartData));
}

/**
 * At sign-in: the guest cart is folded into the user's server cart per line (the guest's line wins
 * for the same product, colour and picture; see mergeCarts), stored on the server in one call, and
 * the guest copy is deleted.
 */
export async function adoptGuestCart(token: string): Promise<void> {
  const guest = guestCart();
  // Shown at once, so the badge and the lines never drop to the account's cart while the merge travels.
  if (Object.keys(guest).length > 0) $cart.set(mergeCarts($cart.get(), guest));
  const { cartData } = await api.cartGet(token);
  const merged = mergeCarts(sanitizeCart(cartData), guest);
  const stored =
    Object.keys(guest).length > 0 ? (await api.cartMerge(token, merged)).cartData : merged;
  remove(KEYS.cart(''));
  persist(sanitizeCart(stored));
}
