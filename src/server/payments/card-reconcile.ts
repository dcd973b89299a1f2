// The card reconciliation: each card order's payment as the gateway records it, against its ledger.
// For every order with a card payment on its ledger (or a card refund still pending) it reads the
// payment back and compares, in the gateway's own minor units:
//   - the payment: the gateway reads it paid (or partly or wholly refunded) for the charge the
//     ledger recorded;
//   - the refunds: the gateway's refunded total equals the card refunds the ledger has as sent.
// A refund still pending (its answer lost, or the shop stopped while it was out) is settled first
// by the same figures: sent when the gateway counts it, released when it does not. A pending refund
// younger than PENDING_GRACE_MS is left alone, since its sender may still be waiting for the answer.
// Any difference left is reported, and the owner is alerted.
//
// It runs from the CLI (`npm run shop -- payments reconcile`) and on later desk requests, at most
// once an hour across instances, as the card expiry does.
import { shortNumber } from '../../lib/desk.ts';
import { pendingRefunds } from '../../lib/orders/ledger.ts';
import { CARD } from '../../lib/payments.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { alertOperator, withinLimit, type Limit } from '../operations/index.ts';
import type { OrderRecord } from '../store/port.ts';
import { cardPaymentOf, chargeOf, sentCardMinor } from './card-refunds.ts';
import { cardGateway } from './card-payments.ts';
import type { PaymentGateway } from './gateway/port.ts';

/** How long a pending refund is left to its sender before the reconciliation settles it. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** The lazy run: once an hour across every instance. */
const RECONCILE_RUN: Limit = { name: 'card-reconcile', max: 1, windowMs: 60 * 60_000 };

/** One card order as the reconciliation found it. */
export interface Reconciled {
  orderId: string;
  number: string;
  reference: string;
  /** The gateway's refunded total and the ledger's, in the charge currency's minor units. */
  gatewayRefundedMinor: number | null;
  ledgerRefundedMinor: number;
  /** Pending refunds it settled, by entry id. */
  settled: { entryId: string; outcome: 'sent' | 'released' }[];
  /** What still differs, in words; null when the two agree. */
  difference: string | null;
}

/** Reconciles one order; never throws for the gateway (a payment that cannot be read is a difference). */
export async function reconcileOrder(
  deps: Deps,
  gateway: PaymentGateway,
  order: OrderRecord,
  now: Date,
): Promise<Reconciled | null> {
  const paid = cardPaymentOf(order);
  if (!paid || !order.card) return null;
  const reference = paid.reference!;
  const base = {
    orderId: order.id,
    number: shortNumber(order.id),
    reference,
    settled: [] as Reconciled['settled'],
  };
  let reading;
  try {
    reading = await gateway.readPayment(reference);
  } catch (error) {
    return {
      ...base,
      gatewayRefundedMinor: null,
      ledgerRefundedMinor: sentCardMinor(order),
      difference: `the gateway could not be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  let current = order;
  const gatewayRefunded = reading.refundedMinor ?? 0;
  for (const entry of pendingRefunds(order).filter((e) => e.method === CARD && e.charge)) {
    if (now.getTime() - Date.parse(entry.at) < PENDING_GRACE_MS) continue;
    const sent = sentCardMinor(current);
    const outcome =
      gatewayRefunded >= sent + chargeOf(current, entry).minor
        ? 'sent'
        : gatewayRefunded === sent
          ? 'released'
          : null;
    if (!outcome) continue;
    const saved = await deps.store.orders.settleRefund(order.id, entry.id, outcome);
    if (saved) {
      current = saved;
      base.settled.push({ entryId: entry.id, outcome });
    }
  }
  const ledgerRefunded = sentCardMinor(current);
  const differences: string[] = [];
  if (reading.state === 'pending' || reading.state === 'failed')
    differences.push(`the ledger has the card payment, the gateway reads it ${reading.state}`);
  if (
    reading.amountMinor !== order.card.chargeMinor ||
    reading.currency !== order.card.chargeCurrency
  )
    differences.push(
      `the gateway charged ${reading.amountMinor} ${reading.currency}, the order ${order.card.chargeMinor} ${order.card.chargeCurrency}`,
    );
  if (reading.refundedMinor !== null && reading.refundedMinor !== ledgerRefunded)
    differences.push(
      `the gateway refunded ${reading.refundedMinor} ${reading.currency}, the ledger ${ledgerRefunded}`,
    );
  const stillPending = pendingRefunds(current).length;
  if (stillPending > 0 && base.settled.length === 0 && differences.length > 0)
    differences.push(`${stillPending} refund(s) still pending`);
  return {
    ...base,
    gatewayRefundedMinor: reading.refundedMinor,
    ledgerRefundedMinor: ledgerRefunded,
    difference: differences.length > 0 ? differences.join('; ') : null,
  };
}

/** Reconciles every card order; alerts the owner when any differs. */
export async function reconcileCards(
  deps: Deps,
  now = new Date(),
  waitUntil?: WaitUntil,
): Promise<Reconciled[]> {
  const gateway = cardGateway(deps.config);
  if (!gateway) return [];
  const found: Reconciled[] = [];
  for (const order of await deps.store.orders.list()) {
    if (order.paymentMethod !== CARD && !cardPaymentOf(order)) continue;
    const one = await reconcileOrder(deps, gateway, order, now);
    if (one) found.push(one);
  }
  const differ = found.filter((r) => r.difference);
  if (differ.length > 0)
    await alertOperator(
      deps,
      'card-mismatch',
      {
        summary: `${differ.length} card order(s) differ between the gateway and the ledger: ${differ
          .map((r) => `#${r.number} (${r.difference})`)
          .join('; ')}`,
      },
      { waitUntil },
    );
  return found;
}

/** reconcileCards after the current answer, at most once an hour across instances. */
export function reconcileCardsLater(deps: Deps, waitUntil?: WaitUntil): Promise<void> {
  return inBackground(
    'card reconciliation',
    async () => {
      if (await withinLimit(deps.store, RECONCILE_RUN, 'all'))
        await reconcileCards(deps, new Date(), waitUntil);
    },
    waitUntil,
  );
}
