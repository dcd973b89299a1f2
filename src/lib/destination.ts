import { CHECKOUT_COUNTRIES, currencyForCountry } from './countries.ts';
import {
  HOME_COUNTRY,
  defaultPaymentMethod,
  isPaymentAllowed,
  paymentLabel,
  type PaymentMethod,
} from './payments.ts';

/** Why an order's currency or payment method does not fit its shipping country. */
export const DESTINATION_MESSAGES = {
  unknownCountry: 'We do not ship to this country. Please choose your country from the list.',
  currencyMismatch: (country: string, currency: string) =>
    `Orders to ${country} are charged in ${currency}. Please refresh the checkout and try again.`,
  methodNotAllowed: (method: string) =>
    `${paymentLabel(method)} is available only for addresses in ${HOME_COUNTRY}.`,
} as const;

/** What the shipping country decides: its name as listed, the currency charged and the payment method. */
export type Destination = { country: string; currency: string; paymentMethod: PaymentMethod };

const checkoutNames = new Map(CHECKOUT_COUNTRIES.map((c) => [c.name.toLowerCase(), c.name]));

/**
 * Resolves an order's destination (SPEC §9): the shipping country, one of the checkout's, decides the
 * currency (countries table) and which methods are allowed (COD and wallets only in Pakistan). The
 * currency a client sends must match; a missing method gets the country's default. Returns the
 * destination, or the message to refuse the order with.
 */
export function resolveDestination(order: {
  country: string;
  currency?: string;
  paymentMethod?: PaymentMethod;
}): Destination | { error: string } {
  const country = checkoutNames.get(order.country.trim().toLowerCase());
  if (!country) return { error: DESTINATION_MESSAGES.unknownCountry };
  const currency = currencyForCountry(country);
  if (order.currency !== undefined && order.currency !== currency) {
    return { error: DESTINATION_MESSAGES.currencyMismatch(country, currency) };
  }
  const paymentMethod = order.paymentMethod ?? defaultPaymentMethod(country);
  if (!isPaymentAllowed(paymentMethod, country))
    return { error: DESTINATION_MESSAGES.methodNotAllowed(paymentMethod) };
  return { country, currency, paymentMethod };
}
