import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import type { CheckoutCountry } from '../../lib/checkout.ts';
import type { DeliveryDays } from '../../lib/delivery-estimate.ts';
import {
  $checkout,
  loadValidation,
  STATIC_CHECKOUT,
  startCheckout,
  submitCheckout,
} from '../../stores/checkout.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import { readEarlyInput } from './early-input.ts';
import { useErrorFocus } from './form-focus.ts';
import { OrderReview } from './OrderReview.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { ShippingDetails } from './ShippingDetails.tsx';
import { useStartShop } from './use-start-shop.ts';
import './checkout.css';

// The thank-you popup (and the dialog it is built on) is needed only once an order is placed: it
// loads while the order is on its way, keeping it out of the JavaScript /Checkout runs before the
// shopper's first tap (the 100 KB budget in tests/e2e/page-weight.spec.ts).
const loadThanks = () => import('./ThanksDialog.tsx');
const ThanksDialog = lazy(() => loadThanks().then((m) => ({ default: m.ThanksDialog })));

const ignore = () => {};

/** /Checkout: Shipping Details, Payment, Order Review and the thank-you popup (docs/product.md §2, §4, §5). */
export default function Checkout({
  countries,
  cardCurrencies = null,
  cnicWallets = [],
  whatsappUpdates = false,
  deliveryDays,
}: {
  countries: CheckoutCountry[];
  /** The shop's delivery estimates (a setting), for the chosen destination's. */
  deliveryDays: DeliveryDays;
  /** The currencies a card is charged in (others in PKR); null when the shop takes no cards. */
  cardCurrencies?: string[] | null;
  /** The wallets taken through their API, which ask the CNIC's last six digits. */
  cnicWallets?: string[];
  /** The shop has WhatsApp connected: "Send shipping updates to my WhatsApp" may be offered. */
  whatsappUpdates?: boolean;
}) {
  // Server-rendered: the first render is the static shell's (no cart, no products, no saved
  // country), so hydration matches; the browser's own state follows at once.
  const checkout = useHydratedStore($checkout, STATIC_CHECKOUT);
  const formRef = useRef<HTMLFormElement>(null);
  const announcement = useErrorFocus(checkout.refusals, checkout.errorCount, formRef);
  useStartShop();
  // Once hydrated: the saved country, then what was typed before hydration.
  useEffect(
    () =>
      startCheckout(
        countries,
        readEarlyInput(formRef.current),
        cardCurrencies,
        cnicWallets,
        whatsappUpdates,
      ),
    [countries, cardCurrencies, cnicWallets, whatsappUpdates],
  );

  // Mounted from the first thank-you on, so closing it returns focus as every dialog does.
  const [thanksMounted, setThanksMounted] = useState(false);
  if (checkout.thanks && !thanksMounted) setThanksMounted(true);

  const placeOrder = (e: FormEvent) => {
    e.preventDefault();
    // Offline, neither loads: Place Order says so itself (src/stores/checkout.ts).
    loadThanks().catch(ignore);
    void submitCheckout();
  };

  return (
    <>
      <form
        ref={formRef}
        className="checkout"
        onSubmit={placeOrder}
        onFocus={() => loadValidation().catch(ignore)}
        onPointerDown={() => loadValidation().catch(ignore)}
        noValidate
        aria-busy={checkout.busy}
      >
        <p key={checkout.refusals} className="visually-hidden" role="alert">
          {announcement}
        </p>
        <ShippingDetails countries={countries} checkout={checkout} />
        <PaymentChoice checkout={checkout} />
        <OrderReview checkout={checkout} deliveryDays={deliveryDays} />
      </form>
      {thanksMounted && (
        <Suspense fallback={null}>
          <ThanksDialog open={checkout.thanks} />
        </Suspense>
      )}
    </>
  );
}
