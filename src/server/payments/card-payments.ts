// Recording a card payment on its order: the one place a verified card payment is written. It is
// appended like any other payment, by the gateway, for the order's whole total in its currency,
// in one conditional write (not on a cancelled order, and only over the payments read), so a
// payment racing a cancel or an expiry, or a second delivery, cannot record twice or on a
// cancelled order.
import { ORDER_STATUSES } from '../../lib/orders/moves.ts';
import { CARD } from '../../lib/payments.ts';
import type { Config } from '../config.ts';
import type { CardCharge, OrderRecord, Store } from '../store/port.ts';
import { ledgerEntry } from '../orders/index.ts';
import type { PaymentGateway, PaymentReading } from './gateway/port.ts';
import { gatewayOf, providerForMethod } from './providers/registry.ts';

/** The gateway cards go through under this configuration, or null when none is configured. */
export function cardGateway(config: Config): PaymentGateway | null {
  return gatewayOf(config, 'safepay');
}

/** The gateway that takes order `order`'s payment method under this configuration, or null. */
export function gatewayForOrder(
  config: Config,
  order: Pick<OrderRecord, 'paymentMethod'>,
): { gateway: PaymentGateway; label: string } | null {
  const provider = providerForMethod(config, order.paymentMethod);
  const gateway = provider?.gateway(config) ?? null;
  return provider && gateway ? { gateway, label: provider.label } : null;
}

/** Whether the gateway's own reading says the order's charge was paid, to the unit and currency. */
export function readingPays(reading: PaymentReading, card: CardCharge): boolean {
  return (
    reading.state === 'paid' &&
    reading.amountMinor === card.chargeMinor &&
    reading.currency === card.chargeCurrency
  );
}

/** Who records a card payment: the gateway, as the desk's timeline shows it. */
export const GATEWAY_ACTOR = { id: 'gateway', email: 'Safepay' } as const;

/** Who records a provider's payment, as the desk's timeline shows it: the provider by name. */
export const gatewayActor = (label: string) => ({ id: 'gateway', email: label });

/**
 * Appends the card payment `reference` for the order's total to its ledger, while the order is not
 * Cancelled and holds the entries it held when read; the store claims the reference, so one
 * gateway payment is never on two entries. The updated order, or null when the write was refused
 * (the caller reads the order again to learn why: cancelled, expired, or already recorded).
 */
export async function recordCardPayment(
  store: Store,
  order: OrderRecord,
  reference: string,
  at = new Date(),
  by: string = GATEWAY_ACTOR.email,
): Promise<OrderRecord | null> {
  const entry = {
    ...ledgerEntry(order, gatewayActor(by), {
      kind: 'payment',
      // A wallet order switched to COD is still paid by the wallet whose request was approved.
      method: order.paymentMethod === CARD ? CARD : (order.switchedFrom ?? order.paymentMethod),
      amount: order.total,
      reference,
    }),
    at: at.toISOString(),
  };
  const written = await store.orders.appendLedger(order.id, entry, {
    statuses: ORDER_STATUSES.filter((s) => s !== 'Cancelled'),
    entriesBefore: (order.payments ?? []).length,
  });
  return written.kind === 'saved' ? written.order : null;
}
