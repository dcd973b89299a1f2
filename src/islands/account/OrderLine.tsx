import type { Order } from '../../client/api.ts';
import { cartLineKey } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/money.ts';
import { CARD, paymentLabel } from '../../lib/payments.ts';
import { canCancel, canTrack } from '../../lib/orders/moves.ts';
import { orderPageHref, paymentStateWords } from '../../lib/orders/page.ts';
import { orderDate, orderReference } from './orders-view.ts';
import { ReturnStatus } from './ReturnStatus.tsx';

/** What an order line's buttons do; each receives the order's id. */
export interface OrderActions {
  onCancel: (id: string) => void;
  onRemove: (id: string) => void;
  /** Opens the return or exchange form of a delivered order. */
  onReturn: (id: string) => void;
  /** Opens a fresh card payment for an unpaid card order. */
  onPay: (id: string) => void;
  /** Puts a past (delivered or cancelled) order's lines in the cart again. */
  onBuyAgain: (id: string) => void;
}

/** One order: status, date, items, amounts in the order's own currency, payment, and its actions. */
export function OrderLine({
  order,
  highlightTrack,
  actions,
}: {
  order: Order;
  highlightTrack: boolean;
  actions: OrderActions;
}) {
  const headingId = `order-${order._id}`;
  const money = (amount: number) => formatMoney(amount, order.currency);
  const date = new Date(order.date);
  return (
    <article
      className="order-line"
      aria-labelledby={headingId}
      data-testid="order-line"
      data-order-id={order._id}
    >
      <header className="order-head">
        <h2 id={headingId} tabIndex={-1}>
          Order #{orderReference(order._id)}
        </h2>
        <p className="order-status" data-status={order.status}>
          <span className="visually-hidden">Status: </span>
          {order.status}
        </p>
        <p className="muted">
          Placed on{' '}
          <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>
            {orderDate(order.date)}
          </time>
        </p>
      </header>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={cartLineKey({ ...item, itemId: item.productId })}>
            <img src={item.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
            <div>
              <p className="item-name">{item.productName}</p>
              <p className="muted">
                Colour: {item.selectedColor} · Qty: {item.quantity}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="order-amounts">
        <div>
          <dt>Items</dt>
          <dd>{money(order.amount)}</dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>{money(order.deliveryFee)}</dd>
        </div>
        <div className="order-total">
          <dt>Total</dt>
          <dd>{money(order.total)}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>
            {/* As the checkout named it ("Cash on Delivery", never the stored code "COD"), then
                where its payment stands, in words true for the method. */}
            {`${paymentLabel(order.paymentMethod)} · ${paymentStateWords(order)}`}
          </dd>
        </div>
      </dl>
      {order.status === 'Cancelled' && order.cancelReason && (
        <p className="muted">Cancellation reason: {order.cancelReason}</p>
      )}
      <ReturnStatus order={order} headingId={headingId} onRequest={actions.onReturn} />
      <div className="order-actions">
        {order.paymentMethod === CARD && !order.payment && order.status === 'Order Placed' && (
          <button
            type="button"
            className="button"
            aria-describedby={headingId}
            onClick={() => actions.onPay(order._id)}
          >
            Pay now
          </button>
        )}
        {canCancel(order.status) && (
          <button
            type="button"
            className="button secondary"
            aria-describedby={headingId}
            onClick={() => actions.onCancel(order._id)}
          >
            Cancel Order
          </button>
        )}
        {canTrack(order.status) && (
          <a
            className={`button${highlightTrack ? ' track-highlight' : ''}`}
            data-highlighted={highlightTrack || undefined}
            aria-describedby={headingId}
            href={orderPageHref(order._id)}
          >
            Track Order
          </a>
        )}
        {(order.status === 'Delivered' || order.status === 'Cancelled') && (
          <button
            type="button"
            className="button secondary"
            aria-describedby={headingId}
            onClick={() => actions.onBuyAgain(order._id)}
          >
            Buy Again
          </button>
        )}
        {order.status === 'Cancelled' && (
          <button
            type="button"
            className="button secondary"
            aria-describedby={headingId}
            onClick={() => actions.onRemove(order._id)}
          >
            Remove Order
          </button>
        )}
      </div>
    </article>
  );
}
