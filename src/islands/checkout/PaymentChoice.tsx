import { BANK_TRANSFER_NOTE, CARD, isWalletMethod, paymentLabel } from '../../lib/payments.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { cardChargeNotice } from '../../lib/card-charge.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { lazy, Suspense } from 'react';
import { editField } from '../../stores/checkout.ts';
import { $orderRates } from '../../stores/currency.ts';
import { useHydratedStore } from '../shared/hooks.ts';

// A wallet's fields (its number, and the CNIC digits for a wallet taken through its API) load when
// a wallet is chosen, outside the JavaScript /Checkout runs before the first tap.
const WalletFields = lazy(() =>
  import('./WalletFields.tsx').then((m) => ({ default: m.WalletFields })),
);

/** The Payment section: the methods the shipping country allows, and what the chosen one means. */
export function PaymentChoice({ checkout }: { checkout: CheckoutView }) {
  const { fields, errors, methods } = checkout;
  const error = errors.paymentMethod;
  return (
    <section className="checkout-section" aria-labelledby="payment">
      <h2 id="payment">Payment</h2>
      <fieldset aria-describedby={error ? 'checkout-paymentMethod-error' : undefined}>
        <legend>Choose how to pay</legend>
        {methods.map((m) => (
          <label key={m} className="radio">
            <input
              type="radio"
              name="paymentMethod"
              value={m}
              checked={fields.paymentMethod === m}
              onChange={() => editField('paymentMethod', m)}
            />
            {m === 'COD' ? `${paymentLabel(m)} (COD)` : paymentLabel(m)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="error" id="checkout-paymentMethod-error">
          {error}
        </p>
      )}
      {fields.paymentMethod === CARD ? (
        <CardNote checkout={checkout} />
      ) : isWalletMethod(fields.paymentMethod) ? (
        <Suspense fallback={null}>
          <WalletFields
            method={fields.paymentMethod}
            walletNumber={fields.walletNumber}
            walletCnic={fields.walletCnic ?? ''}
            errors={errors}
          />
        </Suspense>
      ) : (
        <PaymentNote method={fields.paymentMethod} />
      )}
    </section>
  );
}

// The static HTML is rendered in PKR, which needs no other rate.
const BASE_ONLY = { [BASE_CURRENCY]: 1 };

/** What paying by card means, and what the card is charged when not in the order's currency. */
function CardNote({ checkout }: { checkout: CheckoutView }) {
  const rates = useHydratedStore($orderRates, BASE_ONLY);
  const notice = cardChargeNotice(
    checkout.lines,
    checkout.currency,
    rates,
    checkout.cardCurrencies ?? [],
  );
  return (
    <>
      <p className="muted">
        After Place Order you pay on Safepay&apos;s secure page; the shop never sees your card
        number. Your order is confirmed once the payment is.
      </p>
      {notice && (
        <p className="card-charge" data-testid="card-charge">
          {notice}
        </p>
      )}
    </>
  );
}

/** What cash on delivery and a bank transfer mean. */
function PaymentNote({ method }: { method: string }) {
  if (method === 'COD')
    return (
      <p className="muted">
        Pay in cash when your order arrives. We confirm COD orders by WhatsApp before dispatch.
      </p>
    );
  if (method === 'Bank Transfer') return <p className="muted">{BANK_TRANSFER_NOTE}</p>;
  return null;
}
