// What the orders context does for card orders, which only the payments context (the gateway's
// verified webhook, the expiry) decides: announce an order once its card is paid, and cancel one
// whose payment never came. A card order is announced only once paid: until then it is a payment
// page the shopper may abandon, not an order the shop should pack.
import { isPaidInFull, type LedgerOrder } from '../../lib/orders/ledger.ts';
import {
  CARD_DECLINED_NOTE,
  CARD_EXPIRY_REASON,
  CARD_MESSAGES,
  type CardWait,
} from '../../lib/cards.ts';
import { CARD } from '../../lib/payments.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import { WALLET_DECLINED_NOTE } from '../../lib/wallet-api.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict } from '../errors.ts';
import { mailShopper, readSettings } from '../operations/index.ts';
import type { OrderRecord } from '../store/port.ts';
import { statusMail } from './desk-mail.ts';
import { confirmationMail } from './order-mail.ts';
import { alertShop } from './shop-alerts.ts';

/**
 * Whether the order is to be paid online (by card, or by a wallet whose request went to the
 * shopper's phone through its API) and no payment is recorded yet. Online payments are recorded
 * only by their provider, never typed at the desk.
 */
export const isUnpaidCard = (o: LedgerOrder & { paymentMethod: string; card?: unknown }) =>
  (o.paymentMethod === CARD || (isWalletMethod(o.paymentMethod) && o.card !== undefined)) &&
  !isPaidInFull(o);

/**
 * Where an unpaid card order not cancelled stands: 'card declined' once the gateway declined its
 * card (a timeline event the gateway wrote), else 'awaiting card payment'; null for any other order.
 */
export function cardWait(o: OrderRecord): CardWait | null {
  if (o.status === 'Cancelled' || !isUnpaidCard(o)) return null;
  const byGateway = (note: string) =>
    (o.history ?? []).filter((e) => e.note === note && e.by?.id === 'gateway').length;
  // A wallet's request is declined once each request sent (Pay again sends another) was.
  const requests = 1 + (o.card?.earlier?.length ?? 0);
  const declined =
    o.paymentMethod === CARD
      ? byGateway(CARD_DECLINED_NOTE) > 0
      : byGateway(WALLET_DECLINED_NOTE) >= requests;
  return declined ? 'card declined' : 'awaiting card payment';
}

/** Refuses a move an unpaid card order may not make: it is packed only once its card is paid. */
export function checkCardMove(order: OrderRecord, to: OrderStatus): void {
  if (to === 'Packing' && isUnpaidCard(order)) throw conflict(CARD_MESSAGES.unpaidPacking);
}

/**
 * After a card order's payment was recorded: the shopper's order confirmation and the owner's
 * new-order alert saying it was paid by card. The caller calls this once, after the one write
 * that recorded the payment, so each goes out once.
 */
export function announcePaidByCard(
  deps: Deps,
  order: OrderRecord,
  waitUntil?: WaitUntil,
): Promise<void> {
  const confirmation = inBackground(
    'order confirmation',
    async () =>
      mailShopper(
        deps,
        confirmationMail(order, await readSettings(deps)),
        { kind: 'order-confirmation', orderId: order.id },
        waitUntil,
      ),
    waitUntil,
  );
  const alert = alertShop(deps, { kind: 'new-order', order, paidByCard: true }, waitUntil);
  return Promise.all([confirmation, alert]).then(() => undefined);
}

/**
 * Cancels an unpaid card order with the reason "payment not completed" (only while it is Order
 * Placed with no payment, in one conditional write) and mails the shopper. Null when a payment or
 * another move got there first.
 */
export async function cancelUnpaidCardOrder(
  deps: Deps,
  orderId: string,
  now: Date,
  waitUntil?: WaitUntil,
): Promise<OrderRecord | null> {
  const cancelled = await deps.store.orders.cancelUnpaid(orderId, CARD_EXPIRY_REASON, {
    at: now.toISOString(),
    from: 'Order Placed',
    to: 'Cancelled',
    by: null,
    note: CARD_EXPIRY_REASON,
  });
  if (cancelled)
    void mailShopper(
      deps,
      statusMail(cancelled)!,
      { kind: 'order-status', orderId: cancelled.id },
      waitUntil,
    );
  return cancelled;
}
