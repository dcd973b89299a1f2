// /order/confirm?n=3A4030A3&k=…: a COD order awaiting its shopper's confirmation, opened from the
// WhatsApp message or the mail. It shows the order's number, lines, total and deadline, and two
// buttons: Confirm, or Cancel (offered first when the shopper followed the Cancel link). Once
// answered, it says so; a link altered or expired says how to reach the shop instead.
import { useEffect } from 'react';
import { linkKeyFromSearch, numberFromSearch, orderPageHref } from '../../lib/orders/page.ts';
import { $session } from '../../stores/session.ts';
import {
  $codConfirm,
  answerCodConfirmation,
  loadCodConfirmation,
} from '../../stores/cod-confirm.ts';
import { useClientStore, useWakeHeader } from '../shared/hooks.ts';
import './account.css';

const TITLE_ID = 'cod-confirm-title';

/** What the page says of an order already answered. */
const STATE_WORDS = {
  waiting: null,
  confirmed: 'This order is confirmed.',
  cancelled: 'This order is cancelled.',
} as const;

/** The confirmation page's body. */
export default function CodConfirm() {
  // The header serves this page at once (its account drawer, its toasts), as on the order page.
  useWakeHeader();
  const view = useClientStore($codConfirm);
  const session = useClientStore($session);
  const key = typeof location === 'undefined' ? null : linkKeyFromSearch(location.search);
  const cancelFirst =
    typeof location !== 'undefined' && new URLSearchParams(location.search).get('a') === 'cancel';
  useEffect(() => {
    void loadCodConfirmation(numberFromSearch(location.search), key);
  }, [key]);

  if (!view)
    return (
      <section className="account-page order-page" aria-labelledby={TITLE_ID}>
        <h1 id={TITLE_ID}>Confirm your order</h1>
        <p className="muted">Loading...</p>
      </section>
    );
  if (!('order' in view))
    return (
      <section className="account-page order-page" aria-labelledby={TITLE_ID}>
        <h1 id={TITLE_ID}>Confirm your order</h1>
        <p role="alert">{view.refused}</p>
      </section>
    );
  const { order, message, busy } = view;
  const confirm = (
    <button
      key="confirm"
      type="button"
      className="button"
      disabled={busy}
      onClick={() => void answerCodConfirmation(key ?? '', 'confirm')}
    >
      Confirm order
    </button>
  );
  const cancel = (
    <button
      key="cancel"
      type="button"
      className="button secondary"
      disabled={busy}
      onClick={() => void answerCodConfirmation(key ?? '', 'cancel')}
    >
      Cancel order
    </button>
  );
  return (
    <section className="account-page order-page" aria-labelledby={TITLE_ID}>
      <h1 id={TITLE_ID}>Confirm your order #{order.number}</h1>
      <p>Cash on delivery · Total {order.total}</p>
      <ul>
        {order.items.map((item, i) => (
          <li key={i}>
            {item.productName} ({item.selectedColor}) × {item.quantity}
          </li>
        ))}
      </ul>
      {order.state === 'waiting' ? (
        <>
          <p>
            Please confirm before {order.deadlineText} (Pakistan time), or the order will be
            cancelled.
          </p>
          <div className="order-actions">{cancelFirst ? [cancel, confirm] : [confirm, cancel]}</div>
        </>
      ) : (
        !message && <p>{STATE_WORDS[order.state]}</p>
      )}
      <p role="status" data-testid="cod-confirm-message">
        {message}
      </p>
      {order.state !== 'waiting' && session?.token && (
        <p>
          <a href={orderPageHref(order.number)}>See your order</a>
        </p>
      )}
    </section>
  );
}
