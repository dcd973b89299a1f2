// Refunds to a card: through the gateway's refund call, then one refund entry on the order's
// ledger. Staff send one from the desk (Record refund, by Card), and a paid card order the shopper
// cancels is refunded to the card at once. The amount is in the order's currency; the gateway is
// asked for the same share of what it charged (its own currency's minor units, the whole charge
// when everything still held goes back), so a card charged in rupees for a yen order gets back
// exactly the rupees it paid.
import { CARD } from '../../lib/payments.ts';
import { toMinorUnits } from '../../lib/money.ts';
import {
  financialState,
  fromMinor,
  isRefund,
  ledgerSums,
  type LedgerActor,
} from '../../lib/orders/ledger.ts';
import { formatMoney } from '../../lib/money.ts';
import { shortNumber } from '../../lib/desk.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { alertOperator } from '../operations/index.ts';
import { conflict, unavailable } from '../errors.ts';
import { ledgerEntry } from '../orders/index.ts';
import type { OrderRecord, Store } from '../store/port.ts';
import type { Config } from '../config.ts';
import { GatewayError } from './gateway/port.ts';
import { cardGateway } from './card-payments.ts';

/** What staff are told about a card refund, word for word. */
export const CARD_REFUND_MESSAGES = {
  notPaidByCard: 'This order was not paid by card, so nothing can go back to a card.',
  gatewayDown:
    'The card gateway did not answer, so nothing was refunded. Please try again in a few minutes.',
  refused: (why: string) => `The card gateway refused the refund: ${why}`,
} as const;

/** The card payment on the order's ledger, or null. */
const cardPaymentOf = (order: OrderRecord) =>
  (order.payments ?? []).find((e) => !isRefund(e) && e.method === CARD && e.reference) ?? null;

/** The share of the gateway's charge that `amountMinor` (of the order's currency) is. */
function chargeShare(order: OrderRecord, amountMinor: number): number {
  const card = order.card!;
  const { heldMinor, totalMinor } = ledgerSums(order);
  if (card.chargeCurrency === order.currency) return amountMinor;
  // All that is held goes back: the whole charge less what earlier refunds returned.
  const refundedCharge = Math.round((card.chargeMinor * (totalMinor - heldMinor)) / totalMinor);
  if (amountMinor === heldMinor) return card.chargeMinor - refundedCharge;
  return Math.round((card.chargeMinor * amountMinor) / totalMinor);
}

/**
 * Refunds `amount` (in the order's currency; the caller has checked it against what is held) to
 * the card that paid the order, then writes the refund on the ledger. Throws a conflict when the
 * order was not paid by card, a 503 when the gateway cannot be reached.
 */
export async function refundToCard(
  store: Store,
  config: Config,
  order: OrderRecord,
  amount: number,
  by: LedgerActor,
): Promise<OrderRecord> {
  const paid = cardPaymentOf(order);
  const gateway = cardGateway(config);
  if (!paid || !order.card) throw conflict(CARD_REFUND_MESSAGES.notPaidByCard);
  if (!gateway) throw unavailable(CARD_REFUND_MESSAGES.gatewayDown);
  const amountMinor = toMinorUnits(amount, order.currency);
  try {
    await gateway.refund(paid.reference!, chargeShare(order, amountMinor));
  } catch (error) {
    if (error instanceof GatewayError && error.kind === 'rejected')
      throw conflict(CARD_REFUND_MESSAGES.refused(error.message));
    throw unavailable(CARD_REFUND_MESSAGES.gatewayDown);
  }
  // One refund entry per gateway refund: its reference names the payment and the count before it.
  const refunds = (order.payments ?? []).filter(isRefund).length;
  const entry = ledgerEntry(order, by, {
    kind: 'refund',
    method: CARD,
    amount,
    reference: `${paid.reference}-refund-${refunds + 1}`,
    ...(order.status === 'Cancelled' ? { reason: 'cancelled' as const } : {}),
  });
  const written = await store.orders.appendLedger(order.id, entry, {
    statuses: ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered', 'Cancelled'],
    entriesBefore: (order.payments ?? []).length,
  });
  if (written.kind !== 'saved')
    throw conflict(CARD_REFUND_MESSAGES.refused('it was already recorded'));
  return written.order;
}

/** Who sends the automatic refund of a cancelled card order, as the desk's timeline shows it. */
export const AUTOMATIC_REFUND = { id: 'shop', email: 'automatic card refund' } as const;

/**
 * After a shopper cancelled order `orderId`: a card payment it still holds goes back to the card at
 * once, in the background. When the gateway cannot be reached the order stays "refund due" (the
 * desk lists it and staff refund it from there) and the owner is alerted.
 */
export function refundCancelledCard(deps: Deps, orderId: string, waitUntil?: WaitUntil) {
  return inBackground(
    'automatic card refund',
    async () => {
      const order = await deps.store.orders.get(orderId);
      if (!order || order.status !== 'Cancelled' || !cardPaymentOf(order)) return;
      if (financialState(order) !== 'refund due') return;
      const held = fromMinor(ledgerSums(order).heldMinor, order.currency);
      try {
        await refundToCard(deps.store, deps.config, order, held, AUTOMATIC_REFUND);
      } catch (error) {
        await alertOperator(
          deps,
          'card-after-cancel',
          {
            summary: `Order #${shortNumber(order.id)} was cancelled after its card payment; the automatic refund of ${formatMoney(held, order.currency)} failed (${error instanceof Error ? error.message : String(error)}). Refund it from the desk.`,
          },
          { waitUntil },
        );
      }
    },
    waitUntil,
  );
}
