import type { CurrencyState } from './currency.ts';
import { BASE_CURRENCY, roundToShown, safeRate, sumAmounts } from './money.ts';
import { convertLines, type PricedLine } from './orders/money.ts';

/** Flat delivery fee per currency, each in its own currency's units (docs/product.md §9, docs/design.md "Data"). */
export const DELIVERY_FEE_BASES: Readonly<Record<string, number>> = Object.freeze({
  PKR: 250,
  INR: 600,
  USD: 25,
  CAD: 28,
  BRL: 80,
  EUR: 20,
  GBP: 18,
  JPY: 3500,
  AED: 35,
  SAR: 30,
  AUD: 30,
  ZAR: 40,
  NGN: 12000,
});

/** The fee, in USD, for a currency without a listed base; converted to that currency. */
export const INTERNATIONAL_FEE_USD = 40;

/** Tax on every order (docs/product.md §2, §9: always 0). */
export const TAX = 0;

// Rates are units of each currency per 1 PKR (PKR base), as the exchange-rate service gives them.
/**
 * The delivery fee in the destination's currency: the listed base, else 40 USD converted and
 * rounded to that currency's smallest unit.
 */
export function deliveryFee(currency: string, rates: Readonly<Record<string, number>>): number {
  if (Object.hasOwn(DELIVERY_FEE_BASES, currency)) return DELIVERY_FEE_BASES[currency] as number;
  const rate = Object.hasOwn(rates, currency) ? rates[currency] : undefined;
  const usd = Object.hasOwn(rates, 'USD') ? rates.USD : undefined;
  return roundToShown((INTERNATIONAL_FEE_USD * safeRate(rate)) / safeRate(usd), currency);
}

/**
 * An order's amounts in the destination's currency, each exact to its smallest unit (KWD 1.485):
 * every line its converted unit price × its quantity, the subtotal being the sum of those lines (so
 * the lines shown add up to it), then the delivery fee and tax; the total is the sum of the parts.
 */
export function orderAmounts(
  priced: readonly PricedLine[],
  currency: string,
  rates: Readonly<Record<string, number>>,
): {
  rate: number;
  lines: number[];
  subtotal: number;
  deliveryFee: number;
  tax: number;
  total: number;
} {
  const rate =
    currency === BASE_CURRENCY
      ? 1
      : safeRate(Object.hasOwn(rates, currency) ? rates[currency] : undefined);
  const lines = convertLines(priced, rate, currency);
  const subtotal = sumAmounts(lines, currency);
  const fee = deliveryFee(currency, rates);
  return {
    rate,
    lines,
    subtotal,
    deliveryFee: fee,
    tax: TAX,
    total: sumAmounts([subtotal, fee, TAX], currency),
  };
}

/**
 * What an order summary shows in the shown currency (docs/product.md §2, §9): the subtotal as the sum of the
 * lines converted one by one (as each line is shown: unit × quantity), the tax (always 0), the delivery
 * fee and the total, at the rate prices are shown at; an empty cart owes no shipping and totals 0.
 */
export function summaryAmounts(
  lines: readonly PricedLine[],
  currency: Pick<CurrencyState, 'code' | 'rate'>,
  rates: Readonly<Record<string, number>>,
): { subtotal: number; tax: number; shipping: number; total: number } {
  const amounts = orderAmounts(lines, currency.code, {
    ...rates,
    [currency.code]: currency.rate,
  });
  const owes = lines.some((line) => line.unitPrice * line.quantity > 0);
  return {
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    shipping: owes ? amounts.deliveryFee : 0,
    total: owes ? amounts.total : 0,
  };
}
