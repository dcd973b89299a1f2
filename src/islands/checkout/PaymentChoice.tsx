import { paymentLabel } from '../../lib/payments.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { editField } from '../../stores/checkout.ts';

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
            {m === 'COD' ? `${paymentLabel(m)} (COD)` : m}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="error" id="checkout-paymentMethod-error">
          {error}
        </p>
      )}
      <PaymentNote method={fields.paymentMethod} />
    </section>
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
