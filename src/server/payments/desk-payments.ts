// Money the desk records on an order's ledger: a payment received (cash collected on delivery, a
// bank transfer, a JazzCash or EasyPaisa payment) and a refund sent. Amounts are in the order's
// currency, at its minor unit, like its total; every sum and state is derived from the ledger
// (src/lib/orders/ledger.ts). An entry is appended in one conditional write that also needs the
// count of entries its writer read, so two staff writing at once cannot both write: one wins, the
// other is told to check the order. A reference is claimed across every order by the store.
//
// Choices: COD cash is recorded once the order is Delivered (the courier hands the cash over after
// delivery; before that it is not the shop's); a payment may not exceed what is still due, so a
// payment typed twice is refused rather than silently overpaying; a reference is needed for bank,
// wallet and card entries. A refund needs a payment and never exceeds what the shop holds.
import {
  PAYMENT_MESSAGES,
  REFUND_MESSAGES,
  type PaymentBody,
  type RefundBody,
} from '../../lib/contract/payments.ts';
import { shortNumber } from '../../lib/desk.ts';
import { currencyDigits, formatMoney, roundToMinor, toMinorUnits } from '../../lib/money.ts';
import {
  financialState,
  fromMinor,
  ledgerSums,
  refundRefusal,
  type LedgerEntry,
} from '../../lib/orders/ledger.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/moves.ts';
import { CARD, isPaymentAllowed, paymentLabel } from '../../lib/payments.ts';
import type { Deps } from '../deps.ts';
import { refundToCard } from './card-refunds.ts';
import { conflict, invalid } from '../errors.ts';
import type { OrderRecord, StaffRecord, Store } from '../store/port.ts';
import { findOrder, ledgerEntry, toDeskOrder } from '../orders/index.ts';
import { CLI_ACTOR, actorOf, audit } from '../operations/index.ts';

/** The statuses in which a payment of this method may be recorded. */
function statusesFor(method: string): OrderStatus[] {
  return method === 'COD' ? ['Delivered'] : ORDER_STATUSES.filter((s) => s !== 'Cancelled');
}

/** Why an amount is not a whole number of the order currency's minor unit, or null. */
function minorUnitRefusal(o: OrderRecord, amount: number): Error | null {
  return roundToMinor(amount, o.currency) === amount
    ? null
    : invalid(PAYMENT_MESSAGES.badMinorUnit(o.currency, currencyDigits(o.currency)));
}

/** Why this payment cannot be recorded on the order as read, or null. */
function refusal(o: OrderRecord, body: PaymentBody): Error | null {
  if (o.status === 'Cancelled') return conflict(PAYMENT_MESSAGES.cancelled);
  if (!isPaymentAllowed(body.method, o.address.country))
    return invalid(PAYMENT_MESSAGES.methodNotAllowed(body.method, o.address.country));
  if (body.method !== 'COD' && !body.reference)
    return invalid(PAYMENT_MESSAGES.referenceRequired(paymentLabel(body.method)));
  const unit = minorUnitRefusal(o, body.amount);
  if (unit) return unit;
  if (body.method === 'COD' && o.status !== 'Delivered')
    return conflict(PAYMENT_MESSAGES.codNotDelivered(o.status));
  const { dueMinor } = ledgerSums(o);
  if (dueMinor === 0) return conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (toMinorUnits(body.amount, o.currency) > dueMinor)
    return conflict(
      PAYMENT_MESSAGES.moreThanDue(formatMoney(fromMinor(dueMinor, o.currency), o.currency)),
    );
  return null;
}

/** The ledger's figures the audit log keeps before and after an entry. */
function ledgerFigures(o: OrderRecord) {
  const sums = ledgerSums(o);
  const money = (minor: number) => formatMoney(fromMinor(minor, o.currency), o.currency);
  return {
    payment: financialState(o),
    paid: money(sums.paidMinor),
    refunded: money(sums.refundedMinor),
    due: money(sums.dueMinor),
  };
}

/**
 * Appends `entry` to the order's ledger on the ledger as read, or throws the conflict that says
 * why not: the reference is taken, the order was cancelled, or someone else wrote first.
 */
async function append(
  store: Store,
  order: OrderRecord,
  entry: LedgerEntry,
  statuses: OrderStatus[],
) {
  const written = await store.orders.appendLedger(order.id, entry, {
    statuses,
    entriesBefore: (order.payments ?? []).length,
  });
  if (written.kind === 'saved') return written.order;
  if (written.kind === 'duplicateReference')
    throw conflict(
      entry.kind === 'refund'
        ? REFUND_MESSAGES.duplicateReference(entry.reference!)
        : PAYMENT_MESSAGES.duplicateReference(entry.reference!),
    );
  const now = await store.orders.get(order.id);
  throw conflict(
    now?.status === 'Cancelled' && entry.kind !== 'refund'
      ? PAYMENT_MESSAGES.cancelled
      : PAYMENT_MESSAGES.raced,
  );
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
  const entry = ledgerEntry(order, actor, {
    kind: 'payment',
    method: body.method,
    amount: body.amount,
    reference: body.reference ?? null,
  });
  const saved = await append(store, order, entry, statusesFor(body.method));
  await audit(store, actor, 'order.payment', `order:${order.id}`, ledgerFigures(order), {
    ...ledgerFigures(saved),
    method: entry.method,
    amount: entry.amount,
    reference: entry.reference,
  });
  const { dueMinor } = ledgerSums(saved);
  return {
    success: true as const,
    message: PAYMENT_MESSAGES.recorded(
      formatMoney(body.amount, order.currency),
      body.method,
      shortNumber(order.id),
      dueMinor === 0 ? null : formatMoney(fromMinor(dueMinor, order.currency), order.currency),
    ),
    order: toDeskOrder(saved),
  };
}

/** Why this refund cannot be recorded on the order as read, or null. */
function refundRefusalError(o: OrderRecord, body: RefundBody): Error | null {
  const unit = minorUnitRefusal(o, body.amount);
  if (unit) return unit;
  const why = refundRefusal(o, toMinorUnits(body.amount, o.currency));
  if (why === 'no-payment') return conflict(REFUND_MESSAGES.noPayment);
  if (why === 'more-than-held') {
    const held = fromMinor(ledgerSums(o).heldMinor, o.currency);
    return conflict(REFUND_MESSAGES.moreThanHeld(formatMoney(held, o.currency)));
  }
  return null;
}

/**
 * Records a refund sent on an order for a staff member (null: the operator CLI): a cancelled order
 * whose money is due back, or part of a payment returned by agreement. Returns' refunds are
 * recorded by the return's own step, which also caps them at the returned lines.
 */
export async function recordRefund(
  deps: Pick<Deps, 'store' | 'config'>,
  staff: StaffRecord | null,
  body: RefundBody,
) {
  const { store } = deps;
  const order = await findOrder(store, body.order);
  const refused = refundRefusalError(order, body);
  if (refused) throw refused;
  const actor = actorOf(staff ?? CLI_ACTOR);
  let saved: OrderRecord;
  let entry: LedgerEntry;
  if (body.method === CARD) {
    // Through the gateway first: the entry is written once the card's money is on its way back.
    saved = await refundToCard(store, deps.config, order, body.amount, actor);
    entry = saved.payments!.at(-1)!;
  } else {
    if (!body.reference) throw invalid(REFUND_MESSAGES.referenceRequired(body.method));
    entry = ledgerEntry(order, actor, {
      kind: 'refund',
      method: body.method,
      amount: body.amount,
      reference: body.reference,
      ...(order.status === 'Cancelled' ? { reason: 'cancelled' as const } : {}),
    });
    saved = await append(store, order, entry, [...ORDER_STATUSES]);
  }
  await audit(store, actor, 'order.refund', `order:${order.id}`, ledgerFigures(order), {
    ...ledgerFigures(saved),
    method: entry.method,
    amount: entry.amount,
    reference: entry.reference,
  });
  return {
    success: true as const,
    message: REFUND_MESSAGES.recorded(
      formatMoney(body.amount, order.currency),
      paymentLabel(body.method),
      shortNumber(order.id),
      financialState(saved),
    ),
    order: toDeskOrder(saved),
  };
}
