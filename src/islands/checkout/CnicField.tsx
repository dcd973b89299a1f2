import { editField, leaveField } from '../../stores/checkout.ts';

/** The last six digits of the wallet holder's CNIC, which the wallet's payment request carries. */
export function CnicField({
  method,
  value,
  error,
}: {
  method: string;
  value: string;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor="wallet-cnic">Last 6 digits of your CNIC</label>
      <input
        id="wallet-cnic"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        placeholder="123456"
        value={value}
        onChange={(e) => editField('walletCnic', e.currentTarget.value)}
        onBlur={() => leaveField('walletCnic')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'checkout-walletCnic-error' : 'wallet-cnic-note'}
      />
      {error && (
        <p className="error" id="checkout-walletCnic-error">
          {error}
        </p>
      )}
      <p className="muted" id="wallet-cnic-note">
        After Place Order, {method} asks your phone to approve the payment.
      </p>
    </div>
  );
}
