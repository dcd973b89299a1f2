// The shopper's order page (one of their orders by its short number, with the
// timeline the desk records and the courier's tracking) and removing an order from their list on
// every device. Only the caller's own orders are ever read: another shopper's number, a guessed one
// or an unknown one all answer the same "Order not found."
import { shortNumber } from '../../lib/desk.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { showsTracking } from '../../lib/orders/page.ts';
import type { ShopperEvent } from '../../lib/contract/order-page.ts';
import type { Order } from '../../lib/contract/responses.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { orderOfLinkKey } from '../operations/index.ts';
import type { OrderRecord, Store } from '../store/port.ts';
import { toOrder } from './orders.ts';
import { parcelTrackingUrl } from './courier-view.ts';
import { canChangeAddress } from '../../lib/orders/address-change.ts';
import { ORDER_LINK_MESSAGES } from '../../lib/orders/link-messages.ts';

/** The message the hide call answers with. */
export const ORDER_HIDDEN = ORDER_MESSAGES.removed;

/** What the shopper sees of an order's changes: placing it, then each move; never who moved it or staff notes. */
export function shopperTimeline(order: OrderRecord): ShopperEvent[] {
  return [
    { at: Date.parse(order.date), status: 'Order Placed', returnStep: null },
    ...(order.history ?? []).map((e) => ({
      at: Date.parse(e.at),
      status: e.to,
      returnStep: e.returnStep ?? null,
      ...(e.change ? { change: e.change } : {}),
    })),
  ];
}

/**
 * The courier, tracking number and the courier's tracking page, shown once the order has left
 * with the courier.
 */
function tracking(order: OrderRecord) {
  const shown = showsTracking(order.status);
  return {
    courier: shown ? (order.shipping?.courier ?? null) : null,
    trackingNumber: shown ? (order.shipping?.trackingNumber ?? null) : null,
    trackingUrl: shown ? parcelTrackingUrl(order) : null,
  };
}

/**
 * What the order page shows of an order; `changeable` says the reader may change its address
 * (its signed-in owner, never a mailed link's reader) and the order still allows it.
 */
export function orderPage(order: OrderRecord, changeable = true) {
  return {
    success: true as const,
    order: toOrder(order),
    timeline: shopperTimeline(order),
    ...tracking(order),
    addressChangeable:
      changeable &&
      canChangeAddress({ status: order.status, booked: order.courierBooking !== undefined }),
  };
}

/**
 * The order a mailed link shows without signing in: its key (./operations/order-link.ts) opens
 * one order, which must be the one the link's number names; a key altered, expired or made by
 * another shop, or a number not its order's, all answer the same 404 "This order link has
 * expired. Log in to see your order."
 */
export async function showLinkedOrder(
  deps: Pick<Deps, 'store' | 'config'>,
  number: string,
  key: string,
): Promise<ReturnType<typeof orderPage>> {
  const orderId = orderOfLinkKey(deps.config, key);
  const wanted = number.replace(/^#/, '').toUpperCase();
  const order =
    orderId && shortNumber(orderId) === wanted ? await deps.store.orders.get(orderId) : null;
  if (!order) throw notFound(ORDER_LINK_MESSAGES.expired);
  return orderPage(order, false);
}

/** One of `userId`'s orders by its short number ('#3a4030a3' or '3A4030A3'), or 404 "Order not found.". */
export async function showUserOrder(
  store: Store,
  userId: string,
  number: string,
): Promise<ReturnType<typeof orderPage>> {
  const wanted = number.replace(/^#/, '').toUpperCase();
  const order = (await store.orders.listByUser(userId)).find((o) => shortNumber(o.id) === wanted);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return orderPage(order);
}

/**
 * `userId`'s order placed under `idempotencyKey`, or 404 "Order not found.": Place Order asks when
 * its answer never came, to tell an order placed from one that never reached the shop.
 */
export async function findUserOrderByKey(
  store: Store,
  userId: string,
  idempotencyKey: string,
): Promise<{ success: true; order: Order }> {
  const order = (await store.orders.listByUser(userId)).find(
    (o) => o.idempotencyKey === idempotencyKey,
  );
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return { success: true, order: toOrder(order) };
}

/** Removes one of `userId`'s orders from their list everywhere; another's or an unknown id is 404. */
export async function hideUserOrder(
  store: Store,
  userId: string,
  orderId: string,
): Promise<{ success: true; message: string }> {
  if (!(await store.orders.hideForOwner(orderId, userId))) throw notFound(ORDER_MESSAGES.notFound);
  return { success: true, message: ORDER_HIDDEN };
}
