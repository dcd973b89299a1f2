// A wallet order's way out after the phone did not approve it: its owner switches it to Cash on
// Delivery from the order page. Only while it is Order Placed with nothing paid, and only once
// every request sent to the phone was declined (a request still waiting could yet be approved).
// The store's one conditional write decides a race with a wallet payment: a payment recorded first
// refuses the switch, and a payment after it is still recorded by the wallet (provider-webhook.ts).
import { CARD_MESSAGES } from '../../lib/cards.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { isPaidInFull } from '../../lib/orders/ledger.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import { WALLET_COD_MESSAGES } from '../../lib/wallet-api.ts';
import type { WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../errors.ts';
import { announcePlaced, askCodConfirmation, cardWait } from '../orders/index.ts';
import { readSettings } from '../operations/index.ts';
import { needsCodConfirmation, waitingConfirmation } from '../../lib/orders/cod-confirmation.ts';
import type { OrderRecord, UserRecord } from '../store/port.ts';

/** Why `order` (the caller's) may not switch to COD now, or null when it may. */
function refusal(order: OrderRecord): string | null {
  if (!isWalletMethod(order.paymentMethod) || !order.card) return WALLET_COD_MESSAGES.notWallet;
  if (isPaidInFull(order) || (order.payments ?? []).length > 0) return CARD_MESSAGES.alreadyPaid;
  if (order.status !== 'Order Placed') return CARD_MESSAGES.cancelled;
  if (cardWait(order) !== 'card declined') return WALLET_COD_MESSAGES.stillWaiting;
  return null;
}

/**
 * Switches the caller's wallet order to Cash on Delivery. The order is then confirmed to the
 * shopper and announced to the shop as a COD order (a wallet order taken through the API was not,
 * as it waited for its payment); under the owner's rule it waits for the shopper's confirmation,
 * as a COD order placed at checkout does.
 */
export async function switchWalletToCod(
  deps: Deps,
  user: UserRecord,
  orderId: string,
  waitUntil?: WaitUntil,
) {
  const order = await deps.store.orders.get(orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_MESSAGES.notFound);
  const refused = refusal(order);
  if (refused) throw conflict(refused);
  // As a COD order placed at checkout: it may wait for its shopper's confirmation from now.
  const now = new Date();
  const rule = (await readSettings(deps)).codConfirmation;
  const waits = needsCodConfirmation(rule, { ...order, paymentMethod: 'COD' });
  const switched = await deps.store.orders.switchToCod(
    order.id,
    order.paymentMethod,
    user.id,
    {
      at: now.toISOString(),
      from: 'Order Placed',
      to: 'Order Placed',
      by: null,
      note: `Switched from ${order.paymentMethod} to Cash on Delivery by the shopper`,
    },
    waits ? waitingConfirmation(rule, now) : undefined,
  );
  if (!switched) {
    // Another write came first (a payment, a cancel): say what it was.
    const now = await deps.store.orders.get(order.id);
    throw conflict((now && refusal(now)) ?? CARD_MESSAGES.alreadyPaid);
  }
  if (switched.codConfirmation) askCodConfirmation(deps, switched, waitUntil);
  else announcePlaced(deps, switched, waitUntil);
  return { success: true as const, message: WALLET_COD_MESSAGES.switched };
}
