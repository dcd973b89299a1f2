// A wallet's fields at checkout, loaded when JazzCash or EasyPaisa is chosen: the number the
// payment request goes to, and, for a wallet the shop takes through its API that asks them, the
// last six digits of the holder's CNIC.
import { useStore } from '@nanostores/react';
import type { CheckoutField } from '../../lib/checkout.ts';
import { $cnicWallets, editField, leaveField } from '../../stores/checkout.ts';

/** The wallet's number, kept with the order for the payment request, and the CNIC digits. */
export function WalletFields({
  method,
  walletNumber,
  walletCnic,
  errors,
}: {
  method: string;
  walletNumber: string;
  walletCnic: string;
  errors: Partial<Record<CheckoutField, string>>;
}) {
  const error = errors.walletNumber;
  const asksCnic = useStore($cnicWallets).includes(method);
  return (
    <>
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
      {asksCnic && <CnicField method={method} value={walletCnic} error={errors.walletCnic} />}
    </>
  );
}

/** The last six digits of the wallet holder's CNIC, which the wallet's payment request carries. */
function CnicField({ method, value, error }: { method: string; value: string; error?: string }) {
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
