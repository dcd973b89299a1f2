// One order: items with pictures, colours, quantities and unit prices; totals in the order's
// currency and in PKR; address, phone (call, WhatsApp), payment, cancellation reason, courier and
// timeline; and the moves it allows, each sent with the status shown, so that of two staff moving
// it at once the second is told who moved it and sees the order as it now is. After every action
// focus lands on what it opened (a form's first field) or on the order's status, and the live
// region says what happened.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DeskOrder } from '../../lib/contract/desk.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { formatMoney } from '../../lib/money.ts';
import { paymentWaitLabel } from '../../lib/cards.ts';
import { nextStatuses, routeHref } from '../../lib/desk-view.ts';
import { loadOrder, moveOrder, type MoveDetails } from '../../stores/desk-orders.ts';
import { CodWaitPanel } from './order-cod.tsx';
import type { ScreenProps } from './screen-props.ts';
import { AddressBlock, PhoneLinks, Thumb } from './order-parts.tsx';
import { Field } from './Field.tsx';
import { PaymentsPanel } from './order-payments.tsx';
import { ReturnPanel } from './order-return.tsx';
import { CourierPanel } from './order-courier.tsx';
import { formatOrderTotal } from '../../lib/orders/money.ts';
import { ORDER_VIEW_TEXT, deskLineAmounts, timelineLine } from '../../lib/orders/desk-view.ts';
import { cancelReasonProblems, type FieldProblems } from '../../lib/desk-fields.ts';
import {
  actionButtonIn,
  firstFieldIn,
  firstInvalidIn,
  pressWhenIdle,
  useFocusAfter,
} from './focus-after.ts';
import type { OrderPartProps } from './order-part-props.ts';

/** The order screen. */
export default function OrderScreen({ params }: ScreenProps) {
  const [order, setOrder] = useState<DeskOrder | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadOrder(params.order ?? '').then((o) => live && setOrder(o));
    return () => {
      live = false;
    };
  }, [params.order]);

  if (order === undefined) return <p>Loading the order…</p>;
  if (order === null)
    return (
      <p>
        <a href={routeHref('orders')}>Back to orders</a>
      </p>
    );
  return <OrderDetail order={order} onChange={setOrder} />;
}

function OrderDetail({ order, onChange }: { order: DeskOrder; onChange: (o: DeskOrder) => void }) {
  // Held here, above every part an action may remove (the moves after Delivered, the payment form
  // once paid), so focus still lands after the part has gone.
  const focusAfter = useFocusAfter();
  const statusRef = useRef<HTMLElement>(null);
  const parts = { order, onChange, focusAfter, status: () => statusRef.current };
  const pkr = (n: number) => formatMoney(n, BASE_CURRENCY);
  const money = (n: number) => formatMoney(n, order.currency);
  const lineAmounts = deskLineAmounts(order);
  return (
    <>
      <p>
        <a href={routeHref('orders')}>Back to orders</a> ·{' '}
        <a href={routeHref('slip/:order', { order: order.number })}>Packing slip</a>
      </p>
      <dl className="desk-facts">
        <dt>Status</dt>
        <dd>
          <strong data-testid="order-status" ref={statusRef} tabIndex={-1}>
            {order.status}
          </strong>
        </dd>
        <dt>Placed</dt>
        <dd>{order.placedAt} (Karachi)</dd>
        <dt>Payment</dt>
        <dd>
          {order.paymentMethod}:{' '}
          {order.cardWait ? (
            <strong data-testid="card-wait">
              {paymentWaitLabel(order.cardWait, order.paymentMethod)}
            </strong>
          ) : (
            order.payment
          )}
        </dd>
        {order.cancelReason && (
          <>
            <dt>Cancellation reason</dt>
            <dd>{order.cancelReason}</dd>
          </>
        )}
        {(order.courier || order.trackingNumber) && (
          <>
            <dt>Courier</dt>
            <dd>
              {order.courier ?? '—'} · tracking {order.trackingNumber ?? '—'}
            </dd>
          </>
        )}
      </dl>
      <CodWaitPanel {...parts} />
      <Moves {...parts} />
      <CourierPanel {...parts} />
      <PaymentsPanel {...parts} />
      <ReturnPanel {...parts} />
      <h2>Items</h2>
      <ul className="desk-lines">
        {order.lines.map((line, i) => (
          <li key={i}>
            <Thumb image={line.image} />
            <span>
              <strong>{line.productName}</strong>
              <br />
              Colour: {line.colour} · Quantity: {line.quantity}
              {line.refunded > 0 && ` · ${line.refunded} refunded`}
              <br />
              {lineAmounts
                ? money(lineAmounts[i]!)
                : `${pkr(line.unitPrice)} each · ${pkr(line.lineTotal)}`}
            </span>
          </li>
        ))}
      </ul>
      <dl className="desk-facts">
        <dt>Items</dt>
        <dd>{money(order.amount)}</dd>
        <dt>Delivery</dt>
        <dd>{formatMoney(order.deliveryFee, order.currency)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatOrderTotal(order.total, order.currency, order.totalPkr)}</strong>
        </dd>
      </dl>
      <h2>Deliver to</h2>
      <AddressBlock order={order} />
      <AddressChangedNote order={order} />
      {order.phone === null || order.email === null ? (
        <p className="desk-hint">{ORDER_VIEW_TEXT.customerHidden}</p>
      ) : (
        <p>
          <PhoneLinks phone={order.phone} />
          <br />
          <a className="desk-mail" href={`mailto:${order.email}`}>
            {order.email}
          </a>
        </p>
      )}
      {order.whatsappUpdates && (
        <p className="desk-hint">
          {ORDER_VIEW_TEXT.whatsappUpdates(
            order.whatsappUpdates.to,
            order.whatsappUpdates.sinceText,
          )}
        </p>
      )}
      <h2>Timeline</h2>
      <ol className="desk-timeline">
        {order.timeline.map((e, i) => {
          const line = timelineLine(e, order.currency, order.return?.kind);
          return (
            <li key={i} data-kind={e.kind}>
              <strong>{line.title}</strong> · {e.atKarachi} · by {e.by}
              {line.detail && <> · {line.detail}</>}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** The moves an order allows; Out for Delivery asks for courier and tracking, Cancel for a reason. */
function Moves({ order, onChange, focusAfter, status }: OrderPartProps) {
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const section = useRef<HTMLElement>(null);
  // An unpaid card order is packed only once its card is paid, a COD order awaiting confirmation
  // once it is confirmed (the server refuses both too).
  const moves = nextStatuses(order.status).filter(
    (to) => !((order.cardWait || order.codWait) && to === 'Packing'),
  );
  if (moves.length === 0) return null;

  function ask(to: OrderStatus | null) {
    const opener = asking;
    setAsking(to);
    setProblems({});
    focusAfter(() =>
      to ? firstFieldIn(section.current) : actionButtonIn(section.current, opener ?? ''),
    );
  }
  async function move(to: OrderStatus, details: MoveDetails = {}) {
    setBusy(true);
    const next = await moveOrder(order, to, details);
    setBusy(false);
    if (!next.moved && Object.keys(next.problems).length > 0) {
      setProblems(next.problems);
      focusAfter(() => firstInvalidIn(section.current));
    } else {
      setAsking(null);
      focusAfter(status);
    }
    onChange(next.order);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!asking) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    if (asking === 'Cancelled') {
      const refused = cancelReasonProblems(String(form.get('reason') ?? ''), REASON_MAX);
      if (Object.keys(refused).length > 0) {
        setProblems(refused);
        focusAfter(() => firstInvalidIn(section.current));
        return;
      }
    }
    void move(
      asking,
      asking === 'Cancelled'
        ? { reason: text('reason') }
        : { courier: text('courier'), trackingNumber: text('trackingNumber') },
    );
  }

  const label = (to: OrderStatus) => (to === 'Cancelled' ? 'Cancel order' : `Move to ${to}`);
  return (
    <section className="desk-moves" aria-label="Move this order" ref={section}>
      {asking === null ? (
        <div className="desk-row">
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              data-action={to}
              className={to === 'Cancelled' ? 'desk-button desk-danger' : 'desk-button'}
              {...pressWhenIdle(busy, () =>
                to === 'Cancelled' || to === 'Out for Delivery' ? ask(to) : void move(to),
              )}
            >
              {label(to)}
            </button>
          ))}
        </div>
      ) : (
        <form className="desk-form" aria-label={label(asking)} noValidate onSubmit={submit}>
          {asking === 'Cancelled' ? (
            <Field
              label="Reason for cancelling (the shopper is told)"
              name="reason"
              required
              maxLength={REASON_MAX}
              problem={problems.reason}
            />
          ) : (
            <>
              <Field
                label="Courier (optional)"
                name="courier"
                maxLength={60}
                problem={problems.courier}
              />
              <Field
                label="Tracking number (optional)"
                name="trackingNumber"
                maxLength={60}
                problem={problems.trackingNumber}
              />
            </>
          )}
          <div className="desk-row">
            <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
              {asking === 'Cancelled' ? 'Cancel order' : 'Move to Out for Delivery'}
            </button>
            <button type="button" className="desk-button desk-quiet" onClick={() => ask(null)}>
              Back
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The longest cancellation reason the server keeps. */
const REASON_MAX = 200;

/** Under the address, once its shopper changed it: when they last did. */
function AddressChangedNote({ order }: { order: DeskOrder }) {
  const change = order.timeline.findLast((e) => e.kind === 'address');
  if (!change) return null;
  return (
    <p className="desk-hint" data-testid="address-changed">
      {ORDER_VIEW_TEXT.addressChanged(change.atKarachi)}
    </p>
  );
}
