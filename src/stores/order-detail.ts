// One of the signed-in shopper's orders (/yourOrders/order?n=…): its detail as the server answers
// it, "Order not found." for a number that is not theirs, or a failure the page offers to retry.
import { atom } from 'nanostores';
import { ApiError, call } from '../client/api.ts';
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';

/** An order with its timeline and tracking. */
export type OrderDetail = AnswerOf<'userOrder'>;

/** The order page's state: loading (null), the order, a refusal's message, or a failed call. */
export type OrderView = { detail: OrderDetail } | { refused: string } | { failed: true } | null;

/** The order the page shows. */
export const $orderDetail = atom<OrderView>(null);

let newest: object | null = null;

/**
 * Loads order `number` (null when the address names none) with the shopper's token. An answer
 * overtaken by a later load (another session, a retry) is dropped.
 */
export async function loadOrderDetail(token: string, number: string | null): Promise<void> {
  const ticket = {};
  newest = ticket;
  if (!number) {
    $orderDetail.set({ refused: ORDER_MESSAGES.notFound });
    return;
  }
  $orderDetail.set(null);
  let view: OrderView;
  try {
    view = { detail: await call('userOrder', { number }, { token }) };
  } catch (error) {
    view =
      error instanceof ApiError && error.status === 404
        ? { refused: ORDER_MESSAGES.notFound }
        : { failed: true };
  }
  if (newest === ticket) $orderDetail.set(view);
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
