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
import { $session, sessionIs } from './session.ts';
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

/** One change of the cart, as a rule on any cart (replayed on the server's cart after a sync). */
type Edit = (cart: CartMap) => CartMap;

/**
 * A sync of the whole cart with the server under way (the server cart read at page start, or the
 * guest cart merged at sign-in): the edits made meanwhile, replayed on its answer, and its end.
 */
let syncing: { edits: Edit[]; done: Promise<void> } | null = null;
/** Changes on their way to the server: a sync reads the server's cart only once they are there. */
const sending = new Set<Promise<unknown>>();

/**
 * Applies a change at once and sends it when signed in. A failed send rolls back with a toast; when
 * a sync came in between, the cart is read from the server again rather than rolled back to a
 * state the sync has replaced. A change made while a sync travels is sent once the sync is done
 * (a merge stores the whole cart, and would drop a line added on the server meanwhile) and is
 * replayed on the sync's answer, so an Add To Cart tapped while the page starts is never lost.
 */
async function change(
  edit: Edit,
  send: (token: string) => Promise<unknown>,
  failure: (error: unknown) => string,
): Promise<boolean> {
  const before = $cart.get();
  persist(edit(before));
  const { token } = $session.get();
  if (!token) return true;
  const during = syncing;
  if (during) {
    during.edits.push(edit);
    await during.done.catch(() => undefined);
  }
  const sent = send(token);
  sending.add(sent);
  try {
    await sent;
    return true;
  } catch (error) {
    // Signed out meanwhile: the cart shown is the guest's now, and the account's is not theirs.
    if (!sessionIs(token)) return false;
    if (during) void loadServerCart(token).catch(() => undefined);
    else persist(before);
    notify(failure(error), 'error');
    return false;
  } finally {
    sending.delete(sent);
  }
}

/**
 * Runs one sync of the whole cart of the session `token` belongs to: waits for changes already
 * sent, then takes `read`'s cart as the cart, with the edits made meanwhile replayed on it. Syncs
 * run one at a time. An answer that comes after that session has ended is dropped: the account's
 * cart never lands in the guest's (a shared phone, a sign-out while the page starts).
 */
async function syncCart(token: string, read: () => Promise<CartMap>): Promise<void> {
  while (syncing) await syncing.done.catch(() => undefined);
  let end!: () => void;
  const current: { edits: Edit[]; done: Promise<void> } = {
    edits: [],
    done: new Promise<void>((resolve) => (end = resolve)),
  };
  syncing = current;
  try {
    await Promise.allSettled([...sending]);
    let cart = sanitizeCart(await read());
    for (const edit of current.edits) cart = edit(cart);
    if (sessionIs(token)) persist(cart);
  } finally {
    syncing = null;
    end();
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
  return change(
    (cart) => addToCart(cart, line),
    (token) => api.cartAdd(token, line),
    messageOf,
  );
}

/** Sets a line's quantity (1–100). */
export function updateItem(line: CartKey & { quantity: number }): Promise<boolean> {
  return change(
    (cart) => setCartQuantity(cart, line),
    (token) => api.cartUpdate(token, line),
    () => CART_MESSAGES.updateFailed,
  );
}

/** Removes a line and its empty parents. */
export function removeItem(line: CartKey): Promise<boolean> {
  return change(
    (cart) => removeFromCart(cart, line),
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
export function loadServerCart(token: string): Promise<void> {
  return syncCart(token, async () => (await api.cartGet(token)).cartData);
}

/**
 * At sign-in: the guest cart is folded into the user's server cart per line (the guest's line wins
 * for the same product, colour and picture; see mergeCarts), stored on the server in one call, and
 * the guest copy is deleted (kept when the shopper signed out meanwhile).
 */
export async function adoptGuestCart(token: string): Promise<void> {
  const guest = guestCart();
  const hasGuest = Object.keys(guest).length > 0;
  // Shown at once, so the badge and the lines never drop to the account's cart while the merge travels.
  if (hasGuest) $cart.set(mergeCarts($cart.get(), guest));
  await syncCart(token, async () => {
    const { cartData } = await api.cartGet(token);
    const merged = mergeCarts(sanitizeCart(cartData), guest);
    // Signed out while the account's cart travelled: nothing is merged, and the guest keeps their
    // copy (it merges at the next sign-in).
    if (!sessionIs(token)) return merged;
    const stored = hasGuest ? (await api.cartMerge(token, merged)).cartData : merged;
    remove(KEYS.cart(''));
    return stored;
  });
}
