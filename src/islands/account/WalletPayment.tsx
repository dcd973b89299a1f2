// A wallet order's payment on its page, when its request went to the shopper's phone through the
// wallet's API: "Approve the payment on your phone" with the time left, while the page follows the
// order (it polls, and only the wallet's verified notice marks it paid); the thank-you once paid;
// and, when the phone did not approve it or the time ran out, Pay again with the CNIC digits, or,
// once declined, Pay cash on delivery instead.
import { useEffect, useState } from 'react';
import type { Order } from '../../client/api.ts';
import { CARD_PAYMENT_MINUTES } from '../../lib/cards.ts';
import { JAZZCASH } from '../../lib/payments.ts';
import { CNIC_MESSAGES, isCnicLast6 } from '../../lib/wallet-api.ts';
import { $openingPayment, payForOrder, switchOrderToCod } from '../../stores/card-payment.ts';
import { useClientStore } from '../shared/hooks.ts';

const POLL_MS = 2000;

/** mm:ss of `ms`, never below zero. */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The wallet payment's part of the order page; nothing for other orders. */
export function WalletPayment({
  order,
  number,
  followed,
  onPoll,
}: {
  order: Order;
  number: string;
  /** The page was opened to follow the request (wallet=phone). */
  followed: boolean;
  onPoll: () => void;
}) {
  const opening = useClientStore($openingPayment) === order._id;
  const [now, setNow] = useState(() => Date.now());
  const [cnic, setCnic] = useState('');
  const [tried, setTried] = useState(false);
  const endsAt = order.date + CARD_PAYMENT_MINUTES * 60_000;
  const waiting = order.awaitsPhone === true && !order.cardDeclined && now < endsAt;
  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(onPoll, POLL_MS);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [waiting, onPoll]);

  if (order.payment && followed)
    return (
      <div className="account-panel card-state" role="status" data-testid="wallet-thanks">
        <h2>Thank you! Your payment was received.</h2>
        <p>
          Your order {number} is confirmed and paid by {order.paymentMethod}. The confirmation is on
          its way to {order.address.email}.
        </p>
      </div>
    );
  if (!order.awaitsPhone) return null;
  if (waiting)
    return (
      <div className="account-panel card-state" role="status" data-testid="wallet-waiting">
        <h2>Approve the payment on your phone</h2>
        <p>
          {order.paymentMethod} sent a payment request to your phone. Approve it there; this page
          updates by itself.
        </p>
        <p className="muted">
          Time left: <span data-testid="wallet-countdown">{clock(endsAt - now)}</span>
        </p>
      </div>
    );
  // JazzCash's request carries the CNIC's last six digits; EasyPaisa's only the number.
  const asksCnic = order.paymentMethod === JAZZCASH;
  const bad = asksCnic && tried && !isCnicLast6(cnic);
  return (
    <div className="account-panel card-state" data-testid="wallet-unpaid">
      <p>
        {order.cardDeclined
          ? `Your ${order.paymentMethod} payment was not approved. Your order is kept: pay again, or pay cash on delivery instead.`
          : 'This order is not paid yet.'}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!asksCnic) void payForOrder(order._id);
          else if (isCnicLast6(cnic)) void payForOrder(order._id, cnic.trim());
        }}
      >
        {asksCnic && (
          <div className="field">
            <label htmlFor="pay-again-cnic">Last 6 digits of your CNIC</label>
            <input
              id="pay-again-cnic"
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
              value={cnic}
              onChange={(e) => setCnic(e.currentTarget.value)}
              aria-invalid={bad}
              aria-describedby={bad ? 'pay-again-cnic-error' : undefined}
            />
            {bad && (
              <p className="error" id="pay-again-cnic-error">
                {CNIC_MESSAGES.invalid}
              </p>
            )}
          </div>
        )}
        <button type="submit" className="button" disabled={opening} aria-busy={opening}>
          {opening ? 'Sending the request…' : 'Pay again'}
        </button>
      </form>
      {order.cardDeclined && (
        <button
          type="button"
          className="button secondary"
          disabled={opening}
          onClick={() => void switchOrderToCod(order._id, onPoll)}
        >
          Pay cash on delivery instead
        </button>
      )}
    </div>
  );
}
