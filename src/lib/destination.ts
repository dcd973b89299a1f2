import { CHECKOUT_COUNTRIES, currencyForCountry } from './countries.ts';
import { DESTINATION_MESSAGES } from './messages.ts';
import { CARD_MESSAGES } from './cards.ts';
import { CARD, defaultPaymentMethod, isPaymentAllowed, type PaymentMethod } from './payments.ts';

/** What the shipping country decides: its name as listed, the currency charged and the payment method. */
export type Destination = { country: string; currency: string; paymentMethod: PaymentMethod };

const checkoutNames = new Map(CHECKOUT_COUNTRIES.map((c) => [c.name.toLowerCase(), c.name]));

/**
 * Resolves an order's destination (docs/product.md §9): the shipping country, one of the checkout's, decides the
 * currency (countries table) and which methods are allowed (COD and wallets only in Pakistan). The
 * currency a client sends must match; a missing method gets the country's default; the card is
 * allowed only with `cards` (the shop takes cards). Returns the
 * destination, or the message to refuse the order with.
 */
export function resolveDestination(
  order: {
    country: string;
    currency?: string;
    paymentMethod?: PaymentMethod;
  },
  cards = false,
): Destination | { error: string } {
  const country = checkoutNames.get(order.country.trim().toLowerCase());
  if (!country) return { error: DESTINATION_MESSAGES.unknownCountry };
  const currency = currencyForCountry(country);
  if (order.currency !== undefined && order.currency !== currency) {
    return { error: DESTINATION_MESSAGES.currencyMismatch(country, currency) };
  }
  const paymentMethod = order.paymentMethod ?? defaultPaymentMethod(country);
  if (paymentMethod === CARD && !cards) return { error: CARD_MESSAGES.cardsOff };
  if (!isPaymentAllowed(paymentMethod, country, cards))
    return { error: DESTINATION_MESSAGES.methodNotAllowed(paymentMethod) };
  return { country, currency, paymentMethod };
}
