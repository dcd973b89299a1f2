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
import {
  amountOf,
  currencyDigits,
  formatMoney,
  formatMoneyValue,
  minMoney,
  money,
  moneyFromAmount,
  roundToShown,
  toMinorUnits,
  type Money,
} from '../../lib/money.ts';
import { refundLinesValue } from '../../lib/orders/refund-lines.ts';
import { exchangeFeeCapMinor, exchangeFeeRefusal } from '../../lib/orders/exchange-fee.ts';
import { setDeskColourStock } from '../catalogue/index.ts';
import { mailShopper } from '../operations/index.ts';
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
import { onlineMethodOf, refundToCard } from './card-refunds.ts';
import { providerForMethod } from './providers/registry.ts';
import { conflict, invalid } from '../errors.ts';
import type { OrderRecord, StaffRecord, Store } from '../store/port.ts';
import { CARD_MESSAGES } from '../../lib/cards.ts';
import {
  cancelIfRefundedInFull,
  cardWait,
  findOrder,
  ledgerEntry,
  refundMail,
  toDeskOrder,
} from '../orders/index.ts';
import { CLI_ACTOR, actorOf, audit } from '../operations/index.ts';

/** The statuses in which a payment of this method may be recorded. */
function statusesFor(method: string): OrderStatus[] {
  return method === 'COD' ? ['Delivered'] : ORDER_STATUSES.filter((s) => s !== 'Cancelled');
}

/** Why an amount is not a whole number of the order currency's minor unit, or null. */
function minorUnitRefusal(o: OrderRecord, amount: number): Error | null {
  return roundToShown(amount, o.currency) === amount
    ? null
    : invalid(PAYMENT_MESSAGES.badMinorUnit(o.currency, currencyDigits(o.currency)));
}

/** Why this payment cannot be recorded on the order as read, or null. */
function refusal(o: OrderRecord, body: PaymentBody): Error | null {
  if (o.status === 'Cancelled') return conflict(PAYMENT_MESSAGES.cancelled);
  if (cardWait(o)) return conflict(CARD_MESSAGES.unpaidRecord);
  if (!isPaymentAllowed(body.method, o.address.country))
    return invalid(PAYMENT_MESSAGES.methodNotAllowed(body.method, o.address.country));
  if (body.method !== 'COD' && !body.reference)
    return invalid(PAYMENT_MESSAGES.referenceRequired(paymentLabel(body.method)));
  const unit = minorUnitRefusal(o, body.amount);
  if (unit) return unit;
  if (body.method === 'COD' && o.status !== 'Delivered')
    return conflict(PAYMENT_MESSAGES.codNotDelivered(o.status));
  if (body.purpose === 'exchange-fee') return exchangeFeeError(o, body);
  const { dueMinor } = ledgerSums(o);
  if (dueMinor === 0) return conflict(PAYMENT_MESSAGES.alreadyPaid);
  if (toMinorUnits(body.amount, o.currency) > dueMinor)
    return conflict(
      PAYMENT_MESSAGES.moreThanDue(formatMoney(fromMinor(dueMinor, o.currency), o.currency)),
    );
  return null;
}

/** Why this exchange fee cannot be recorded on the order as read (EXCHANGE_FEE_STATES), or null. */
function exchangeFeeError(o: OrderRecord, body: PaymentBody): Error | null {
  const why = exchangeFeeRefusal(o);
  if (why === 'no-exchange') return conflict(PAYMENT_MESSAGES.exchangeFeeNoExchange);
  if (why === 'again') return conflict(PAYMENT_MESSAGES.exchangeFeeAgain);
  const cap = money(exchangeFeeCapMinor(o), o.currency);
  if (moneyFromAmount(body.amount, o.currency).minor > cap.minor)
    return conflict(PAYMENT_MESSAGES.moreThanExchangeFee(formatMoneyValue(cap)));
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
    ...(body.purpose ? { purpose: body.purpose } : {}),
  });
  const saved = await append(store, order, entry, statusesFor(body.method));
  await audit(store, actor, 'order.payment', `order:${order.id}`, ledgerFigures(order), {
    ...ledgerFigures(saved),
    method: entry.method,
    amount: entry.amount,
    reference: entry.reference,
    ...(entry.purpose ? { purpose: entry.purpose } : {}),
  });
  const { dueMinor } = ledgerSums(saved);
  if (entry.purpose === 'exchange-fee')
    return {
      success: true as const,
      message: PAYMENT_MESSAGES.exchangeFeeRecorded(
        formatMoney(body.amount, order.currency),
        body.method,
        shortNumber(order.id),
      ),
      order: toDeskOrder(saved),
    };
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

/** The money a refund sends back: from its lines (never more than they cost), or its amount. */
function refundAmount(o: OrderRecord, body: RefundBody): Money {
  if (body.amount !== undefined) {
    const unit = minorUnitRefusal(o, body.amount);
    if (unit) throw unit;
  }
  const asked = body.amount === undefined ? null : moneyFromAmount(body.amount, o.currency);
  if (!body.lines) return asked!;
  const value = refundLinesValue(o, body.lines);
  if ('kind' in value) {
    if (value.kind === 'unknown-line') throw invalid(REFUND_MESSAGES.unknownLine(value.line));
    if (value.kind === 'too-many')
      throw conflict(REFUND_MESSAGES.tooMany(value.productName, value.left));
    throw conflict(REFUND_MESSAGES.feeAgain);
  }
  const worth = money(value.minor, o.currency);
  if (asked && asked.minor > worth.minor)
    throw conflict(REFUND_MESSAGES.moreThanLines(formatMoneyValue(worth)));
  // The lines' worth, unless less is held (a part already paid back another way).
  return asked ?? minMoney(worth, money(Math.max(0, ledgerSums(o).refundableMinor), o.currency));
}

/** Why a refund of `amount` cannot be recorded on the order as read, or null. */
function refundRefusalError(o: OrderRecord, amount: Money): Error | null {
  const why = refundRefusal(o, amount.minor);
  if (why === 'no-payment') return conflict(REFUND_MESSAGES.noPayment);
  if (why === 'in-flight') return conflict(REFUND_MESSAGES.inFlight);
  if (why === 'more-than-held' || amount.minor <= 0) {
    const held = money(Math.max(0, ledgerSums(o).refundableMinor), o.currency);
    return conflict(REFUND_MESSAGES.moreThanHeld(formatMoneyValue(held)));
  }
  return null;
}

/**
 * Sends (by card) or records (sent another way) a refund on an order for a staff member allowed
 * refunds (null: the operator CLI): by its lines or an amount, with the staff member's reason.
 * Then: the lines go back to stock when asked, an order refunded in full before it shipped is
 * cancelled, the shopper is mailed the refund, and the audit log keeps it.
 */
export async function recordRefund(deps: Deps, staff: StaffRecord | null, body: RefundBody) {
  const { store } = deps;
  const order = await findOrder(store, body.order);
  const amount = refundAmount(order, body);
  const refused = refundRefusalError(order, amount);
  if (refused) throw refused;
  const actor = actorOf(staff ?? CLI_ACTOR);
  const details = {
    note: body.note,
    ...(body.lines ? { lines: body.lines } : {}),
    ...(order.status === 'Cancelled' ? { reason: 'cancelled' as const } : {}),
  };
  let saved: OrderRecord;
  const byApi = providerForMethod(deps.config, body.method)?.refunds === 'api';
  if (body.method === CARD || (byApi && order.card && body.method === onlineMethodOf(order))) {
    // Reserved on the ledger, sent through the gateway, then settled (card-refunds.ts).
    saved = await refundToCard(store, deps.config, order, amount, actor, details);
  } else {
    if (!body.reference) throw invalid(REFUND_MESSAGES.referenceRequired(body.method));
    const entry = ledgerEntry(order, actor, {
      kind: 'refund',
      method: body.method,
      amount: amountOf(amount),
      reference: body.reference,
      ...details,
    });
    saved = await append(store, order, entry, [...ORDER_STATUSES]);
  }
  const entry = saved.payments!.filter((e) => e.kind === 'refund').at(-1)!;
  if (body.restock && body.lines) await restockLines(deps, staff, saved, body.lines);
  saved = await cancelIfRefundedInFull(store, saved, actor);
  void mailShopper(deps, refundMail(saved, entry), { kind: 'refund', orderId: saved.id });
  await audit(store, actor, 'order.refund', `order:${order.id}`, ledgerFigures(order), {
    ...ledgerFigures(saved),
    method: entry.method,
    amount: entry.amount,
    reference: entry.reference,
    note: body.note,
    ...(body.lines ? { lines: body.lines } : {}),
  });
  return {
    success: true as const,
    message: REFUND_MESSAGES.recorded(
      formatMoneyValue(amount),
      paymentLabel(body.method),
      shortNumber(order.id),
      financialState(saved),
    ),
    order: toDeskOrder(saved),
  };
}

/** Marks the refunded lines' colours in stock again (the shop keeps stock as in or out). */
async function restockLines(
  deps: Deps,
  staff: StaffRecord | null,
  order: OrderRecord,
  lines: readonly { index: number }[],
) {
  for (const l of lines) {
    const item = order.items[l.index];
    if (!item) continue;
    await setDeskColourStock(deps.store, staff, {
      productId: item.productId,
      color: item.selectedColor,
      inStock: true,
    }).catch(() => undefined);
  }
}
