// Refunds to a card. The ledger is written before the gateway is asked: a refund is reserved as a
// pending entry (a conditional append on the ledger as read, so of two refunds racing only one is
// reserved, and one order never has two in flight), then sent, then settled: sent when the gateway
// took it, released when it refused it. When the gateway's answer is lost, the payment is read back
// to tell which; when even that fails, the refund stays pending for the reconciliation
// (card-reconcile.ts), which never lets a refund the gateway took go unrecorded.
//
// What the gateway is asked for is the refund's own money where the card was charged in the
// order's currency; where it was charged in rupees (a yen order), it is the refund entry's rupee
// figure, in paisa: the ledger's one rule (newEntryPkr) splits the rupee charge exactly, so a card
// refunded in full gets back exactly the rupees it paid.
import { shortNumber } from '../../lib/desk.ts';
import {
  amountOf,
  formatMoney,
  formatMoneyValue,
  money,
  moneyFromAmount,
  type Money,
} from '../../lib/money.ts';
import {
  financialState,
  isRefund,
  ledgerSums,
  pendingRefunds,
  refundRefusal,
  type LedgerActor,
  type LedgerEntry,
  type RefundedLine,
} from '../../lib/orders/ledger.ts';
import { fromMinor } from '../../lib/orders/ledger.ts';
import { CARD } from '../../lib/payments.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { conflict, unavailable } from '../errors.ts';
import { alertOperator, mailShopper } from '../operations/index.ts';
import { alertCancelled, ledgerEntry, refundMail } from '../orders/index.ts';
import { logEvent } from '../request-log.ts';
import type { OrderRecord, Store } from '../store/port.ts';
import { gatewayForOrder } from './card-payments.ts';
import { GatewayError, type PaymentGateway } from './gateway/port.ts';

/** What staff are told about a card refund, word for word. */
export const CARD_REFUND_MESSAGES = {
  notPaidByCard: 'This order was not paid by card, so nothing can go back to a card.',
  gatewayDown:
    'The card gateway did not answer, so nothing was refunded. Please try again in a few minutes.',
  refused: (why: string) => `The card gateway refused the refund: ${why}`,
  inFlight:
    'A refund on this order is still being sent. Wait for it to finish, then check the order again.',
  unconfirmed: (amount: string) =>
    `The card gateway did not confirm the refund of ${amount}. It is held as pending on the order and checked with the gateway within the hour; do not send it again.`,
  moreThanCard: (left: string) =>
    `Only ${left} is left of the card payment; refund the rest the way it was paid.`,
  raced: 'Someone else changed this order’s payments just now. Check the order and try again.',
} as const;

/**
 * The method an order's provider payment is written under: the card, or the wallet whose request
 * went through its API (the order then holds the provider's charge).
 */
export const onlineMethodOf = (order: Pick<OrderRecord, 'paymentMethod' | 'card'>) =>
  order.card && isWalletMethod(order.paymentMethod) ? order.paymentMethod : CARD;

/** The provider's payment (card or wallet) on the order's ledger, or null. */
export const cardPaymentOf = (order: OrderRecord) =>
  (order.payments ?? []).find(
    (e) => !isRefund(e) && e.method === onlineMethodOf(order) && e.reference,
  ) ?? null;

/** The card refunds on the ledger, as the gateway was asked for them. */
/** The card refunds on the ledger (those written before `charge` was kept included). */
const cardRefunds = (order: OrderRecord) =>
  (order.payments ?? []).filter((e) => isRefund(e) && e.method === onlineMethodOf(order));

/** The gateway money a ledger entry asked for (entries written before `charge` was kept: derived). */
export function chargeOf(order: OrderRecord, entry: LedgerEntry): Money {
  const card = order.card!;
  if (entry.charge) return money(entry.charge.minor, entry.charge.currency);
  if (card.chargeCurrency === order.currency) return moneyFromAmount(entry.amount, order.currency);
  return moneyFromAmount(entry.amountPkr ?? 0, card.chargeCurrency);
}

/** Of the card's charge, what refunds sent or in flight have not already claimed. */
function cardLeft(order: OrderRecord): Money {
  const card = order.card!;
  const { refundOutcomes } = order;
  const claimed = cardRefunds(order)
    .filter((e) => !e.pending || refundOutcomes?.[e.id] !== 'released')
    .reduce((n, e) => n + chargeOf(order, e).minor, 0);
  return money(card.chargeMinor - claimed, card.chargeCurrency);
}

/** What else a refund carries onto the ledger: why, in whose words, and which lines. */
export interface RefundDetails {
  reason?: LedgerEntry['reason'];
  note?: string;
  lines?: RefundedLine[];
}

/**
 * Refunds `amount` (in the order's currency) to the card that paid the order: reserved on the
 * ledger, sent, then settled. Returns the order with the refund sent. Throws a conflict when the
 * order was not paid by card, holds less, has a refund in flight or changed meanwhile; a 503 when
 * the gateway cannot be reached (released) or its answer was lost (left pending, see above).
 */
export async function refundToCard(
  store: Store,
  config: Config,
  order: OrderRecord,
  amount: Money,
  by: LedgerActor,
  details: RefundDetails = {},
): Promise<OrderRecord> {
  const paid = cardPaymentOf(order);
  const gateway = gatewayForOrder(config, order)?.gateway ?? null;
  if (!paid || !order.card) throw conflict(CARD_REFUND_MESSAGES.notPaidByCard);
  if (!gateway) throw unavailable(CARD_REFUND_MESSAGES.gatewayDown);
  const refused = refundRefusal(order, amount.minor);
  if (refused === 'in-flight') throw conflict(CARD_REFUND_MESSAGES.inFlight);
  if (refused !== null)
    throw conflict(
      CARD_REFUND_MESSAGES.refused(
        `only ${formatMoney(fromMinor(ledgerSums(order).refundableMinor, order.currency), order.currency)} can be refunded`,
      ),
    );
  const refunds = (order.payments ?? []).filter(isRefund).length;
  const draft = ledgerEntry(order, by, {
    kind: 'refund',
    method: onlineMethodOf(order),
    amount: amountOf(amount),
    reference: `${paid.reference}-refund-${refunds + 1}`,
    pending: true,
    ...(order.status === 'Cancelled' ? { reason: 'cancelled' as const } : {}),
    ...details,
  });
  const charge = chargeOf(order, draft);
  const left = cardLeft(order);
  if (charge.minor > left.minor)
    throw conflict(CARD_REFUND_MESSAGES.moreThanCard(formatMoneyValue(left)));
  const entry: LedgerEntry = {
    ...draft,
    charge: { currency: charge.currency, minor: charge.minor },
  };
  const reserved = await store.orders.appendLedger(order.id, entry, {
    statuses: ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered', 'Cancelled'],
    entriesBefore: (order.payments ?? []).length,
  });
  if (reserved.kind !== 'saved') throw conflict(CARD_REFUND_MESSAGES.raced);
  return sendReserved(store, gateway, reserved.order, entry, paid.reference!);
}

/** Sends a reserved refund and settles it by the gateway's answer (or its read-back). */
async function sendReserved(
  store: Store,
  gateway: PaymentGateway,
  order: OrderRecord,
  entry: LedgerEntry,
  paymentReference: string,
): Promise<OrderRecord> {
  const charge = money(entry.charge!.minor, entry.charge!.currency);
  try {
    await gateway.refund(paymentReference, charge, entry.reference!);
  } catch (error) {
    const definite =
      error instanceof GatewayError &&
      (error.kind === 'rejected' || error.kind === 'invalid-input' || error.kind === 'not-found');
    if (definite) {
      await store.orders.settleRefund(order.id, entry.id, 'released');
      throw conflict(CARD_REFUND_MESSAGES.refused(error.message));
    }
    const outcome = await readBack(gateway, order, entry, paymentReference);
    if (outcome === 'released') {
      await store.orders.settleRefund(order.id, entry.id, 'released');
      throw unavailable(CARD_REFUND_MESSAGES.gatewayDown);
    }
    if (outcome === null)
      throw unavailable(
        CARD_REFUND_MESSAGES.unconfirmed(formatMoney(entry.amount, order.currency)),
      );
  }
  const settled = await store.orders.settleRefund(order.id, entry.id, 'sent');
  // Settled first by the reconciliation: the order as it is now.
  return settled ?? (await store.orders.get(order.id)) ?? order;
}

/**
 * Whether the gateway took reserved refund `entry` (the only one in flight on the order), from its
 * own refunded total: 'sent' when it counts this refund beyond those the ledger has as sent,
 * 'released' when it counts none, null when it cannot tell (no answer, or a figure that fits
 * neither, which the reconciliation reports).
 */
export async function readBack(
  gateway: PaymentGateway,
  order: OrderRecord,
  entry: LedgerEntry,
  paymentReference: string,
): Promise<'sent' | 'released' | null> {
  let reading;
  try {
    reading = await gateway.readPayment(paymentReference);
  } catch (error) {
    logEvent('warn', 'card refund left pending: the gateway could not be read', {
      order: order.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
  if (reading.refundedMinor === null) return null;
  const sentBefore = sentCardMinor(order);
  if (reading.refundedMinor === sentBefore + entry.charge!.minor) return 'sent';
  if (reading.refundedMinor === sentBefore) return 'released';
  return null;
}

/** The gateway minor units of the card refunds the ledger has as sent. */
export function sentCardMinor(order: OrderRecord): number {
  return cardRefunds(order)
    .filter((e) => !e.pending || order.refundOutcomes?.[e.id] === 'sent')
    .reduce((n, e) => n + chargeOf(order, e).minor, 0);
}

/** Who sends the automatic refund of a cancelled card order, as the desk's timeline shows it. */
export const AUTOMATIC_REFUND = { id: 'shop', email: 'automatic card refund' } as const;

/**
 * After order `orderId` was cancelled (by its shopper, or at the desk by `by`): a card payment it
 * still holds goes back to the card first; the shopper is mailed the refund; then the shop is
 * alerted of the cancel, saying what became of the money, so an alert never says a refund is due
 * once it was sent. When the gateway cannot be reached the order stays "refund due" (the desk lists
 * it, the alert says so) and the owner is also alerted of the failed refund.
 */
export function afterCancel(deps: Deps, orderId: string, by: string, waitUntil?: WaitUntil) {
  return inBackground(
    'after a cancel',
    async () => {
      await refundHeldCard(deps, orderId, waitUntil);
      await alertCancelled(deps, orderId, by, waitUntil);
    },
    waitUntil,
  );
}

/** Refunds what a cancelled card order holds to the card, and mails the shopper; alerts on failure. */
async function refundHeldCard(deps: Deps, orderId: string, waitUntil?: WaitUntil) {
  const order = await deps.store.orders.get(orderId);
  if (!order || order.status !== 'Cancelled' || !cardPaymentOf(order)) return;
  if (financialState(order) !== 'refund due' || pendingRefunds(order).length > 0) return;
  const held = money(ledgerSums(order).refundableMinor, order.currency);
  try {
    const sent = await refundToCard(deps.store, deps.config, order, held, AUTOMATIC_REFUND, {
      reason: 'cancelled',
    });
    const entry = sent.payments!.filter(isRefund).at(-1)!;
    await mailShopper(deps, refundMail(sent, entry), { kind: 'refund', orderId }, waitUntil);
  } catch (error) {
    await alertOperator(
      deps,
      'card-after-cancel',
      {
        summary: `Order #${shortNumber(order.id)} was cancelled after its card payment; the automatic refund of ${formatMoneyValue(held)} failed (${error instanceof Error ? error.message : String(error)}). Refund it from the desk.`,
      },
      { waitUntil },
    );
  }
}
