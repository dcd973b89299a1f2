import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { cartLineKey, cartLines, cartSubtotal, type CartMap } from '../../lib/cart.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { paymentLabel, paymentMethodsFor, type PaymentMethod } from '../../lib/payments.ts';
import { $cart } from '../../stores/cart.ts';
import { $products, $productsError } from '../../stores/catalogue.ts';
import { chooseCountry, savedCountry } from '../../stores/currency.ts';
import { notify } from '../../stores/notices.ts';
import { placeOrder as sendOrder } from '../../stores/checkout.ts';
import { isSignedIn } from '../../stores/session.ts';
import { openDrawer } from '../../stores/ui.ts';
import { CloseButton, Dialog } from '../header/Dialog.tsx';
import { useHydratedStore } from '../shared/hooks.ts';
import { useStartShop } from './use-start-shop.ts';
import { Price, useCurrency } from '../shared/Price.tsx';
import {
  ADDRESS_FIELDS,
  emptyCheckout,
  newIdempotencyKey,
  orderBody,
  paymentFor,
  shipsTo,
  withCountry,
  type CheckoutFields,
} from './checkout-form.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { pageHeading, useErrorFocus } from './form-focus.ts';
import './checkout.css';
import { ROUTES } from '../../lib/routes.ts';

/** A checkout country with its currency and the regions its State select lists (built from src/lib/countries.ts). */
export type CountryOption = { name: string; currency: string; regions: readonly string[] };

type Field = keyof CheckoutFields;

/** /Checkout: Shipping Details, Payment, Order Review and the thank-you popup (SPEC §2, §4, §5). */
export default function Checkout({ countries }: { countries: CountryOption[] }) {
  const currency = useCurrency();
  // Server-rendered: the first render is the static shell's (no cart, no products, no saved
  // country), so hydration matches; the browser's own state follows at once.
  const cart = useHydratedStore($cart, NO_CART);
  const products = useHydratedStore($products, null);
  const [fields, setFields] = useState<CheckoutFields>(() =>
    emptyCheckout(paymentFor(shipsTo('', currency.code))),
  );
  const validate = useLazyValidation();
  // The shipping country decides the currency and the methods (the server enforces the same rule).
  const destination = countries.find((c) => c.name === fields.country);
  const methods = paymentMethodsFor(shipsTo(fields.country, currency.code));
  // Orders abroad pause while the country's currency has no rate the server may price at (none
  // known, or older than MAX_RATE_AGE_MS); the server refuses them too.
  const paused =
    destination !== undefined &&
    destination.currency !== BASE_CURRENCY &&
    (currency.wanted === destination.currency ||
      (destination.currency === currency.code && currency.since !== undefined));
  // Until the page shows the new country's currency, an order would be refused as a mismatch.
  const switching = destination !== undefined && destination.currency !== currency.code;
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState(false);
  const keyRef = useRef<string | null>(null);
  // The method the shopper clicked, kept across country changes that do not allow it for a while.
  const preferred = useRef<PaymentMethod | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [refused, setRefused] = useState(0);

  useStartShop();
  const productsError = useHydratedStore($productsError, null);
  useEffect(() => {
    // The order review cannot list the cart without the catalogue: say so (SPEC §8).
    if (productsError) notify(productsError, 'error');
  }, [productsError]);
  useEffect(() => {
    // The saved country follows hydration, so the server-rendered shell matches the first render.
    const saved = savedCountry();
    if (countries.some((c) => c.name === saved))
      setFields((f) => withCountry(f, saved, currency.code, preferred.current));
    // The form is server-rendered: what the shopper typed or picked before hydration is in the DOM
    // only, and React would reset it on its next render. It is taken over (after the saved country,
    // so a country picked here wins).
    const form = formRef.current;
    if (!form) return;
    for (const [name] of ADDRESS_FIELDS) {
      const el = form.querySelector<HTMLInputElement | HTMLSelectElement>(`#checkout-${name}`);
      if (el?.value) set(name, el.value);
    }
    const picked = form.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked');
    // (React marks the radio it rendered checked as defaultChecked; another one is the shopper's.)
    if (picked && !picked.defaultChecked) set('paymentMethod', picked.value);
    // Once, right after hydration: it takes over the state the static shell could not know.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    // Every price on the page follows the shipping country: it becomes the chosen country.
    if (destination && destination.currency !== currency.code)
      void chooseCountry(destination.name, destination.currency);
    // Keyed by the country's name: `destination` is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [destination?.name, currency.code]);
  useEffect(() => {
    // The methods depend on the country (and, before one is chosen, the currency): keep the choice valid.
    if (!methods.includes(fields.paymentMethod as PaymentMethod))
      setFields((f) => ({
        ...f,
        paymentMethod: paymentFor(shipsTo(f.country, currency.code), preferred.current),
      }));
    // Only a change of the available methods can make the choice invalid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [methods]);

  const lines = useMemo(() => (products ? cartLines(cart, products) : []), [cart, products]);
  const subtotal = cartSubtotal(lines);
  const errors = validate.errors(fields);
  const announcement = useErrorFocus(refused, Object.keys(errors).length, formRef);
  // The State select stays disabled until a country is chosen; its error waits until it can be fixed.
  const show = (name: Field) =>
    name === 'state' && !fields.country
      ? undefined
      : submitted || touched[name]
        ? errors[name]
        : undefined;
  const regions = countries.find((c) => c.name === fields.country)?.regions ?? [];
  const set = (name: Field, value: string) => {
    keyRef.current = null; // a changed order gets a new idempotency key
    if (name === 'paymentMethod') preferred.current = value as PaymentMethod;
    setFields((f) =>
      name === 'country'
        ? withCountry(f, value, currency.code, preferred.current)
        : { ...f, [name]: value },
    );
  };

  const placeOrder = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const check = await validate.load();
    const { paymentMethod } = fields;
    // (The schema requires a method: the second test only tells the type so.)
    if (Object.keys(check(fields)).length > 0 || !paymentMethod) {
      setRefused((n) => n + 1);
      return;
    }
    if (!isSignedIn()) {
      notify(ORDER_MESSAGES.loginRequired, 'error');
      openDrawer('login');
      return;
    }
    if (lines.length === 0 || busy) return;
    keyRef.current ??= newIdempotencyKey();
    setBusy(true);
    const placed = await sendOrder(
      orderBody({ ...fields, paymentMethod }, lines, currency.code),
      keyRef.current,
    );
    setBusy(false);
    if (!placed) return;
    setFields(emptyCheckout(paymentFor(shipsTo('', currency.code))));
    setTouched({});
    setSubmitted(false);
    keyRef.current = null;
    setThanks(true);
  };

  return (
    <>
      <form
        ref={formRef}
        className="checkout"
        onSubmit={placeOrder}
        onFocus={() => void validate.load()}
        onPointerDown={() => void validate.load()}
        noValidate
        aria-busy={busy}
      >
        <p key={refused} className="visually-hidden" role="alert">
          {announcement}
        </p>
        <section className="checkout-section" aria-labelledby="shipping-details">
          <h2 id="shipping-details">Shipping Details</h2>
          <div className="field-grid">
            {ADDRESS_FIELDS.map(([name, label]) => (
              <FormField key={name} name={name} label={label} error={show(name)}>
                {name === 'country' ? (
                  <select
                    id={`checkout-${name}`}
                    value={fields.country}
                    onChange={(e) => set('country', e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, country: true }))}
                    aria-invalid={Boolean(show(name))}
                    aria-describedby={show(name) ? `checkout-${name}-error` : undefined}
                    autoComplete="country-name"
                  >
                    <option value="">Select a country</option>
                    {countries.map((c) => (
                      <option key={c.name} value={c.name}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                ) : name === 'state' ? (
                  <select
                    id={`checkout-${name}`}
                    value={fields.state}
                    disabled={!fields.country}
                    onChange={(e) => set('state', e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, state: true }))}
                    aria-invalid={Boolean(show(name))}
                    aria-describedby={show(name) ? `checkout-${name}-error` : undefined}
                  >
                    <option value="">
                      {fields.country ? 'Select a state' : 'Choose a country first'}
                    </option>
                    {regions.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`checkout-${name}`}
                    type={name === 'email' ? 'email' : name === 'mobile' ? 'tel' : 'text'}
                    autoComplete={AUTOCOMPLETE[name]}
                    value={fields[name]}
                    onChange={(e) => set(name, e.target.value)}
                    onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
                    aria-invalid={Boolean(show(name))}
                    aria-describedby={show(name) ? `checkout-${name}-error` : undefined}
                  />
                )}
              </FormField>
            ))}
          </div>
        </section>

        <section className="checkout-section" aria-labelledby="payment">
          <h2 id="payment">Payment</h2>
          <fieldset
            aria-describedby={show('paymentMethod') ? 'checkout-paymentMethod-error' : undefined}
          >
            <legend>Choose how to pay</legend>
            {methods.map((m) => (
              <label key={m} className="radio">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m}
                  checked={fields.paymentMethod === m}
                  onChange={() => set('paymentMethod', m)}
                />
                {m === 'COD' ? `${paymentLabel(m)} (COD)` : m}
              </label>
            ))}
          </fieldset>
          {show('paymentMethod') && (
            <p className="error" id="checkout-paymentMethod-error">
              {show('paymentMethod')}
            </p>
          )}
          <PaymentNote method={fields.paymentMethod} />
        </section>

        <section className="checkout-section review" aria-labelledby="order-review">
          <h2 id="order-review">Order Review</h2>
          <div className="promo">
            <label htmlFor="promo-code">Promo code</label>
            <input id="promo-code" name="promo" autoComplete="off" />
            <button type="button" className="button secondary">
              Apply
            </button>
          </div>
          <OrderSummary subtotalPkr={subtotal} currency={currency} showTax />
          <ul className="review-items">
            {lines.map((l) => (
              <li key={cartLineKey(l)}>
                <img src={l.image} alt="" width={56} height={56} loading="lazy" />
                <span>
                  {l.product.productName}{' '}
                  <span className="muted">
                    ({l.selectedColor}) × {l.quantity}
                  </span>
                </span>
                <Price pkr={l.lineTotal} />
              </li>
            ))}
          </ul>
          {products !== null && lines.length === 0 && !thanks && (
            <p className="empty">
              Your cart is empty. <a href={ROUTES.collections}>Explore Collections</a>
            </p>
          )}
          {paused && (
            <p className="orders-paused" role="status">
              {`Orders to ${destination.name} are paused: we cannot confirm prices in ${destination.currency} right now. Please try again later, or ship to Pakistan.`}
            </p>
          )}
          <button
            type="submit"
            className="button place-order"
            disabled={busy || switching || paused || lines.length === 0}
          >
            {busy ? 'Placing your order…' : 'Place Order'}
          </button>
        </section>
      </form>
      <Dialog
        open={thanks}
        onClose={() => setThanks(false)}
        label="Thank you for your order"
        side="center"
        messages={false}
        returnFocus={pageHeading}
      >
        <div className="sheet-head">
          <h2>Thank you for your order!</h2>
          <CloseButton onClose={() => setThanks(false)} />
        </div>
        <p>{ORDER_MESSAGES.placed} We will e-mail your confirmation shortly.</p>
        <div className="cart-actions">
          <a className="button" href={ROUTES.orders}>
            See Your Orders
          </a>
          <a className="button secondary" href="/">
            Back to Home
          </a>
        </div>
      </Dialog>
    </>
  );
}

const NO_CART: CartMap = {};
type Validator = typeof import('./checkout-errors.ts').checkoutErrors;

/**
 * The form's validation (zod), loaded on the shopper's first focus or tap in the form rather than
 * with the page. Until it is there no field has been left, so there is no error to show yet.
 */
function useLazyValidation() {
  const [check, setCheck] = useState<{ fn: Validator } | null>(null);
  const loading = useRef<Promise<Validator> | null>(null);
  const load = () =>
    (loading.current ??= import('./checkout-errors.ts').then(({ checkoutErrors }) => {
      setCheck({ fn: checkoutErrors });
      return checkoutErrors;
    }));
  return { load, errors: (fields: CheckoutFields) => (check ? check.fn(fields) : {}) };
}

const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
  mobile: 'tel',
};

function FormField({
  name,
  label,
  error,
  children,
}: {
  name: Field;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={`checkout-${name}`}>{label}</label>
      {children}
      {error && (
        <p className="error" id={`checkout-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What each method means; card and wallet details are never sent to the server. */
function PaymentNote({ method }: { method: string }) {
  if (method === 'COD')
    return (
      <p className="muted">
        Pay in cash when your order arrives. We confirm COD orders by WhatsApp before dispatch.
      </p>
    );
  if (method === 'Bank Transfer')
    return (
      <p className="muted">
        We e-mail our bank details with your order confirmation; your order ships once the transfer
        arrives.
      </p>
    );
  return (
    <div className="field">
      <label htmlFor="wallet-number">{method} account number</label>
      <input id="wallet-number" type="tel" autoComplete="off" placeholder="03xx xxxxxxx" />
      <p className="muted">
        You will receive a {method} payment request on this number. It is not stored.
      </p>
    </div>
  );
}
