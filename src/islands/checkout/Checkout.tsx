import { useEffect, useRef, type FormEvent } from 'react';
import type { CheckoutCountry } from '../../lib/checkout.ts';
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
import { ThanksDialog } from './ThanksDialog.tsx';
import { useStartShop } from './use-start-shop.ts';
import './checkout.css';

/** /Checkout: Shipping Details, Payment, Order Review and the thank-you popup (SPEC §2, §4, §5). */
export default function Checkout({ countries }: { countries: CheckoutCountry[] }) {
  // Server-rendered: the first render is the static shell's (no cart, no products, no saved
  // country), so hydration matches; the browser's own state follows at once.
  const checkout = useHydratedStore($checkout, STATIC_CHECKOUT);
  const formRef = useRef<HTMLFormElement>(null);
  const announcement = useErrorFocus(checkout.refusals, checkout.errorCount, formRef);
  useStartShop();
  // Once hydrated: the saved country, then what was typed before hydration.
  useEffect(() => startCheckout(countries, readEarlyInput(formRef.current)), [countries]);

  const placeOrder = (e: FormEvent) => {
    e.preventDefault();
    void submitCheckout();
  };

  return (
    <>
      <form
        ref={formRef}
        className="checkout"
        onSubmit={placeOrder}
        onFocus={() => void loadValidation()}
        onPointerDown={() => void loadValidation()}
        noValidate
        aria-busy={checkout.busy}
      >
        <p key={checkout.refusals} className="visually-hidden" role="alert">
          {announcement}
        </p>
        <ShippingDetails countries={countries} checkout={checkout} />
        <PaymentChoice checkout={checkout} />
        <OrderReview checkout={checkout} />
      </form>
      <ThanksDialog open={checkout.thanks} />
    </>
  );
}
