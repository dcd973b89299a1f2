// Payments the desk records as received: cash collected on delivery, a bank transfer, a JazzCash or
// EasyPaisa payment. Amounts are in the order's currency, at its minor unit, like its total; the
// order's `payment` flag turns true once they cover the total. A payment is appended in one
// conditional write that also needs the count of payments the recorder read, so two staff
// recording at once cannot both record: one wins, the other is told to check the order.
//
// Choices: COD cash is recorded once the order is Delivered (the courier hands the cash over after
// delivery; before that it is not the shop's); a payment may not exceed what is still due, so a
// payment typed twice is refused rather than silently overpaying; a reference is needed for bank
// and wallet payments and may not repeat on one order.
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type PaymentBody } from '../../lib/contract/payments.ts';
import { shortNumber } from '../../lib/desk.ts';
import { currencyDigits, formatMoney, roundToMinor, toMinorUnits } from '../../lib/money.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/moves.ts';
import { isPaymentAllowed, paymentLabel } from '../../lib/payments.ts';
import { conflict, invalid } from '../errors.ts';
import type { OrderPayment, OrderRecord, StaffRecord, Store } from '../store/port.ts';
import { findOrder, toDeskOrder } from '../orders/index.ts';
import { dueMinor, fromMinor, paidMinor } from '../orders/index.ts';
import { CLI_ACTOR, actorOf, audit } from '../operations/index.ts';

/** The statuses in which a payment of this method may be recorded. */
function statusesFor(method: OrderPayment['method']): OrderStatus[] {
  return method === 'COD' ? ['Delivered'] : ORDER_STATUSES.filter((s) => s !== 'Cancelled');
}

/** Why this payment cannot be recorded on the order as read, or null. */
function refusal(o: OrderRecord, body: PaymentBody): Error | null {
  if (o.status === 'Cancelled') return conflict(PAYMENT_MESSAGES.cancelled);
  if (!isPaymentAllowed(body.method, o.address.country))
    return invalid(PAYMENT_MESSAGES.methodNotAllowed(body.method, o.address.country));
  if (body.method !== 'COD' && !body.reference)
    return invalid(PAYMENT_MESSAGES.referenceRequired(paymentLabel(body.method)));
  const digits = currencyDigits(o.currency);
  if (roundToMinor(body.amount, o.currency) !== body.amount)
    return invalid(PAYMENT_MESSAGES.badMinorUnit(o.currency, digits));
  if (body.method === 'COD' && o.status !== 'Delivered')
    return conflict(PAYMENT_MESSAGES.codNotDelivered(o.status));
  if (o.payment || dueMinor(o) === 0) return conflict(PAYMENT_MESSAGES.alreadyPaid);
  const reference = body.reference?.toLowerCase();
  if (reference && (o.payments ?? []).some((p) => p.reference?.toLowerCase() === reference))
    return conflict(PAYMENT_MESSAGES.duplicateReference(body.reference!));
  if (toMinorUnits(body.amount, o.currency) > dueMinor(o))
    return conflict(
      PAYMENT_MESSAGES.moreThanDue(formatMoney(fromMinor(dueMinor(o), o.currency), o.currency)),
    );
  return null;
}

/**
 * Records a payment received on an order for a staff member (null: the operator CLI): checks it
 * against the order as read, appends it conditionally on that read, and writes the audit log.
 */
export async function recordPayment(store: Store, staff: StaffRecord | null, body: PaymentBody) {
  const order = await findOrder(store, body.order);
  const refused = refusal(order, body);
  if (refused) throw refused;
  const actor = actorOf(staff ?? CLI_ACTOR);
  const payment: OrderPayment = {
    id: randomUUID(),
    at: new Date().toISOString(),
    method: body.method,
    amount: body.amount,
    reference: body.reference ?? null,
    by: actor,
    status: order.status,
  };
  const dueAfter = dueMinor(order) - toMinorUnits(body.amount, order.currency);
  const saved = await store.orders.addPayment(order.id, payment, dueAfter === 0, {
    statuses: statusesFor(body.method),
    paymentsBefore: (order.payments ?? []).length,
  });
  if (!saved) {
    const now = await store.orders.get(order.id);
    throw conflict(
      now?.status === 'Cancelled' ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.raced,
    );
  }
  const money = (minor: number) => formatMoney(fromMinor(minor, order.currency), order.currency);
  await audit(
    store,
    actor,
    'order.payment',
    `order:${order.id}`,
    {
      payment: order.payment ? 'paid' : 'unpaid',
      paid: money(paidMinor(order)),
      due: money(dueMinor(order)),
    },
    {
      payment: saved.payment ? 'paid' : 'unpaid',
      paid: money(paidMinor(saved)),
      due: money(dueMinor(saved)),
      method: payment.method,
      amount: payment.amount,
      reference: payment.reference,
    },
  );
  return {
    success: true as const,
    message: PAYMENT_MESSAGES.recorded(
      formatMoney(body.amount, order.currency),
      body.method,
      shortNumber(order.id),
      saved.payment ? null : money(dueMinor(saved)),
    ),
    order: toDeskOrder(saved),
  };
}
