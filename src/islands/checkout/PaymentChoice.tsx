import { BANK_TRANSFER_NOTE, CARD, isWalletMethod, paymentLabel } from '../../lib/payments.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { lazy, Suspense } from 'react';
import { editField } from '../../stores/checkout.ts';

// A wallet's fields (its number, and the CNIC digits for a wallet taken through its API) load when
// a wallet is chosen, outside the JavaScript /Checkout runs before the first tap.
const WalletFields = lazy(() =>
  import('./WalletFields.tsx').then((m) => ({ default: m.WalletFields })),
);
// Likewise what paying by card means and what the card is charged (its charge rule included): it
// loads when the card is chosen, so offering the card adds nothing to that JavaScript.
const CardNote = lazy(() => import('./CardNote.tsx').then((m) => ({ default: m.CardNote })));

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
        <Suspense fallback={null}>
          <CardNote checkout={checkout} />
        </Suspense>
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
