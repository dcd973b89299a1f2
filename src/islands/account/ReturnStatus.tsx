import type { Order } from '../../client/api.ts';
import { karachiTime } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  RETURN_STATE_LABELS,
  returnEligibility,
  type ReturnState,
} from '../../lib/returns/rules.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';

type ShopperReturn = NonNullable<Order['return']>;

/** The steps a request of this kind goes through, as far as the shopper can see them now. */
function pathOf(r: ShopperReturn): ReturnState[] {
  if (r.state === 'refused') return ['requested', 'refused'];
  const last: ReturnState = r.kind === 'return' ? 'refunded' : 'exchangeShipped';
  return ['requested', 'approved', 'pickupScheduled', 'received', last];
}

/**
 * An order's return or exchange: its progress when one was requested; for a delivered order, the
 * Request button while the window is open, or why not once it is not.
 */
export function ReturnStatus({
  order,
  headingId,
  onRequest,
}: {
  order: Order;
  headingId: string;
  onRequest: (orderId: string) => void;
}) {
  const r = order.return;
  if (r) return <ReturnProgress request={r} />;
  if (order.status !== 'Delivered') return null;
  const eligible = returnEligibility(
    {
      status: order.status,
      country: order.address.country,
      deliveredAt: order.deliveredAt ?? null,
      hasReturn: false,
    },
    Date.now(),
  );
  if (!eligible.ok)
    return (
      <p className="muted return-closed" data-testid="return-closed">
        {eligible.reason}
      </p>
    );
  return (
    <div className="return-offer">
      <button
        type="button"
        className="button secondary"
        aria-describedby={`${headingId} ${headingId}-return-until`}
        onClick={() => onRequest(order._id)}
      >
        Request a return or exchange
      </button>
      <p className="muted" id={`${headingId}-return-until`}>
        You can ask until {karachiTime(eligible.until)} (Pakistan time).
      </p>
    </div>
  );
}

function ReturnProgress({ request: r }: { request: ShopperReturn }) {
  const steps = pathOf(r);
  const at = steps.indexOf(r.state);
  const title = r.kind === 'return' ? 'Your return' : 'Your exchange';
  return (
    <section className="return-progress" aria-label={title} data-testid="return-progress">
      <h3>
        {title}: {RETURN_STATE_LABELS[r.state]}
      </h3>
      <ol className="return-steps">
        {steps.map((s, i) => (
          <li
            key={s}
            className={i < at ? 'done' : i === at ? 'current' : undefined}
            aria-current={i === at ? 'step' : undefined}
          >
            {RETURN_STATE_LABELS[s]}
          </li>
        ))}
      </ol>
      <ul className="return-details">
        {r.lines.map((l) => (
          <li key={l.line}>
            {l.productName} ({l.selectedColor}) × {l.quantity}
          </li>
        ))}
      </ul>
      {r.refusalReason && <p>Reason: {r.refusalReason}</p>}
      {r.pickup && r.state === 'pickupScheduled' && (
        <p>
          Pick-up between {karachiTime(r.pickup.from)} and {karachiTime(r.pickup.to)} (Pakistan
          time).
        </p>
      )}
      {r.refund && (
        <p>
          Refunded {formatMoney(r.refund.amount, BASE_CURRENCY)} by {r.refund.method} (reference{' '}
          {r.refund.reference}).
        </p>
      )}
      {r.exchangeShipping && (r.exchangeShipping.courier || r.exchangeShipping.trackingNumber) && (
        <p>
          Shipped
          {r.exchangeShipping.courier ? ` with ${r.exchangeShipping.courier}` : ''}
          {r.exchangeShipping.trackingNumber
            ? `, tracking number ${r.exchangeShipping.trackingNumber}`
            : ''}
          .
        </p>
      )}
    </section>
  );
}
