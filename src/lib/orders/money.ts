// The shop's one money convention for anything shown or charged in another currency: each line is
// converted on its own (its PKR line total × rate, rounded to the currency's minor unit), the
// subtotal is the sum of those converted lines, and the total adds the fee. The page, the stored
// order and the mail all use it, so the lines a shopper sees add up to the subtotal they see.
import { BASE_CURRENCY } from '../currency.ts';
import {
  convertAmount,
  formatMoney,
  fromMinorUnits,
  roundedShare,
  sumAmounts,
  toMinorUnits,
} from '../money.ts';
import { entryState, isRefund, type LedgerKind, type LedgerOrder } from './ledger.ts';

/** Each PKR line total in `code`: round(line × rate) to the currency's smallest unit (a bad rate counts as 1). */
export function convertLines(linesPkr: readonly number[], rate: unknown, code: string): number[] {
  return linesPkr.map((line) => convertAmount(line, rate, code));
}

/** The items subtotal in `code`: the sum of the converted lines, never the converted PKR sum. */
export function linesSubtotal(linesPkr: readonly number[], rate: unknown, code: string): number {
  return sumAmounts(convertLines(linesPkr, rate, code), code);
}

/** The fields of a stored order its PKR figure is read from. */
type PricedOrder = { amountPkr: number; deliveryFee: number; rate: number };

/**
 * What an order is worth in rupees: its items in PKR plus the delivery fee taken back to PKR at the
 * order's own rate (a missing or zero rate counting as 1), for the desk's and the business view's figures.
 */
export function orderTotalPkr(order: PricedOrder): number {
  return order.amountPkr + Math.round(order.deliveryFee / (order.rate || 1));
}

/** The fields of an order a new ledger entry's rupee figure is read from. */
type RupeeLedger = PricedOrder & LedgerOrder;

/**
 * A new ledger entry's rupee figure, by the one rule every entry is written with. A rupee order's
 * entry is its own amount. Another currency's is its share of a rupee whole, taken cumulatively so
 * the parts add up to the whole exactly: payments share the order's rupee total (orderTotalPkr) by
 * how much of its total they have paid; refunds share the payments' rupee figures by how much of
 * what was paid they have sent back. An order paid in full is worth its rupee total in the books,
 * and one refunded in full keeps ₨0, not the ₨2 two separate roundings leave.
 */
export function newEntryPkr(order: RupeeLedger, kind: LedgerKind, amountMinor: number): number {
  if (order.currency === BASE_CURRENCY) return fromMinorUnits(amountMinor, BASE_CURRENCY);
  const counted = (order.payments ?? []).filter((e) => entryState(order, e) !== 'released');
  const payments = counted.filter((e) => !isRefund(e));
  const paidMinor = payments.reduce((n, e) => n + toMinorUnits(e.amount, order.currency), 0);
  if (kind === 'payment') {
    const totalPkr = orderTotalPkr(order);
    const totalMinor = toMinorUnits(order.total, order.currency);
    if (totalMinor <= 0) return 0;
    return (
      roundedShare(totalPkr, paidMinor + amountMinor, totalMinor) -
      roundedShare(totalPkr, paidMinor, totalMinor)
    );
  }
  const paidPkr = payments.reduce((n, e) => n + (e.amountPkr ?? 0), 0);
  const refundedMinor = counted
    .filter(isRefund)
    .reduce((n, e) => n + toMinorUnits(e.amount, order.currency), 0);
  if (paidMinor <= 0) return 0;
  return (
    roundedShare(paidPkr, refundedMinor + amountMinor, paidMinor) -
    roundedShare(paidPkr, refundedMinor, paidMinor)
  );
}

/**
 * An order's total as staff and the owner read it: in its own currency, with its rupee figure
 * beside it when that currency is not the rupee ("£43.01 (₨14,812)"); the rupee total alone
 * otherwise. The desk's lists, its order screen and the owner's alerts all show it so.
 */
export function formatOrderTotal(total: number, currency: string, totalPkr: number): string {
  if (currency === BASE_CURRENCY) return formatMoney(totalPkr, BASE_CURRENCY);
  return `${formatMoney(total, currency)} (${formatMoney(totalPkr, BASE_CURRENCY)})`;
}

/** The fields of a stored order its lines in its own currency are read from. */
type OrderLines = {
  items: readonly { lineTotal: number }[];
  rate: number;
  currency: string;
  amount: number;
};

/**
 * A stored order's lines in its currency, by the one convention (each line at the order's rate),
 * or null for an order priced before it, whose stored items figure is not the sum of its converted
 * lines: such an order is shown with its stored figures only, never with lines that do not add up.
 */
export function orderLineAmounts(order: OrderLines): number[] | null {
  const lines = convertLines(
    order.items.map((item) => item.lineTotal),
    order.rate,
    order.currency,
  );
  return sumAmounts(lines, order.currency) === order.amount ? lines : null;
}
