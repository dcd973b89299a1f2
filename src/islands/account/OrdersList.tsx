import { Suspense, lazy, useState } from 'react';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import {
  $orders,
  $visibleOrders,
  buyAgain,
  cancelOrder,
  reloadOrders,
  removeOrder,
} from '../../stores/orders.ts';
import { $session } from '../../stores/session.ts';
import { payForOrder } from '../../stores/card-payment.ts';
import { CancelDialogs, type CancelFlow } from './CancelDialogs.tsx';
import { Dialog } from '../header/Dialog.tsx';
import { useClientStore, useHydratedStore, useWakeHeader } from '../shared/hooks.ts';
import { OrderLine, type OrderActions } from './OrderLine.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useTrackHighlight } from './use-orders.ts';
import './account.css';
import { ROUTES } from '../../lib/routes.ts';

const TITLE_ID = 'orders-title';
// The return form loads only when a shopper opens it: most visits never do.
const ReturnForm = lazy(() => import('./ReturnForm.tsx'));
const NOT_LOADED = { list: null, failed: false };

/** Moves focus after the list re-renders (a button that had it may be gone). */
const focusLater = (id: string) =>
  requestAnimationFrame(() => document.getElementById(id)?.focus());

/** The /yourOrders page body: a login prompt when signed out, else the shopper's orders. */
export default function OrdersList() {
  useWakeHeader();
  const session = useClientStore($session);
  return (
    <section className="account-page" aria-labelledby={TITLE_ID}>
      <h1 id={TITLE_ID} tabIndex={-1}>
        Your Orders
      </h1>
      {session === null ? (
        <p className="muted">Loading...</p>
      ) : session.token ? (
        <OrdersPanel key={session.token} />
      ) : (
        <SignInPrompt text="Please log in to see your orders." />
      )}
    </section>
  );
}

function OrdersPanel() {
  const orders = useHydratedStore($visibleOrders, null);
  const { failed } = useHydratedStore($orders, NOT_LOADED);
  const highlight = useTrackHighlight(orders !== null);
  const [flow, setFlow] = useState<CancelFlow>(null);
  const [returnFor, setReturnFor] = useState<string | null>(null);

  const actions: OrderActions = {
    onCancel: (orderId) => setFlow({ orderId, step: 'confirm' }),
    onReturn: (orderId) => setReturnFor(orderId),
    onPay: (orderId) => void payForOrder(orderId),
    onBuyAgain: (orderId) => {
      const order = orders?.find((o) => o._id === orderId);
      if (order) void buyAgain(order);
    },
    // Removed for the account (every device); the store says how it went.
    onRemove: (orderId) => {
      focusLater(TITLE_ID);
      void removeOrder(orderId);
    },
  };

  const submitCancel = async (reason: string) => {
    if (!flow) return;
    const { orderId } = flow;
    await cancelOrder(orderId, reason);
    setFlow(null);
    await reloadOrders();
    focusLater(`order-${orderId}`);
  };

  const returnOrder = returnFor ? orders?.find((o) => o._id === returnFor) : undefined;
  if (orders === null) {
    if (!failed) return <p className="muted">Loading...</p>;
    return (
      <div className="account-panel">
        <p>Your orders could not be loaded just now.</p>
        <button type="button" className="button secondary" onClick={() => void reloadOrders()}>
          Try again
        </button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="account-panel orders-empty">
        <p>{ORDER_MESSAGES.empty}</p>
        <a className="button" href={ROUTES.collections}>
          Return to Collections
        </a>
      </div>
    );
  }
  return (
    <>
      <ol className="orders" aria-label="Orders, newest first">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderLine order={order} highlightTrack={highlight} actions={actions} />
          </li>
        ))}
      </ol>
      <CancelDialogs
        flow={flow}
        onProceed={() => setFlow((f) => f && { ...f, step: 'reason' })}
        onClose={() => setFlow(null)}
        onSubmit={submitCancel}
      />
      <Dialog
        open={returnOrder !== undefined}
        onClose={() => setReturnFor(null)}
        label="Return or exchange"
        side="center"
        className="cancel-dialog"
      >
        {returnOrder && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <ReturnForm
              order={returnOrder}
              onClose={() => setReturnFor(null)}
              onDone={() => {
                setReturnFor(null);
                focusLater(`order-${returnOrder._id}`);
              }}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
