// The checkout's rules (docs/product.md §2, §4, §5, §9), apart from the form that shows them and the store
// that holds them: what the form keeps, which payment methods a destination gets, when orders to it
// are paused and the order request. What the summary shows is delivery.ts's (summaryAmounts), so
// the cart page, which shows a summary and no form, does not load these rules.
import { addressFormat } from './address-format.ts';
import type { OrderRequest } from './contract/requests.ts';
import { BASE_CURRENCY, type CurrencyState } from './currency.ts';
import {
  HOME_COUNTRY,
  defaultPaymentMethod,
  isPaymentAllowed,
  paymentMethodsFor,
  type PaymentMethod,
  isWalletMethod,
} from './payments.ts';

/** The checkout form's fields as typed (docs/product.md §3 Address plus the payment choice). */
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
  /** The JazzCash or EasyPaisa number the payment request goes to ('' for other methods). */
  walletNumber: string;
  /** The last six digits of the wallet holder's CNIC, for a wallet that asks them ('' otherwise). */
  walletCnic?: string;
};

/** One of the checkout form's fields. */
export type CheckoutField = keyof CheckoutFields;

/** A country the checkout ships to, with its currency and the regions its State select lists. */
export type CheckoutCountry = { name: string; currency: string; regions: readonly string[] };

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

/** One of the address fields. */
export type AddressField = (typeof ADDRESS_FIELDS)[number][0];

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
    walletNumber: '',
  };
}

/**
 * The country whose payment rule applies: the chosen shipping country, or, before one is chosen,
 * Pakistan while prices show in PKR (so COD stays the default, docs/product.md §3).
 */
export function shipsTo(country: string, currencyCode: string): string {
  return country || (currencyCode === BASE_CURRENCY ? HOME_COUNTRY : '');
}

/**
 * The payment methods the form offers: the shipping country's (docs/product.md §9), see `shipsTo`,
 * and the card too where the shop takes cards (`cards`).
 */
export function checkoutMethods(
  country: string,
  currencyCode: string,
  cards = false,
): readonly PaymentMethod[] {
  return paymentMethodsFor(shipsTo(country, currencyCode), cards);
}

/** The method to show for a place: the shopper's own pick where that place allows it, else its default. */
export function paymentFor(
  place: string,
  preferred: PaymentMethod | null = null,
  cards = false,
): PaymentMethod {
  return preferred && isPaymentAllowed(preferred, place, cards)
    ? preferred
    : defaultPaymentMethod(place);
}

/** An empty form for prices in `currencyCode`, its payment method preselected (COD in PKR). */
export function freshCheckout(currencyCode: string): CheckoutFields {
  return emptyCheckout(paymentFor(shipsTo('', currencyCode)));
}

/**
 * The country the checkout's form starts with: the shipping country the shopper chose (in the
 * header or /selectCountry) when the checkout ships there, Pakistan when they chose none yet (most
 * shoppers are Pakistani, and the shop's prices start in rupees), else none ('': the shopper picks).
 */
export function startingCountry(saved: string, countries: readonly CheckoutCountry[]): string {
  const wanted = saved || HOME_COUNTRY;
  return countries.some((c) => c.name === wanted) ? wanted : '';
}

/**
 * Changing the country clears the state (docs/product.md §5) and sets the payment to the shopper's own pick
 * where the new country allows it (COD and wallets only in Pakistan), else the country's default.
 */
export function withCountry(
  fields: CheckoutFields,
  country: string,
  currencyCode: string = BASE_CURRENCY,
  preferred: PaymentMethod | null = null,
  cards = false,
): CheckoutFields {
  if (country === fields.country) return fields;
  return {
    ...fields,
    country,
    state: '',
    // A country without postcodes has no postcode field: one typed for another country goes.
    zip: addressFormat(country).postcode === null ? '' : fields.zip,
    paymentMethod: paymentFor(shipsTo(country, currencyCode), preferred, cards),
  };
}

/**
 * The form with a payment method the form offers: unchanged while its method is one of them, else
 * the shopper's own pick where allowed, or the default (a change of currency before any country is
 * chosen changes the methods too).
 */
export function withAllowedPayment(
  fields: CheckoutFields,
  currencyCode: string,
  preferred: PaymentMethod | null = null,
  cards = false,
): CheckoutFields {
  const methods: readonly string[] = checkoutMethods(fields.country, currencyCode, cards);
  if (methods.includes(fields.paymentMethod)) return fields;
  return {
    ...fields,
    paymentMethod: paymentFor(shipsTo(fields.country, currencyCode), preferred, cards),
  };
}

/**
 * Whether orders to the destination are paused: its currency is not PKR and has no rate the server
 * may price at, none known (prices stay in PKR, `wanted`) or one older than MAX_RATE_AGE_MS
 * (`since`). The server refuses such orders too.
 */
export function ordersPaused(
  destination: CheckoutCountry,
  currency: Pick<CurrencyState, 'code' | 'wanted' | 'since'>,
): boolean {
  return (
    destination.currency !== BASE_CURRENCY &&
    (currency.wanted === destination.currency ||
      (destination.currency === currency.code && currency.since !== undefined))
  );
}

/**
 * Whether prices are not yet in the destination's currency (they switch as soon as the country is
 * chosen): until they are, the order would be refused as a currency mismatch.
 */
export function awaitsCurrency(destination: CheckoutCountry, currencyCode: string): boolean {
  return destination.currency !== currencyCode;
}

/**
 * A field's error as the form shows it: once the form was submitted or the field left, and for the
 * State select only once a country is chosen (it stays disabled until then, so cannot be fixed).
 */
export function shownError(
  name: CheckoutField,
  form: {
    fields: CheckoutFields;
    errors: Partial<Record<CheckoutField, string>>;
    touched: Partial<Record<CheckoutField, boolean>>;
    submitted: boolean;
  },
): string | undefined {
  if (name === 'state' && !form.fields.country) return undefined;
  return form.submitted || form.touched[name] ? form.errors[name] : undefined;
}

/**
 * The order request POST /api/order/COD takes: the address, the lines, the currency, the payment
 * method, the wallet number for JazzCash or EasyPaisa, and the WhatsApp opt-in when it was ticked
 * and applies.
 */
export function orderRequest(
  fields: CheckoutFields & { paymentMethod: PaymentMethod },
  items: readonly { itemId: string; selectedColor: string; imageIndex: number; quantity: number }[],
  currency: string,
  whatsappUpdates = false,
): OrderRequest {
  const { paymentMethod, address2, walletNumber, walletCnic, ...address } = fields;
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
    ...(isWalletMethod(paymentMethod) ? { walletNumber } : {}),
    ...(isWalletMethod(paymentMethod) && walletCnic?.trim()
      ? { walletCnic: walletCnic.trim() }
      : {}),
    // Ticked only while it applies (src/lib/whatsapp-updates.ts; the box unticks itself when the
    // mobile stops being Pakistani), and never for an order abroad.
    ...(whatsappUpdates && fields.country === 'Pakistan' ? { whatsappUpdates: true } : {}),
  };
}
