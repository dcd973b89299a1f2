// after-purchase: /yourOrders/order?n=3A4030A3, one of the signed-in shopper's orders: its status
// and what it means, the timeline the desk records, the courier and tracking number once it is Out
// for Delivery, the payment, the lines, the amounts and the delivery address. A signed-out visitor
// is asked to log in; a number that is not theirs reads "Order not found."
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { karachiTime } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Order } from '../../lib/contract/order-answers.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import {
  linkKeyFromSearch,
  numberFromSearch,
  paymentStateWords,
  showsTracking,
  stepLabel,
} from '../../lib/orders/page.ts';
import { receipt } from '../../lib/orders/receipt.ts';
import { trackingMessage } from '../../lib/orders/moves.ts';
import { ROUTES } from '../../lib/routes.ts';
import { paymentLabel } from '../../lib/payments.ts';
import { $session } from '../../stores/session.ts';
import { openDrawer } from '../../stores/ui.ts';
import {
  $orderDetail,
  loadOrderDetail,
  refreshOrderDetail,
  type OrderDetail,
} from '../../stores/order-detail.ts';
import { CardPayment } from './CardPayment.tsx';
import { WalletPayment } from './WalletPayment.tsx';
import { useClientStore, useWakeHeader } from '../shared/hooks.ts';
import { ReceiptAddress, ReceiptLines } from '../shared/Receipt.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import './account.css';
import { ORDER_LINK_MESSAGES } from '../../lib/orders/link-messages.ts';

const TITLE_ID = 'order-title';
const ADDRESS_TITLE_ID = 'order-address-title';

// The Change address form, its fields and its rules load when the shopper opens it, keeping them
// out of the JavaScript the order page runs before the first tap.
const AddressChange = lazy(() => import('./AddressChange.tsx'));

/**
 * The order page's body: the order the address names, the shopper's own or, signed out, the one a
 * mailed link's key shows; a login prompt when signed out with no link.
 */
export default function OrderPage() {
  useWakeHeader();
  const session = useClientStore($session);
  const linkKey = session === null ? null : linkKeyFromSearch(location.search);
  return (
    <section className="account-page order-page" aria-labelledby={TITLE_ID}>
      {session === null ? (
        <>
          <h1 id={TITLE_ID}>Your Order</h1>
          <p className="muted">Loading...</p>
        </>
      ) : session.token || linkKey ? (
        <OrderPanel key={session.token} token={session.token} linkKey={linkKey} />
      ) : (
        <>
          <h1 id={TITLE_ID}>Your Order</h1>
          <SignInPrompt text="Please log in to see your order." />
        </>
      )}
    </section>
  );
}

function OrderPanel({ token, linkKey }: { token: string | null; linkKey: string | null }) {
  const loaded = useClientStore($orderDetail);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void loadOrderDetail(token, numberFromSearch(location.search), linkKey);
  }, [token, linkKey, attempt]);

  if (loaded === null)
    return (
      <>
        <h1 id={TITLE_ID}>Your Order</h1>
        <p className="muted">Loading...</p>
      </>
    );
  if ('refused' in loaded || 'failed' in loaded)
    return (
      <>
        <h1 id={TITLE_ID}>Your Order</h1>
        <div className="account-panel" role="alert">
          <p>{'refused' in loaded ? loaded.refused : ORDER_MESSAGES.trackFailed}</p>
          {'failed' in loaded && (
            <button
              type="button"
              className="button secondary"
              onClick={() => setAttempt((n) => n + 1)}
            >
              Try again
            </button>
          )}
          {token ? (
            <a className="button" href={ROUTES.orders}>
              See Your Orders
            </a>
          ) : (
            <button type="button" className="button" onClick={() => openDrawer('login')}>
              Log in
            </button>
          )}
        </div>
      </>
    );
  return <OrderDetailView detail={loaded.detail} token={token} />;
}

/** The order; signed out (a mailed link), shown to read, with a login prompt for what needs one. */
function OrderDetailView({ detail, token }: { detail: OrderDetail; token: string | null }) {
  const { order, timeline, courier, trackingNumber, trackingUrl, addressChangeable } = detail;
  const placed = receipt(order);
  const [changing, setChanging] = useState(false);
  // Closed once the order no longer allows it (the page polled it into Packing meanwhile).
  const editing = changing && Boolean(token && addressChangeable);
  const onPoll = useCallback(() => {
    const number = numberFromSearch(location.search);
    if (number && token) void refreshOrderDetail(token, number);
  }, [token]);
  return (
    <>
      <h1 id={TITLE_ID}>Order {placed.number}</h1>
      {token ? (
        <>
          <CardPayment
            order={order}
            number={placed.number}
            card={new URLSearchParams(location.search).get('card')}
            onPoll={onPoll}
          />
          <WalletPayment
            order={order}
            number={placed.number}
            followed={new URLSearchParams(location.search).get('wallet') === 'phone'}
            onPoll={onPoll}
          />
        </>
      ) : (
        <SignInPrompt text={ORDER_LINK_MESSAGES.signIn} />
      )}
      <div className="order-line" data-testid="order-page">
        <header className="order-head">
          <p className="order-status" data-status={order.status}>
            <span className="visually-hidden">Status: </span>
            {order.status}
          </p>
          <p>{trackingMessage(order.status)}</p>
        </header>
        {showsTracking(order.status) && (courier || trackingNumber) && (
          <dl className="order-amounts order-tracking" aria-label="Delivery">
            {courier && (
              <div>
                <dt>Courier</dt>
                <dd>{courier}</dd>
              </div>
            )}
            {trackingNumber && (
              <div>
                <dt>Tracking number</dt>
                <dd>{trackingNumber}</dd>
              </div>
            )}
            {trackingUrl && (
              <div>
                <dt>Track it</dt>
                <dd>
                  <a href={trackingUrl} target="_blank" rel="noopener noreferrer">
                    On {courier ?? "the courier's"} site
                  </a>
                </dd>
              </div>
            )}
          </dl>
        )}
        <h2 className="order-section-title">Timeline (Pakistan time)</h2>
        <ol className="order-timeline">
          {timeline.map((step, i) => (
            <li key={i}>
              <time dateTime={new Date(step.at).toISOString()}>{karachiTime(step.at)}</time>{' '}
              <span>{stepLabel(step)}</span>
            </li>
          ))}
        </ol>
        <h2 className="order-section-title">Items</h2>
        <ReceiptLines placed={placed} />
        <dl className="order-amounts">
          <div>
            <dt>Items</dt>
            <dd>{placed.items}</dd>
          </div>
          <div>
            <dt>Delivery fee</dt>
            <dd>{placed.deliveryFee}</dd>
          </div>
          <div className="order-total">
            <dt>Total</dt>
            <dd>{placed.total}</dd>
          </div>
          <div>
            <dt>Payment method</dt>
            <dd>{paymentLabel(order.paymentMethod)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{paymentWords(order)}</dd>
          </div>
        </dl>
        <h2 className="order-section-title" id={ADDRESS_TITLE_ID} tabIndex={-1}>
          Delivering to
        </h2>
        {editing && token ? (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <AddressChange
              token={token}
              orderId={order._id}
              address={order.address}
              onClose={() => {
                setChanging(false);
                focusAddressTitle();
              }}
              onDone={() => {
                setChanging(false);
                focusAddressTitle();
              }}
            />
          </Suspense>
        ) : (
          <>
            <ReceiptAddress placed={placed} />
            {token && addressChangeable && (
              <p>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => setChanging(true)}
                >
                  Change address
                </button>
              </p>
            )}
          </>
        )}
        {token && (
          <p>
            <a href={ROUTES.orders}>Back to Your Orders</a>
          </p>
        )}
      </div>
    </>
  );
}

/** Puts focus back on the address's heading once the form closes, after React has drawn it. */
function focusAddressTitle() {
  requestAnimationFrame(() => document.getElementById(ADDRESS_TITLE_ID)?.focus());
}

/** The order's payment in a shopper's words: paid, refunded in part or in full, or not yet paid. */
function paymentWords(order: Order): string {
  if (order.refund) {
    const refunded = formatMoney(order.refund.amount, order.currency);
    return order.refund.amount >= order.total
      ? `Refunded (${refunded})`
      : `Paid, ${refunded} refunded`;
  }
  return paymentStateWords(order);
}
