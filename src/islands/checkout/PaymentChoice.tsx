import { BANK_TRANSFER_NOTE, CARD, paymentLabel } from '../../lib/payments.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { cardChargeNotice } from '../../lib/card-charge.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $cnicWallets, editField, leaveField } from '../../stores/checkout.ts';
import { $orderRates } from '../../stores/currency.ts';
import { useHydratedStore } from '../shared/hooks.ts';

// Only a shop that takes a wallet through its API asks the CNIC: its field loads when shown,
// outside the JavaScript /Checkout runs before the first tap.
const CnicField = lazy(() => import('./CnicField.tsx').then((m) => ({ default: m.CnicField })));

/** The Payment section: the methods the shipping country allows, and what the chosen one means. */
export function PaymentChoice({ checkout }: { checkout: CheckoutView }) {
  const { fields, errors, methods } = checkout;
  const error = errors.paymentMethod;
  const cnicWallets = useStore($cnicWallets);
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
      ) : (
        <PaymentNote
          method={fields.paymentMethod}
          walletNumber={fields.walletNumber}
          error={errors.walletNumber}
        />
      )}
      {cnicWallets.includes(fields.paymentMethod) && (
        <Suspense fallback={null}>
          <CnicField
            method={fields.paymentMethod}
            value={fields.walletCnic ?? ''}
            error={errors.walletCnic}
          />
        </Suspense>
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
    checkout.linesPkr,
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

/** What each method means; a wallet's number is kept with the order for the payment request. */
function PaymentNote({
  method,
  walletNumber,
  error,
}: {
  method: string;
  walletNumber: string;
  error: string | undefined;
}) {
  if (method === 'COD')
    return (
      <p className="muted">
        Pay in cash when your order arrives. We confirm COD orders by WhatsApp before dispatch.
      </p>
    );
  if (method === 'Bank Transfer') return <p className="muted">{BANK_TRANSFER_NOTE}</p>;
  return (
    <div className="field">
      <label htmlFor="wallet-number">{method} account number</label>
      <input
        id="wallet-number"
        type="tel"
        autoComplete="off"
        placeholder="03xx xxxxxxx"
        value={walletNumber}
        onChange={(e) => editField('walletNumber', e.currentTarget.value)}
        onBlur={() => leaveField('walletNumber')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'checkout-walletNumber-error' : 'wallet-number-note'}
      />
      {error && (
        <p className="error" id="checkout-walletNumber-error">
          {error}
        </p>
      )}
      <p className="muted" id="wallet-number-note">
        We keep this number with your order and send the {method} payment request to it.
      </p>
    </div>
  );
}
