// What /Checkout shows, derived from the form's state and the shop's: which errors show, the
// lines and their subtotal, the methods, whether orders are paused and Place Order may be pressed.
// The checkout store (src/stores/checkout.ts) keeps the state and offers this as `$checkout`.
import { cartLines, type CartLine, type CartMap } from './cart.ts';
import {
  awaitsCurrency,
  checkoutMethods,
  ordersPaused,
  shownError,
  type CheckoutCountry,
  type CheckoutField,
  type CheckoutFields,
} from './checkout.ts';
import type { CurrencyState } from './currency.ts';
import { CHECKOUT_MESSAGES } from './messages.ts';
import type { PaymentMethod } from './payments.ts';
import type { Product } from './product.ts';

/** Every field's first error, by the shared checkout schema. */
export type Validator = (fields: CheckoutFields) => Partial<Record<CheckoutField, string>>;

/** The form as the shopper fills it in, and where the attempt to order stands. */
export interface CheckoutState {
  fields: CheckoutFields;
  touched: Partial<Record<CheckoutField, boolean>>;
  submitted: boolean;
  busy: boolean;
  /** The thank-you dialog is open. */
  thanks: boolean;
  /** Refused submits so far: each one moves focus to the first invalid field again. */
  refusals: number;
  /** The method the shopper clicked, kept across countries that do not allow it for a while. */
  preferred: PaymentMethod | null;
  /** This attempt's idempotency key: a retry reuses it, a changed order gets a new one. */
  key: string | null;
  /** Why the last Place Order got no answer (offline, the connection lost), or null. */
  noAnswer: string | null;
}

/** What /Checkout shows. */
export interface CheckoutView {
  fields: CheckoutFields;
  /** Each field's error as the form shows it now (`shownError`). */
  errors: Partial<Record<CheckoutField, string>>;
  /** How many fields are invalid, shown or not: what a refused submit announces. */
  errorCount: number;
  /** The chosen country's regions, for the State select. */
  regions: readonly string[];
  methods: readonly PaymentMethod[];
  /** The currencies a card is charged in (others in PKR), or null when the shop takes no cards. */
  cardCurrencies: readonly string[] | null;
  currency: CurrencyState;
  /** The priced lines: the summary converts each unit price and multiplies it (orders/money.ts). */
  lines: CartLine[];
  /** The catalogue is loaded and the cart holds nothing to order (and no order was just placed). */
  cartEmpty: boolean;
  /** Why orders to the chosen country are paused, or null. */
  paused: string | null;
  /** Place Order may be pressed. */
  canPlace: boolean;
  busy: boolean;
  thanks: boolean;
  refusals: number;
  /** Said under Place Order when it got no answer, or null. */
  noAnswer: string | null;
}

/** The page's view of the checkout (see CheckoutView). */
export function checkoutView(
  form: CheckoutState,
  countries: readonly CheckoutCountry[],
  currency: CurrencyState,
  cart: CartMap,
  products: readonly Product[] | null,
  validator: Validator | null,
  cardCurrencies: readonly string[] | null = null,
): CheckoutView {
  const { fields } = form;
  const destination = countries.find((c) => c.name === fields.country);
  const invalid = validator ? validator(fields) : {};
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const name of Object.keys(invalid) as CheckoutField[]) {
    const shown = shownError(name, { ...form, errors: invalid });
    if (shown) errors[name] = shown;
  }
  const lines = products ? cartLines(cart, products) : [];
  const paused = destination !== undefined && ordersPaused(destination, currency);
  const switching = destination !== undefined && awaitsCurrency(destination, currency.code);
  return {
    fields,
    errors,
    // What a refused submit announces: the errors it shows (the State's waits for a country).
    errorCount: (Object.keys(invalid) as CheckoutField[]).filter((name) =>
      shownError(name, { ...form, errors: invalid, submitted: true }),
    ).length,
    regions: destination?.regions ?? [],
    methods: checkoutMethods(fields.country, currency.code, cardCurrencies !== null),
    cardCurrencies,
    currency,
    lines,
    cartEmpty: products !== null && lines.length === 0 && !form.thanks,
    paused: paused ? CHECKOUT_MESSAGES.ordersPaused(destination.name, destination.currency) : null,
    canPlace: !form.busy && !switching && !paused && lines.length > 0,
    busy: form.busy,
    thanks: form.thanks,
    refusals: form.refusals,
    noAnswer: form.noAnswer,
  };
}
