// What the checkout says a card is charged, apart from the checkout's other rules so that only the
// payment section's card note loads it; its words are here, not with the card's other messages
// (cards.ts), which the checkout's first screen does not need.
import { summaryAmounts } from './delivery.ts';
import { BASE_CURRENCY, type CurrencyState } from './currency.ts';
import { formatMoney } from './money.ts';
import { linesPkr, orderTotalPkr, type PricedLine } from './orders/money.ts';

/** Checkout, before paying, when the card is charged in rupees for an order in another currency. */
export const cardChargedInRupees = (rupees: string, approx: string) =>
  `Your card is charged ${rupees} (about ${approx})`;

/**
 * What the checkout says before a card is charged in rupees for an order in a currency the gateway
 * does not take ("Your card is charged ₨14,812 (about ¥26,003)"): the rupee figure the server
 * charges (the lines in PKR plus the fee back at the shown rate), and the order's total beside it.
 * Null when the card is charged in the order's own currency, or the cart is empty.
 */
export function cardChargeNotice(
  lines: readonly PricedLine[],
  currency: Pick<CurrencyState, 'code' | 'rate'>,
  rates: Readonly<Record<string, number>>,
  cardCurrencies: readonly string[],
): string | null {
  if (cardCurrencies.includes(currency.code)) return null;
  const amounts = summaryAmounts(lines, currency, rates);
  if (amounts.total === 0) return null;
  const rupees = orderTotalPkr({
    amountPkr: linesPkr(lines),
    deliveryFee: amounts.shipping,
    rate: currency.rate,
  });
  return cardChargedInRupees(
    formatMoney(rupees, BASE_CURRENCY),
    formatMoney(amounts.total, currency.code),
  );
}
