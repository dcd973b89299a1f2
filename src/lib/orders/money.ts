// The shop's one money convention for anything shown or charged in another currency: each line is
// converted on its own (its PKR line total × rate, rounded to the currency's minor unit), the
// subtotal is the sum of those converted lines, and the total adds the fee. The page, the stored
// order and the mail all use it, so the lines a shopper sees add up to the subtotal they see.
import { BASE_CURRENCY } from '../currency.ts';
import { convertAmount, formatMoney, sumAmounts } from '../money.ts';

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
