// The desk's order list: the filters (kept while staff open an order and come back), the last
// answer, and the actions that load it and move an order.
import { atom } from 'nanostores';
import type { AnswerOf } from '../lib/contract/endpoints.ts';
import type { DeskOrder, DeskOrdersBody } from '../lib/contract/desk.ts';
import type { OrderStatus } from '../lib/orders/moves.ts';
import type { FinancialState } from '../lib/orders/ledger.ts';
import { ORDER_PAGE, nextOrderLimit } from '../lib/desk-view.ts';
import { refusalProblems, type FieldProblems } from '../lib/desk-fields.ts';
import { ApiError } from '../client/api.ts';
import { deskCall } from '../client/desk-calls.ts';
import type { DeskFile } from '../client/desk-calls.ts';
import type { LabelFormat } from '../lib/contract/desk-couriers.ts';
import { callDesk, endedSession, fetchDeskFile, messageOf, notifyFailure } from './desk-call.ts';
import { herePlace, notify } from './desk-session.ts';

/** The list's filters; empty strings mean "any". */
export interface OrderFilters {
  status: OrderStatus | '';
  payment: FinancialState | '';
  from: string;
  to: string;
  q: string;
  /** `toPack`: the orders waiting to be packed, oldest first; absent: every order, newest first. */
  view?: 'toPack';
}

/** The filters the list shows. */
export const $orderFilters = atom<OrderFilters>({
  status: '',
  payment: '',
  from: '',
  to: '',
  q: '',
});
/** The list's last answer (null before the first). */
export const $orderList = atom<AnswerOf<'deskOrders'> | null>(null);
/**
 * Whether a load of the list is out: the list shown still answers the filters before (a chip just
 * pressed shows pressed at once), so the screen marks it busy until the new answer is in. Only the
 * latest load's answer is shown.
 */
export const $orderListLoading = atom(false);
// Loads started; only the latest one's answer is shown, and its end clears $orderListLoading.
let loads = 0;

/** The request body of a set of filters (only the filters set) and how many orders to list. */
export function ordersBody(filters: OrderFilters, limit: number = ORDER_PAGE): DeskOrdersBody {
  const body: DeskOrdersBody = { limit };
  if (filters.status) body.status = filters.status;
  if (filters.payment) body.payment = filters.payment;
  if (filters.from) body.from = filters.from;
  if (filters.to) body.to = filters.to;
  if (filters.q.trim()) body.q = filters.q.trim();
  if (filters.view) body.view = filters.view;
  return body;
}

// The first page asked for before the session was known: the body it was asked with, its answer,
// and whether that answer is the list shown (set by showEarlyOrders).
let early: {
  body: string;
  answer: Promise<AnswerOf<'deskOrders'> | null>;
  shown: boolean;
} | null = null;

/**
 * Asks for the list's first page while the desk still learns who is signed in, so the list does
 * not wait for that answer first. Its answer serves the list's first load; a refusal (signed out)
 * is dropped here, and that load asks again in the session.
 */
export function prefetchOrders(): void {
  const body = ordersBody($orderFilters.get());
  early = {
    body: JSON.stringify(body),
    answer: deskCall('deskOrders', body).catch(() => null),
    shown: false,
  };
}

/**
 * Shows the early first page as the list once it is in, so the desk's first drawing of the order
 * list already holds its orders. The list's first load then has nothing to do (no second drawing);
 * a refusal shows nothing, and that load asks again.
 */
export async function showEarlyOrders(): Promise<void> {
  const asked = early;
  const answer = await asked?.answer;
  if (!asked || !answer || $orderList.get()) return;
  $orderList.set(answer);
  asked.shown = true;
}

/** The early first page, once, when it was asked for with `body`; null otherwise. */
function takeEarly(body: DeskOrdersBody): NonNullable<typeof early> | null {
  const taken = early;
  early = null;
  return taken && taken.body === JSON.stringify(body) ? taken : null;
}

/**
 * Sets the filters and loads the first page of the list (or `limit` orders); a refusal (bad dates)
 * is shown and the list kept.
 */
export async function loadOrders(
  filters: OrderFilters = $orderFilters.get(),
  limit: number = ORDER_PAGE,
): Promise<void> {
  const place = herePlace();
  $orderFilters.set(filters);
  const body = ordersBody(filters, limit);
  const taken = takeEarly(body);
  // The early first page is already the list shown (the desk's first drawing): nothing to load,
  // and nothing to draw again.
  if (taken?.shown) return;
  const load = ++loads;
  $orderListLoading.set(true);
  try {
    // Without an early answer the call starts at once, in the session of this moment: an answer
    // that comes after staff signed out must not end the session they are in by then.
    const answer = (taken && (await taken.answer)) || (await callDesk('deskOrders', body));
    // An answer to filters since changed again would show orders the filters do not name.
    if (load === loads) $orderList.set(answer);
  } catch (error) {
    notifyFailure(error, place);
  } finally {
    if (load === loads) $orderListLoading.set(false);
  }
}

/** "Show more orders": the same filters, the next page added to the list. */
export function showMoreOrders(): Promise<void> {
  return loadOrders($orderFilters.get(), nextOrderLimit($orderList.get()?.orders.length ?? 0));
}

/** One order by id or short number, or null (the failure is shown). */
export async function loadOrder(order: string): Promise<DeskOrder | null> {
  const place = herePlace();
  try {
    return (await callDesk('deskOrder', { order })).order;
  } catch (error) {
    notifyFailure(error, place);
    return null;
  }
}

/** What a move sends besides the order and the status it leaves. */
export interface MoveDetails {
  courier?: string;
  trackingNumber?: string;
  reason?: string;
}

/**
 * Moves an order from the status the desk showed to `to`. Answers the order as it now is: moved,
 * or, when someone else moved it first (409) or the move was refused, as the server has it now,
 * with the server's message shown and, when it was about one of the move's fields, beside it.
 */
export async function moveOrder(
  order: DeskOrder,
  to: OrderStatus,
  details: MoveDetails = {},
): Promise<{ order: DeskOrder; moved: boolean; problems: FieldProblems }> {
  const place = herePlace();
  const body = { order: order.id, to, from: order.status, ...details };
  try {
    const answer = await callDesk('deskMove', body);
    notify('success', answer.message, place);
    return { order: answer.order, moved: true, problems: {} };
  } catch (error) {
    notifyFailure(error, place);
    const problems = refusalProblems(
      messageOf(error),
      error instanceof ApiError ? error.problems : null,
      Object.keys(details),
    );
    if (endedSession(error)) return { order, moved: false, problems };
    try {
      return {
        order: (await callDesk('deskOrder', { order: order.id })).order,
        moved: false,
        problems,
      };
    } catch {
      return { order, moved: false, problems };
    }
  }
}

/**
 * Confirms a COD order awaiting confirmation for a customer who called. Answers the order as the
 * server now has it (confirmed, or as it stands when it was no longer waiting, the message shown).
 */
export async function confirmByPhone(order: DeskOrder): Promise<DeskOrder> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskConfirmCod', { order: order.id });
    notify('success', answer.message, place);
    return answer.order;
  } catch (error) {
    notifyFailure(error, place);
    if (endedSession(error)) return order;
  }
  try {
    return (await callDesk('deskOrder', { order: order.id })).order;
  } catch {
    return order;
  }
}

/**
 * Books an order in Packing with the owner's courier. Answers the order as the server now has it
 * (booked, or as it was when the courier was down or refused, with the server's message shown).
 */
export async function bookCourier(order: DeskOrder): Promise<DeskOrder> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskBookCourier', { order: order.id });
    notify('success', answer.message, place);
  } catch (error) {
    notifyFailure(error, place);
    if (endedSession(error)) return order;
  }
  try {
    return (await callDesk('deskOrder', { order: order.id })).order;
  } catch {
    return order;
  }
}

/**
 * A booked order's airway bill as a PDF file (with `format`, the label and the packing slip on one
 * A4 sheet or on 4 × 6 labels), or null (the failure is shown).
 */
export async function fetchAirwayBill(
  order: DeskOrder,
  format?: LabelFormat,
): Promise<DeskFile | null> {
  const place = herePlace();
  try {
    return await fetchDeskFile('deskCourierLabel', { order: order.id, ...(format && { format }) });
  } catch (error) {
    notifyFailure(error, place);
    return null;
  }
}

/**
 * "Check tracking now": asks the owner's courier where every open parcel is, as the schedule does,
 * and answers the order as the server now has it (moved, or as it was when the courier was down).
 */
export async function checkTracking(order: DeskOrder): Promise<DeskOrder> {
  const place = herePlace();
  try {
    const answer = await callDesk('deskTrackParcels', {});
    notify('success', answer.message, place);
  } catch (error) {
    notifyFailure(error, place);
    if (endedSession(error)) return order;
  }
  try {
    return (await callDesk('deskOrder', { order: order.id })).order;
  } catch {
    return order;
  }
}
