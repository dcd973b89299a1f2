// The signed-in shopper's orders (/yourOrders): fetched when the list is first shown and again when
// the session changes, the cancelled ones the shopper removed from this browser's list, the cancel
// call, and the footer's Track My Order wish (docs/product.md §4).
import { atom, computed, onMount } from 'nanostores';
import { ApiError, api, call, type Order } from '../client/api.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { ROUTES } from '../lib/routes.ts';
import { isCancelReason } from '../lib/orders/moves.ts';
import { addRemovedId, visibleOrders } from '../lib/orders/list.ts';
import { notify } from './notices.ts';
import { $session } from './session.ts';
import { KEYS, readText, remove, storedAtom } from './storage.ts';

interface OrdersState {
  /** The server's list, newest first; null until the first answer. */
  list: Order[] | null;
  /** True when the last fetch failed (the list shown, if any, is older). */
  failed: boolean;
}

const NONE: OrdersState = { list: null, failed: false };

/** The orders as last fetched for the current session. */
export const $orders = atom<OrdersState>(NONE);

/** The ids of cancelled orders the shopper removed from this browser's list (in step across tabs). */
export const $removedOrders = storedAtom<string[]>(KEYS.removedOrders, []);

/** The orders still listed: the server's, minus the ones removed here; null until loaded. */
export const $visibleOrders = computed([$orders, $removedOrders], ({ list }, removed) =>
  list ? visibleOrders(list, removed) : null,
);

/** Fetches the list and keeps it; throws on failure (Track Order tells the shopper). */
export async function fetchOrders(): Promise<Order[]> {
  const { token } = $session.get();
  const { orders } = await api.userOrders(token);
  // An answer for a session that has since ended or changed is dropped.
  if ($session.get().token === token) $orders.set({ list: orders, failed: false });
  return orders;
}

/** Fetches the list; a failure is logged, marks the list failed, and leaves what is shown (docs/product.md §8). */
export function reloadOrders(): Promise<Order[] | null> {
  return fetchOrders().catch((error: unknown) => {
    console.error('Your orders could not be loaded.', error);
    $orders.set({ ...$orders.get(), failed: true });
    return null;
  });
}

onMount($orders, () => {
  let token = '';
  const load = () => {
    if ($session.get().token === token) return;
    token = $session.get().token;
    $orders.set(NONE);
    if (token) void reloadOrders();
  };
  return $session.subscribe(load); // calls load at once, then on every session change
});

/**
 * Removes a cancelled order from the shopper's list for their account, so it stays
 * removed on every device (the desk keeps it). It leaves this browser's list at once; a refused or
 * failed call puts it back and says why. True once the server has it.
 */
export async function removeOrder(id: string): Promise<boolean> {
  $removedOrders.set(addRemovedId($removedOrders.get(), id));
  try {
    const { message } = await call('hideOrder', { orderId: id }, { token: $session.get().token });
    notify(message, 'success');
    return true;
  } catch (error) {
    $removedOrders.set($removedOrders.get().filter((removed) => removed !== id));
    notify(
      (error instanceof ApiError && error.serverMessage) || ORDER_MESSAGES.serverError,
      'error',
    );
    return false;
  }
}

/** Cancels an order with the shopper's reason and says how it went (then reloadOrders shows it). */
export async function cancelOrder(orderId: string, reason: string): Promise<void> {
  if (!isCancelReason(reason)) {
    notify(ORDER_MESSAGES.reasonRequired, 'error');
    return;
  }
  try {
    await api.cancelOrder($session.get().token, orderId, reason);
    notify(ORDER_MESSAGES.cancelled, 'success');
  } catch (error) {
    notify(
      (error instanceof ApiError && error.serverMessage) || ORDER_MESSAGES.cancelFailed,
      'error',
    );
  }
}

/** True when the footer's Track My Order link asked for the Track Order buttons to be highlighted. */
export function trackHighlightWanted(): boolean {
  return readText(KEYS.highlightTrack) !== '';
}

/** Forgets that wish once the highlight has been shown. */
export function clearTrackHighlight(): void {
  remove(KEYS.highlightTrack);
}

/**
 * Buy Again: puts every line of a past order in the cart at its quantity, by the cart's own rules
 * (a line is capped at 100, a full cart refuses, a product or colour no longer sold is said by its
 * toast and left out), then opens the cart when anything was added.
 */
export async function buyAgain(order: Order): Promise<void> {
  const { addItem } = await import('./cart.ts');
  let added = 0;
  for (const item of order.items) {
    const line = {
      itemId: item.productId,
      selectedColor: item.selectedColor,
      imageIndex: item.imageIndex,
      quantity: item.quantity,
    };
    if (await addItem(line)) added++;
  }
  if (added > 0) location.assign(ROUTES.cart);
}
