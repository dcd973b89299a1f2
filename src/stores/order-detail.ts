// One of the signed-in shopper's orders (/yourOrders/order?n=…): its detail as the server answers
// it, "Order not found." for a number that is not theirs, or a failure the page offers to retry.
import { atom } from 'nanostores';
import { ApiError, call } from '../client/api.ts';
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { ORDER_LINK_MESSAGES } from '../lib/orders/link-messages.ts';

/** An order with its timeline and tracking. */
export type OrderDetail = AnswerOf<'userOrder'>;

/** The order page's state: loading (null), the order, a refusal's message, or a failed call. */
export type OrderView = { detail: OrderDetail } | { refused: string } | { failed: true } | null;

/** The order the page shows. */
export const $orderDetail = atom<OrderView>(null);

let newest: object | null = null;

/**
 * Loads order `number` (null when the address names none) with the shopper's token, or, with no
 * token, by a mailed link's `linkKey`; signed in with a link that names another account's order,
 * the link shows it. An answer overtaken by a later load (another session, a retry) is dropped.
 */
export async function loadOrderDetail(
  token: string | null,
  number: string | null,
  linkKey: string | null = null,
): Promise<void> {
  const ticket = {};
  newest = ticket;
  if (!number || (!token && !linkKey)) {
    $orderDetail.set({ refused: token ? ORDER_MESSAGES.notFound : ORDER_LINK_MESSAGES.expired });
    return;
  }
  $orderDetail.set(null);
  let view: OrderView;
  try {
    view = { detail: await readOrder(token, number, linkKey) };
  } catch (error) {
    view =
      error instanceof ApiError && error.status === 404
        ? { refused: token ? ORDER_MESSAGES.notFound : ORDER_LINK_MESSAGES.expired }
        : { failed: true };
  }
  if (newest === ticket) $orderDetail.set(view);
}

/** The order as the shopper's own (token) or as the link shows it; a link tried when not theirs. */
async function readOrder(
  token: string | null,
  number: string,
  linkKey: string | null,
): Promise<OrderDetail> {
  if (!token) return call('linkedOrder', { number, key: linkKey ?? '' });
  try {
    return await call('userOrder', { number }, { token });
  } catch (error) {
    if (!linkKey || !(error instanceof ApiError && error.status === 404)) throw error;
    return call('linkedOrder', { number, key: linkKey });
  }
}

/**
 * Reads order `number` again without showing Loading (the page polls a card order while its
 * payment is confirmed): a failed read leaves what is shown, and a later load wins.
 */
export async function refreshOrderDetail(token: string, number: string): Promise<void> {
  const ticket = {};
  newest = ticket;
  try {
    const detail = await call('userOrder', { number }, { token });
    if (newest === ticket) $orderDetail.set({ detail });
  } catch {
    // The next poll tries again; what is shown stays.
  }
}
