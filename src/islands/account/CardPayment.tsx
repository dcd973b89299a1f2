// A card order's payment on its page: "Confirming your payment…" while the shop waits for the
// gateway's verified webhook (the page polls the order, and never takes the return address's
// word for it), the thank-you once it is paid, and Pay now while it is unpaid. `card` is the
// page address's card=… (return, cancelled, unopened): it only picks which words to show.
import { useEffect, useState } from 'react';
import type { Order } from '../../client/api.ts';
import { CARD_MESSAGES, CARD_PAYMENT_MINUTES } from '../../lib/cards.ts';
import { CARD } from '../../lib/payments.ts';
import { $openingPayment, payForOrder } from '../../stores/card-payment.ts';
import { useClientStore } from '../shared/hooks.ts';

/** How often, and for how long, the page asks whether the payment was confirmed. */
const POLL_MS = 2000;
const POLL_FOR_MS = 3 * 60_000;

/** The card payment's part of the order page; nothing for an order not paid by card. */
export function CardPayment({
  order,
  number,
  card,
  onPoll,
}: {
  order: Order;
  number: string;
  card: string | null;
  /** Reads the order again. */
  onPoll: () => void;
}) {
  const opening = useClientStore($openingPayment) === order._id;
  const waiting = order.paymentMethod === CARD && !order.payment && order.status === 'Order Placed';
  const confirming = waiting && card === 'return';
  const [timedOut, setTimedOut] = useState(false);
  // False on the first drawing: the status region goes in empty, and its words follow.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  useEffect(() => {
    if (!confirming || timedOut) return;
    const poll = setInterval(onPoll, POLL_MS);
    const stop = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [confirming, timedOut, onPoll]);

  if (order.paymentMethod !== CARD) return null;
  const paid = order.payment && card === 'return';
  // What the status region says: the thank-you, or "Confirming your payment…" while waiting.
  const spoken = paid ? (
    <div className="account-panel card-state" data-testid="card-thanks">
      <h2>Thank you! Your payment was received.</h2>
      <p>
        Your order {number} is confirmed and paid by card. The confirmation is on its way to{' '}
        {order.address.email}.
      </p>
    </div>
  ) : waiting && confirming && !timedOut ? (
    <div className="account-panel card-state" data-testid="card-confirming">
      <h2>Confirming your payment…</h2>
      <p>This takes a few seconds. You can stay on this page; it updates by itself.</p>
    </div>
  ) : null;
  // The region is in the page, empty, before its words arrive: a region made with its text
  // already in it may not be read out.
  const status = (
    <div role="status" data-testid="card-status">
      {live && spoken}
    </div>
  );
  if (paid || !waiting || spoken) return status;
  const said = order.cardDeclined
    ? CARD_MESSAGES.declined
    : card === 'unopened'
      ? CARD_MESSAGES.placedGatewayDown
      : timedOut
        ? 'We have not heard from Safepay about your payment yet. If your card was charged, this page shows it as soon as we do; otherwise pay again.'
        : card === 'cancelled'
          ? 'Your card was not charged.'
          : 'This order is not paid yet.';
  return (
    <>
      {status}
      <div className="account-panel card-state" data-testid="card-unpaid">
        <p>{said}</p>
        <p className="muted">
          Pay within {CARD_PAYMENT_MINUTES} minutes of placing your order, or it is cancelled.
        </p>
        <button
          type="button"
          className="button"
          disabled={opening}
          aria-busy={opening}
          onClick={() => void payForOrder(order._id)}
        >
          {opening ? 'Opening the payment page…' : 'Pay now'}
        </button>
      </div>
    </>
  );
}
