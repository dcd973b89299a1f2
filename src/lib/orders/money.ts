// The shop's one money convention for anything shown or charged in another currency: each line's
// unit price is converted on its own (its PKR unit price × rate, rounded to the currency's minor
// unit), the line is that unit × its quantity exactly, the subtotal is the sum of those lines, and
// the total adds the fee. The page, the stored order, the mail, the invoice and the card charge all
// use it, so "30 × AED 72.43" is AED 2,172.90 and the lines a shopper sees add up to the subtotal.
import { BASE_CURRENCY } from '../currency.ts';
import { convertAmount, formatMoney, fromMinorUnits, sumAmounts, toMinorUnits } from '../money.ts';

/** A priced line: its unit price in PKR and its quantity (a cart line, an order's item). */
export type PricedLine = { readonly unitPrice: number; readonly quantity: number };

/**
 * A line in another currency: its PKR unit price converted as every price is (convertAmount), then
 * times the quantity in whole minor units, so the line is exactly the unit shown × the quantity
 * (30 × AED 72.43 = AED 2,172.90, never the converted rupee total AED 2,172.98).
 */
export function convertLineAmount(
  unitPkr: number,
  quantity: number,
  rate: unknown,
  code: string,
): number {
  const unit = toMinorUnits(convertAmount(unitPkr, rate, code), code);
  return fromMinorUnits(unit * quantity, code);
}

/** Each line's total in `code`: its converted unit price × its quantity (a bad rate counts as 1). */
export function convertLines(lines: readonly PricedLine[], rate: unknown, code: string): number[] {
  return lines.map((line) => convertLineAmount(line.unitPrice, line.quantity, rate, code));
}

/** The items subtotal in `code`: the sum of the converted lines, never the converted PKR sum. */
export function linesSubtotal(lines: readonly PricedLine[], rate: unknown, code: string): number {
  return sumAmounts(convertLines(lines, rate, code), code);
}

/** The items amount in PKR: the sum of unit × quantity. */
export function linesPkr(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
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

/**
 * A line's quantity and unit price in words, "30 × AED 72.43": how the cart, the checkout's review,
 * the thank-you popup, the order page and the order mails say it.
 */
export function quantityTimesUnit(quantity: number, unit: string): string {
  return `${quantity} × ${unit}`;
}
