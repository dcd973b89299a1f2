// The /Checkout form: what the shopper typed and left, the validation loaded on first use, the
// order placed under an idempotency key, and the rules that follow the shipping country
// (src/lib/checkout.ts) — its currency, its payment methods, orders paused. The island renders
// `$checkout` and calls the actions below.
import { atom, computed, onMount } from 'nanostores';
import { ApiError, api } from '../client/api.ts';
import { visitedCheckoutFields } from '../client/checkout-visits.ts';
import {
  awaitsCurrency,
  checkoutMethods,
  freshCheckout,
  orderRequest,
  startingCountry,
  withAllowedPayment,
  withCountry,
  type AddressField,
  type CheckoutCountry,
  type CheckoutField,
} from '../lib/checkout.ts';
import {
  checkoutView,
  type CheckoutState,
  type CheckoutView,
  type Validator,
} from '../lib/checkout-view.ts';
import type { OrderRequest } from '../lib/contract/requests.ts';
import type { Order } from '../lib/contract/responses.ts';
import { BASE_CURRENCY } from '../lib/currency.ts';
import { ORDER_MESSAGES } from '../lib/messages.ts';
import { CARD, type PaymentMethod } from '../lib/payments.ts';
import { ROUTES } from '../lib/routes.ts';
import { $cart, clearCart } from './cart.ts';
import { $products, $productsError } from './catalogue.ts';
import { $currency, BASE_PRICES, chooseCountry, savedCountry } from './currency.ts';
import { notify, shownInDialog } from './notices.ts';
import { $session, isSignedIn } from './session.ts';
import { openDrawer } from './ui.ts';

const START: CheckoutState = {
  fields: freshCheckout(BASE_CURRENCY),
  touched: {},
  submitted: false,
  busy: false,
  thanks: false,
  refusals: 0,
  preferred: null,
  key: null,
  noAnswer: null,
};

const $form = atom<CheckoutState>(START);
const $countries = atom<readonly CheckoutCountry[]>([]);
const $validator = atom<Validator | null>(null);
/** The currencies a card is charged in, or null when the shop takes no cards (the page says). */
const $cardCurrencies = atom<readonly string[] | null>(null);
const cards = () => $cardCurrencies.get() !== null;
/** The wallets the shop takes through their API, which ask the CNIC's last six digits. */
export const $cnicWallets = atom<readonly string[]>([]);

/**
 * "Send shipping updates to my WhatsApp": offered when the shop has WhatsApp connected (the page
 * was built knowing), and whether the shopper ticked it (unticked until they do).
 */
export const $whatsappUpdates = atom<{ offered: boolean; ticked: boolean }>({
  offered: false,
  ticked: false,
});

/** Ticks or unticks the WhatsApp box: a changed order gets a new idempotency key. */
export function tickWhatsappUpdates(ticked: boolean): void {
  $whatsappUpdates.set({ ...$whatsappUpdates.get(), ticked });
  $form.set({ ...$form.get(), key: null });
}

/** The order just placed, as the server priced it, for the thank-you popup. */
export const $placedOrder = atom<Order | null>(null);

/** The checkout as the static HTML shows it (no cart, catalogue or saved country yet, prices in PKR). */
export const STATIC_CHECKOUT: CheckoutView = checkoutView(START, [], BASE_PRICES, {}, null, null);

/** The checkout form and what goes with it: the lines, the currency, what may be done. */
export const $checkout = computed(
  [$form, $countries, $currency, $cart, $products, $validator, $cardCurrencies],
  checkoutView,
);

// What the shipping country decides follows it while the checkout is shown.
onMount($form, () => {
  const stops = [
    // Every price on the page follows the shipping country: it becomes the chosen country. Keyed
    // by the country and the shown currency, so a currency without a rate is asked for once.
    computed([$form, $countries, $currency], ({ fields }, countries, currency) => {
      const destination = countries.find((c) => c.name === fields.country);
      return destination && awaitsCurrency(destination, currency.code)
        ? `${destination.name}\u0000${destination.currency}\u0000${currency.code}`
        : '';
    }).subscribe((switchTo) => {
      const [country, code] = switchTo.split('\u0000');
      if (country && code) void chooseCountry(country, code);
    }),
    // Before a country is chosen the currency decides the methods: keep the choice one of them.
    computed([$form, $currency, $cardCurrencies], ({ fields }, currency, cardCurrencies) =>
      checkoutMethods(fields.country, currency.code, cardCurrencies !== null),
    ).subscribe(() => {
      const state = $form.get();
      const fields = withAllowedPayment(
        state.fields,
        $currency.get().code,
        state.preferred,
        cards(),
      );
      if (fields !== state.fields) $form.set({ ...state, fields });
    }),
    // The order review cannot list the cart without the catalogue: say so (docs/product.md §8).
    $productsError.subscribe((error) => {
      if (error) notify(error, 'error');
    }),
  ];
  return () => stops.forEach((stop) => stop());
});

/** The form after one field's edit: a changed order gets a new idempotency key. */
function edited(state: CheckoutState, name: CheckoutField, value: string): CheckoutState {
  const code = $currency.get().code;
  const preferred = name === 'paymentMethod' ? (value as PaymentMethod) : state.preferred;
  const fields =
    name === 'country'
      ? withCountry(state.fields, value, code, preferred, cards())
      : { ...state.fields, [name]: value };
  return {
    ...state,
    preferred,
    key: null,
    fields: withAllowedPayment(fields, code, preferred, cards()),
  };
}

/** What the shopper typed or picked in the server-rendered form before it hydrated. */
export type EarlyInput = {
  /** Address fields with a value, in form order. */
  fields: readonly (readonly [AddressField, string])[];
  /** The payment method picked, or null when the preselected one stands. */
  paymentMethod: string | null;
};

/**
 * Starts the form once its island has hydrated: the countries it ships to, the country the
 * shopper chose last, then what they typed before hydration (after the saved country, so a
 * country picked in the form wins).
 */
export function startCheckout(
  countries: readonly CheckoutCountry[],
  early: EarlyInput,
  cardCurrencies: readonly string[] | null = null,
  cnicWallets: readonly string[] = [],
  whatsappUpdates = false,
): void {
  $countries.set(countries);
  $cardCurrencies.set(cardCurrencies);
  $cnicWallets.set(cnicWallets);
  $whatsappUpdates.set({ ...$whatsappUpdates.get(), offered: whatsappUpdates });
  let state = $form.get();
  const saved = savedCountry();
  const country = startingCountry(saved, countries);
  if (country)
    state = {
      ...state,
      fields: withCountry(state.fields, country, $currency.get().code, state.preferred, cards()),
    };
  for (const [name, value] of early.fields) {
    typed.add(name);
    state = edited(state, name, value);
  }
  // Pakistan by default, not by the shopper's choice: their last order's country may replace it.
  countryPreset = saved === '' && country !== '' && !early.fields.some(([n]) => PLACE.has(n));
  if (early.paymentMethod) state = edited(state, 'paymentMethod', early.paymentMethod);
  // One change, so the currency follows the final country only.
  $form.set(state);
  if (isSignedIn()) void prefillCheckout();
}

// Checkout prefill.
/** The fields the shopper typed in on this page: prefill never touches them. */
const typed = new Set<string>();
/** The fields that say where the order goes: once the shopper edits one, the country is theirs. */
const PLACE: ReadonlySet<string> = new Set(['country', 'state', 'city', 'zip']);
/** The country was preset (Pakistan, nothing chosen) and the shopper has not edited where it goes. */
let countryPreset = false;

/**
 * Fills the signed-in shopper's empty fields: name and e-mail from the account, address and phone
 * from My Setting or else their last order (src/lib/checkout-prefill.ts, loaded here, not with the
 * page), but none the shopper has typed in or been in. A failed orders call only means no last
 * address; a sign-out meanwhile fills nothing.
 */
export async function prefillCheckout(): Promise<void> {
  const session = $session.get();
  const fill = await (await import('./checkout-prefill.ts')).prefillFor(session);
  if ($session.get().token !== session.token) return;
  let state = $form.get();
  // A field the shopper has been in is theirs too, typed in or not: text set under their cursor
  // would join what they type next ("TariqTariq"), and one they emptied (even before the form
  // woke, when it was empty anyway) must stay so.
  const skip = new Set([...typed, ...visitedCheckoutFields()]);
  const preset = countryPreset && ![...skip].some((name) => PLACE.has(name));
  for (const [name, value] of fill(state.fields, skip, preset)) state = edited(state, name, value);
  $form.set(state);
}

/** Changes one field (a country change clears the state and may change the payment method). */
export function editField(name: CheckoutField, value: string): void {
  typed.add(name);
  if (PLACE.has(name)) countryPreset = false;
  $form.set(edited($form.get(), name, value));
}

/** Marks a field as left: its error shows from now on. */
export function leaveField(name: CheckoutField): void {
  const state = $form.get();
  $form.set({ ...state, touched: { ...state.touched, [name]: true } });
}

let validation: Promise<Validator> | null = null;

/**
 * Loads the form's validation (zod) once, on the shopper's first focus or tap in the form rather
 * than with the page. Until it is there no field has been left, so there is no error to show yet.
 */
export function loadValidation(): Promise<Validator> {
  validation ??= import('../client/checkout-validation.ts').then(
    ({ checkoutErrors }) => {
      const validate: Validator = (fields) => checkoutErrors(fields, $cnicWallets.get());
      $validator.set(validate);
      return validate;
    },
    (error: unknown) => {
      // Not fetched (no connection): the next use asks again.
      validation = null;
      throw error;
    },
  );
  return validation;
}

/** A fresh idempotency key for one checkout attempt (a double click reuses it). */
export function newIdempotencyKey(): string {
  return `checkout-${crypto.randomUUID()}`;
}

/**
 * Place Order: refuses an invalid form (counted, so focus moves to the first error), asks a
 * signed-out shopper to log in, then places the order as the shopper pressed it and, once placed,
 * empties the form and opens the thank-you dialog.
 */
export async function submitCheckout(): Promise<void> {
  $form.set({ ...$form.get(), submitted: true, noAnswer: null });
  let check: Validator;
  try {
    check = await loadValidation();
  } catch {
    // Its code could not be fetched (it loads on the first touch of the form): no connection.
    $form.set({ ...$form.get(), noAnswer: ORDER_MESSAGES.offline });
    return;
  }
  // Read after the validation came: the form as it is now (a prefill may have arrived meanwhile)
  // is what is checked and ordered, and what the refusal's count and errors then show.
  const { fields, busy } = $form.get();
  const { lines, currency } = $checkout.get();
  const { paymentMethod } = fields;
  // (The schema requires a method: the second test only tells the type so.)
  if (Object.keys(check(fields)).length > 0 || !paymentMethod) {
    $form.set({ ...$form.get(), refusals: $form.get().refusals + 1 });
    return;
  }
  if (!isSignedIn()) {
    notify(ORDER_MESSAGES.loginRequired, 'error');
    openDrawer('login');
    return;
  }
  if (lines.length === 0 || busy) return;
  const key = $form.get().key ?? newIdempotencyKey();
  $form.set({ ...$form.get(), key, busy: true });
  const placed = await placeOrder(
    orderRequest(
      { ...fields, paymentMethod },
      lines,
      currency.code,
      $whatsappUpdates.get().offered && $whatsappUpdates.get().ticked,
    ),
    key,
  );
  // A card order leaves for the gateway's page (or its order page): the form stays busy meanwhile.
  if (placed === 'leaving') return;
  $form.set({ ...$form.get(), busy: false });
  if (!placed) return;
  $form.set({
    ...$form.get(),
    fields: freshCheckout(currency.code),
    touched: {},
    submitted: false,
    key: null,
    thanks: true,
  });
  $whatsappUpdates.set({ ...$whatsappUpdates.get(), ticked: false });
}

/** Closes the thank-you dialog. */
export function closeThanks(): void {
  $form.set({ ...$form.get(), thanks: false });
}

/**
 * Places the signed-in shopper's order under an idempotency key (a retry of the same order is
 * not placed twice). True once placed (toast said, cart emptied); false when refused (toast says
 * why) or when no answer came (said under Place Order: see placedWithoutAnswer); 'leaving' for a
 * card order, once the browser is on its way to the gateway's payment page, or, when that could
 * not be opened, to the order's page with its Pay now.
 */
export async function placeOrder(
  body: OrderRequest,
  idempotencyKey: string,
): Promise<boolean | 'leaving'> {
  let order: Order;
  try {
    const answer = await api.placeOrder($session.get().token, body, idempotencyKey);
    if (answer.payUrl) {
      clearCart();
      location.assign(answer.payUrl);
      return 'leaving';
    }
    order = answer.order;
  } catch (error) {
    if (!(error instanceof ApiError && error.network)) {
      notify(error instanceof ApiError ? error.message : ORDER_MESSAGES.serverError, 'error');
      return false;
    }
    const found = await placedWithoutAnswer(idempotencyKey);
    if (!found) return false;
    order = found;
  }
  $placedOrder.set(order);
  // Said (and heard) in the thank-you dialog that opens now: the region does not repeat it.
  shownInDialog(notify(ORDER_MESSAGES.placed, 'success'));
  clearCart();
  return true;
}

/**
 * Place Order got no answer. Offline, it says so (the key stays: pressing again cannot place the
 * order twice). Otherwise the order may have been placed and only its answer lost: the shop is
 * asked for the order under this key, which is the order placed when it has one. Said under
 * Place Order, by the island already on the page: a toast's code may not be in the browser yet.
 * (A card order found so is left to Your Orders, where its Pay now is.)
 */
async function placedWithoutAnswer(idempotencyKey: string): Promise<Order | null> {
  const say = (noAnswer: string) => {
    $form.set({ ...$form.get(), noAnswer });
    return null;
  };
  if (typeof navigator !== 'undefined' && !navigator.onLine) return say(ORDER_MESSAGES.offline);
  try {
    const { order } = await api.findOrder($session.get().token, idempotencyKey);
    if (order.paymentMethod === CARD && !order.payment) {
      clearCart();
      location.assign(ROUTES.orders);
      return null;
    }
    return order;
  } catch (error) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    if (error instanceof ApiError && error.status === 404) return say(ORDER_MESSAGES.answerLost);
    return say(offline ? ORDER_MESSAGES.offline : ORDER_MESSAGES.answerLost);
  }
}
