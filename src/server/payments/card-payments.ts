// Recording a card payment on its order: the one place a verified card payment is written. It is
// appended like any other payment, by the gateway, for the order's whole total in its currency,
// in one conditional write (not on a cancelled order, and only over the payments read), so a
// payment racing a cancel or an expiry, or a second delivery, cannot record twice or on a
// cancelled order.
import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES } from '../../lib/orders/moves.ts';
import { CARD } from '../../lib/payments.ts';
import type { Config } from '../config.ts';
import type { CardCharge, OrderPayment, OrderRecord, Store } from '../store/port.ts';
import { safepayFromConfig } from './gateway/availability.ts';
import type { PaymentGateway, PaymentReading } from './gateway/port.ts';

/** The gateway cards go through under this configuration, or null when none is configured. */
export function cardGateway(config: Config): PaymentGateway | null {
  return safepayFromConfig(config);
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

/**
 * Appends the card payment `reference` for the order's total and marks it paid, while the order is
 * not Cancelled and holds the payments it held when read. The updated order, or null when that
 * condition no longer held (the caller reads the order again to learn why).
 */
export function recordCardPayment(
  store: Store,
  order: OrderRecord,
  reference: string,
  at = new Date(),
): Promise<OrderRecord | null> {
  const payment: OrderPayment = {
    id: randomUUID(),
    at: at.toISOString(),
    method: CARD,
    amount: order.total,
    reference,
    by: GATEWAY_ACTOR,
    status: order.status,
  };
  return store.orders.addPayment(order.id, payment, true, {
    statuses: ORDER_STATUSES.filter((s) => s !== 'Cancelled'),
    paymentsBefore: (order.payments ?? []).length,
  });
}
