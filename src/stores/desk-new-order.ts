// The desk's New order form: an order staff take for a customer who phoned or wrote on WhatsApp.
// It picks lines from the published catalogue (the prices the server will charge), checks the
// address with the checkout's own rules and messages, shows the total with the delivery fee by the
// shop's rules before saving, and saves under one Idempotency-Key per form, so a Save sent again
// after a lost answer places the order once.
import { atom, computed } from 'nanostores';
import { checkoutErrors } from '../lib/checkout-errors.ts';
import { emptyCheckout, type CheckoutField, type CheckoutFields } from '../lib/checkout.ts';
import { currencyForCountry } from '../lib/countries.ts';
import { BASE_CURRENCY } from '../lib/currency.ts';
import { orderAmounts } from '../lib/delivery.ts';
import { MAX_QUANTITY } from '../lib/cart.ts';
import { productQuantities, unitPrice } from '../lib/pricing.ts';
import type { Product } from '../lib/product.ts';
import type { OrderChannel } from '../lib/orders/phone-orders.ts';
import { HOME_COUNTRY } from '../lib/payments.ts';
import { ApiError, call } from '../client/api.ts';
import { deskCall } from '../client/desk-calls.ts';
import { callDesk, notifyFailure, withSession } from './desk-call.ts';
import { goToPlace, herePlace, notify } from './desk-session.ts';
import { setUnsaved } from './desk-leave.ts';

/** The New order form's name among the forms that ask before they are left. */
export const UNSAVED_NEW_ORDER = 'new-order';

/** The methods the form offers (a phone order is never paid by card or an API wallet). */
export type NewOrderMethod = 'COD' | 'Bank Transfer';

/** One line of the order as picked: the product, its colour and how many. */
export interface NewOrderLine {
  productId: string;
  colour: string;
  quantity: number;
}

/** The form's state. */
export interface NewOrderState {
  /** The published catalogue the lines are picked from; null while it loads. */
  products: Product[] | null;
  lines: NewOrderLine[];
  channel: OrderChannel;
  /** An existing customer's e-mail or phone ('' for the address's e-mail, or a new customer). */
  customer: string;
  fields: CheckoutFields;
  errors: Partial<Record<CheckoutField | 'lines', string>>;
  submitted: boolean;
  saving: boolean;
  /** The Idempotency-Key of this form's Save. */
  key: string;
  /** Bumped by each refused Save, so the screen moves focus to the first problem. */
  refusals: number;
}

/** What the form says when no line is picked. */
export const NO_LINES = 'Add at least one product.';

const newKey = () => `desk-order-${crypto.randomUUID()}`;

const initial = (): NewOrderState => ({
  products: null,
  lines: [],
  channel: 'phone',
  customer: '',
  fields: emptyCheckout('COD', HOME_COUNTRY),
  errors: {},
  submitted: false,
  saving: false,
  key: newKey(),
  refusals: 0,
});

/** The open New order form. */
export const $newOrder = atom<NewOrderState>(initial());

const patch = (change: Partial<NewOrderState>) => $newOrder.set({ ...$newOrder.get(), ...change });

/**
 * Whether the form holds something the member typed or picked: a line, a customer, another channel,
 * or an address field or payment method other than an empty form's. Leaving it then asks first.
 */
export const $newOrderEdited = computed($newOrder, (state) => {
  const blank = initial();
  return (
    state.lines.length > 0 ||
    state.customer.trim() !== '' ||
    state.channel !== blank.channel ||
    (Object.keys(blank.fields) as CheckoutField[]).some(
      (name) => state.fields[name] !== blank.fields[name],
    )
  );
});

/** Opens an empty form and loads the published catalogue it picks from. */
export async function openNewOrder(): Promise<void> {
  $newOrder.set(initial());
  const place = herePlace();
  try {
    const { products } = await call('productList', undefined);
    patch({ products: [...products].sort((a, b) => a.productName.localeCompare(b.productName)) });
  } catch (error) {
    notifyFailure(error, place);
  }
}

/** Adds `quantity` of a product in a colour; the same product and colour again adds to its line. */
export function addLine(productId: string, colour: string): void {
  const { lines } = $newOrder.get();
  const at = lines.findIndex((l) => l.productId === productId && l.colour === colour);
  const next =
    at === -1
      ? [...lines, { productId, colour, quantity: 1 }]
      : lines.map((l, i) =>
          i === at ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l,
        );
  const { lines: _, ...errors } = $newOrder.get().errors;
  patch({ lines: next, errors });
}

/** Sets a line's quantity (1 to MAX_QUANTITY). */
export function setQuantity(index: number, quantity: number): void {
  const q = Math.min(MAX_QUANTITY, Math.max(1, Math.round(quantity) || 1));
  patch({ lines: $newOrder.get().lines.map((l, i) => (i === index ? { ...l, quantity: q } : l)) });
}

/** Removes a line. */
export function removeLine(index: number): void {
  patch({ lines: $newOrder.get().lines.filter((_, i) => i !== index) });
}

/** Changes one address field or the payment method; the checkout's rules check it again. */
export function setField(name: CheckoutField, value: string): void {
  const state = $newOrder.get();
  const fields = { ...state.fields, [name]: value } as CheckoutFields;
  patch({ fields, errors: state.submitted ? errorsOf(fields, state.lines) : state.errors });
}

/** Sets how the order came. */
export const setChannel = (channel: OrderChannel): void => patch({ channel });

/** Sets the existing customer's e-mail or phone. */
export const setCustomer = (customer: string): void => patch({ customer });

/** What Find says when "Existing customer" is empty. */
export const FIND_WHOM = 'Type the customer’s e-mail or phone, then Find.';

/**
 * Finds the customer "Existing customer" names (by e-mail or phone) and fills the address with
 * their last order's, or their e-mail when they have no order yet; staff check it with them.
 */
export async function findCustomer(): Promise<void> {
  const typed = $newOrder.get().customer.trim();
  if (typed === '') return notify('error', FIND_WHOM);
  const place = herePlace();
  try {
    const { message, customer } = await callDesk('deskCustomerFind', { customer: typed });
    const state = $newOrder.get();
    const { address } = customer;
    const fields: CheckoutFields = address
      ? { ...state.fields, ...address, address2: address.address2 ?? '' }
      : { ...state.fields, email: customer.email };
    patch({ fields, errors: state.submitted ? errorsOf(fields, state.lines) : state.errors });
    notify('success', message, place);
  } catch (error) {
    notifyFailure(error, place);
  }
}

/** Every problem of the form: the checkout's own for the address and method, and a missing line. */
function errorsOf(fields: CheckoutFields, lines: readonly NewOrderLine[]): NewOrderState['errors'] {
  return { ...checkoutErrors(fields), ...(lines.length === 0 ? { lines: NO_LINES } : {}) };
}

/** A line's product in the catalogue, or undefined. */
export const productOf = (products: readonly Product[] | null, productId: string) =>
  products?.find((p) => p._id === productId);

/**
 * What the form shows before saving, by the server's own rules: each line priced from the
 * catalogue (discount and wholesale), and in Pakistan the delivery fee and total in rupees. Another
 * country's currency is priced at the day's rate when saved (`currency` names it, amounts null).
 */
export const $newOrderTotals = computed($newOrder, ({ products, lines, fields }) => {
  // The wholesale rule counts a product across all its lines, as the server does.
  const quantities = productQuantities(lines);
  const priced = lines.map((l) => {
    const product = productOf(products, l.productId);
    const productQuantity = quantities.get(l.productId) ?? l.quantity;
    return { unitPrice: product ? unitPrice(product, productQuantity) : 0, quantity: l.quantity };
  });
  const linesPkr = priced.map((l) => l.unitPrice * l.quantity);
  const currency = currencyForCountry(fields.country || HOME_COUNTRY);
  const itemsPkr = linesPkr.reduce((a, b) => a + b, 0);
  if (currency !== BASE_CURRENCY) return { linesPkr, itemsPkr, currency, fee: null, total: null };
  const amounts = orderAmounts(priced, BASE_CURRENCY, { [BASE_CURRENCY]: 1 });
  return {
    linesPkr,
    itemsPkr,
    currency,
    fee: lines.length ? amounts.deliveryFee : 0,
    total: lines.length ? amounts.total : 0,
  };
});

/** Saves the order; on success opens it, with the server's message. */
export async function saveNewOrder(): Promise<void> {
  const state = $newOrder.get();
  if (state.saving) return;
  const errors = errorsOf(state.fields, state.lines);
  if (Object.keys(errors).length > 0) {
    patch({ errors, submitted: true, refusals: state.refusals + 1 });
    const count = Object.keys(errors).length;
    notify('error', count === 1 ? 'One field needs attention.' : `${count} fields need attention.`);
    return;
  }
  const place = herePlace();
  patch({ saving: true, submitted: true, errors: {} });
  const { paymentMethod, address2, walletNumber: _w, walletCnic: _c, ...address } = state.fields;
  try {
    const answer = await withSession(() =>
      deskCall(
        'deskNewOrder',
        {
          channel: state.channel,
          ...(state.customer.trim() ? { customer: state.customer.trim() } : {}),
          items: state.lines.map((l) => ({
            productId: l.productId,
            selectedColor: l.colour,
            quantity: l.quantity,
          })),
          address: address2.trim() ? { ...address, address2 } : address,
          paymentMethod: paymentMethod as NewOrderMethod,
        },
        { headers: { 'Idempotency-Key': state.key } },
      ),
    );
    if (place === herePlace()) {
      // Saved: nothing is left to ask about when the desk opens the new order.
      setUnsaved(UNSAVED_NEW_ORDER, false);
      $newOrder.set(initial());
      goToPlace(`orders/${answer.order.number}`);
      notify('success', answer.message);
    }
  } catch (error) {
    // A refusal the server worded for a field is shown beside it; the same key stays for a retry.
    if (error instanceof ApiError && error.problems)
      patch({ errors: error.problems, refusals: $newOrder.get().refusals + 1 });
    notifyFailure(error, place);
  } finally {
    if ($newOrder.get().key === state.key) patch({ saving: false });
  }
}
