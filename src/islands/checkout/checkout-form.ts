import type { OrderRequest } from '../../lib/contract/requests.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import {
  HOME_COUNTRY,
  defaultPaymentMethod,
  isPaymentAllowed,
  type PaymentMethod,
} from '../../lib/payments.ts';

/** The checkout form's fields as typed (SPEC §3 Address plus the payment choice). */
export type CheckoutFields = {
  firstName: string;
  lastName: string;
  email: string;
  address1: string;
  address2: string;
  country: string;
  city: string;
  state: string;
  zip: string;
  mobile: string;
  paymentMethod: PaymentMethod | '';
};

/** The address fields in form order, with their labels. */
export const ADDRESS_FIELDS = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['email', 'Email'],
  ['address1', 'Address 1'],
  ['address2', 'Address 2 (optional)'],
  ['country', 'Country'],
  ['state', 'State'],
  ['city', 'City'],
  ['zip', 'Zip code'],
  ['mobile', 'Mobile number'],
] as const;

/** An empty form with a payment method preselected. */
export function emptyCheckout(paymentMethod: PaymentMethod | '', country = ''): CheckoutFields {
  return {
    firstName: '',
    lastName: '',
    email: '',
    address1: '',
    address2: '',
    country,
    city: '',
    state: '',
    zip: '',
    mobile: '',
    paymentMethod,
  };
}

/**
 * The country whose payment rule applies: the chosen shipping country, or, before one is chosen,
 * Pakistan while prices show in PKR (so COD stays the default, SPEC §3).
 */
export function shipsTo(country: string, currencyCode: string): string {
  return country || (currencyCode === BASE_CURRENCY ? HOME_COUNTRY : '');
}

/** The method to show for a place: the shopper's own pick where that place allows it, else its default. */
export function paymentFor(place: string, preferred: PaymentMethod | null = null): PaymentMethod {
  return preferred && isPaymentAllowed(preferred, place) ? preferred : defaultPaymentMethod(place);
}

/**
 * Changing the country clears the state (SPEC §5) and sets the payment to the shopper's own pick
 * where the new country allows it (COD and wallets only in Pakistan), else the country's default.
 */
export function withCountry(
  fields: CheckoutFields,
  country: string,
  currencyCode: string = BASE_CURRENCY,
  preferred: PaymentMethod | null = null,
): CheckoutFields {
  if (country === fields.country) return fields;
  return {
    ...fields,
    country,
    state: '',
    paymentMethod: paymentFor(shipsTo(country, currencyCode), preferred),
  };
}

/** The order body the API takes: the address, the lines, the currency and the payment method. */
export function orderBody(
  fields: CheckoutFields & { paymentMethod: PaymentMethod },
  items: { itemId: string; selectedColor: string; imageIndex: number; quantity: number }[],
  currency: string,
): OrderRequest {
  const { paymentMethod, address2, ...address } = fields;
  return {
    items: items.map((i) => ({
      productId: i.itemId,
      selectedColor: i.selectedColor,
      imageIndex: i.imageIndex,
      quantity: i.quantity,
    })),
    address: address2.trim() ? { ...address, address2 } : address,
    currency,
    paymentMethod,
  };
}

/** A fresh idempotency key for one checkout attempt (a double click reuses it). */
export function newIdempotencyKey(): string {
  return `checkout-${crypto.randomUUID()}`;
}
