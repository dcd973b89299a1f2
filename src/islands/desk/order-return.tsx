// The order's return or exchange request on the desk: what was asked (lines, kind, reason), the
// step it is at, the pick-up window, the refund or the exchange's shipping, its steps and who took
// each; and buttons for the steps it allows next only, each sent with the request's version shown.
// A step's form opens on its first field; a step taken lands on the request's step, Back on its button;
// the pressed button keeps focus while the step is being sent.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { DeskReturn } from '../../lib/contract/returns.ts';
import { karachiTime } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import { REFUND_METHODS, RETURN_STATE_LABELS, type ReturnState } from '../../lib/returns/states.ts';
import { refundSuggestion, returnActionLabel, returnActions } from '../../lib/orders/desk-view.ts';
import { stepReturn, type StepDetails } from '../../stores/desk-returns.ts';
import { Field } from './Field.tsx';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import type { OrderPartProps as Props } from './order-part-props.ts';
import { actionButtonIn, firstFieldIn, pressWhenIdle } from './focus-after.ts';

/** The return section of the order screen (nothing when the order has no request). */
export function ReturnPanel(props: Props) {
  const headingId = useId();
  const stateRef = useRef<HTMLElement>(null);
  const r = props.order.return;
  if (!r) return null;
  return (
    <section className="desk-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{r.kind === 'return' ? 'Return request' : 'Exchange request'}</h2>
      <ReturnFacts r={r} stateRef={stateRef} />
      <ReturnSteps {...props} r={r} stepShown={() => stateRef.current} />
      <h3>Steps</h3>
      <ol className="desk-timeline">
        {r.steps.map((s, i) => (
          <li key={i}>
            <strong>{RETURN_STATE_LABELS[s.state]}</strong> · {s.atKarachi} · by {s.by}
            {s.note && <> · {s.note}</>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The request's facts. */
export function ReturnFacts({
  r,
  stateRef,
}: {
  r: DeskReturn;
  stateRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <>
      <dl className="desk-facts">
        <dt>Step</dt>
        <dd>
          <strong data-testid="return-state" ref={stateRef} tabIndex={stateRef ? -1 : undefined}>
            {RETURN_STATE_LABELS[r.state]}
          </strong>
        </dd>
        <dt>Kind</dt>
        <dd>{r.kind === 'return' ? 'Return for a refund' : 'Exchange'}</dd>
        <dt>Requested</dt>
        <dd>{karachiTime(r.requestedAt)} (Karachi)</dd>
        <dt>Reason</dt>
        <dd>{r.reason}</dd>
        {r.refusalReason && (
          <>
            <dt>Refused because</dt>
            <dd>{r.refusalReason}</dd>
          </>
        )}
        {r.pickupKarachi && (
          <>
            <dt>Pick-up</dt>
            <dd>
              {r.pickupKarachi.from} to {r.pickupKarachi.to} (Karachi)
            </dd>
          </>
        )}
        {r.refund && (
          <>
            <dt>Refund</dt>
            <dd>
              {formatMoney(r.refund.amount, BASE_CURRENCY)} by {r.refund.method} · reference{' '}
              {r.refund.reference}
            </dd>
          </>
        )}
        {r.exchangeShipping && (
          <>
            <dt>Exchange shipped</dt>
            <dd>
              {r.exchangeShipping.courier ?? '—'} · tracking{' '}
              {r.exchangeShipping.trackingNumber ?? '—'}
            </dd>
          </>
        )}
      </dl>
      <ul className="desk-return-lines" aria-label="Items sent back">
        {r.lines.map((l) => (
          <li key={l.line}>
            {l.productName} · Colour: {l.selectedColor} · Quantity: {l.quantity}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The steps that need details before they are sent. */
const ASKS: readonly ReturnState[] = ['refused', 'pickupScheduled', 'refunded', 'exchangeShipped'];

/** The buttons of the allowed next steps; those needing details open their form first. */
function ReturnSteps({
  order,
  r,
  onChange,
  focusAfter,
  stepShown,
}: Props & { r: DeskReturn; stepShown: () => HTMLElement | null }) {
  const [asking, setAsking] = useState<ReturnState | null>(null);
  const [busy, setBusy] = useState(false);
  const methodId = useId();
  const section = useRef<HTMLElement>(null);
  const steps = returnActions(r);
  if (steps.length === 0) return null;

  function ask(to: ReturnState | null) {
    const opener = asking;
    setAsking(to);
    focusAfter(() =>
      to ? firstFieldIn(section.current) : actionButtonIn(section.current, opener ?? ''),
    );
  }
  async function take(to: ReturnState, details: StepDetails = {}) {
    setBusy(true);
    const done = await stepReturn(order, to, details);
    setBusy(false);
    if (done.stepped || done.order.return?.version !== r.version) {
      setAsking(null);
      focusAfter(stepShown);
    } else focusAfter(() => firstFieldIn(section.current) ?? stepShown());
    onChange(done.order);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!asking) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const details: StepDetails =
      asking === 'refused'
        ? { reason: text('reason') }
        : asking === 'pickupScheduled'
          ? { pickupFrom: text('pickupFrom'), pickupTo: text('pickupTo') }
          : asking === 'refunded'
            ? {
                method: text('method') as StepDetails['method'],
                reference: text('reference'),
                amount: Number(form.get('amount')),
                ...(form.get('includeDelivery') === 'yes' ? { includeDelivery: true } : {}),
              }
            : { courier: text('courier'), trackingNumber: text('trackingNumber') };
    void take(asking, details);
  }

  const label = (to: ReturnState) => returnActionLabel(r.state, to);
  return (
    <section className="desk-moves" aria-label="Next step of this request" ref={section}>
      {asking === null ? (
        <div className="desk-row">
          {steps.map((to) => (
            <button
              key={to}
              type="button"
              data-action={to}
              className={to === 'refused' ? 'desk-button desk-danger' : 'desk-button'}
              {...pressWhenIdle(busy, () => (ASKS.includes(to) ? ask(to) : void take(to)))}
            >
              {label(to)}
            </button>
          ))}
        </div>
      ) : (
        <form className="desk-form" aria-label={label(asking)} onSubmit={submit}>
          {asking === 'refused' && (
            <Field
              label="Reason for refusing (the shopper is told)"
              name="reason"
              required
              maxLength={300}
            />
          )}
          {asking === 'pickupScheduled' && (
            <>
              <Field
                label="Pick-up from (Pakistan time)"
                name="pickupFrom"
                type="datetime-local"
                required
              />
              <Field
                label="Pick-up until (Pakistan time)"
                name="pickupTo"
                type="datetime-local"
                required
              />
            </>
          )}
          {asking === 'refunded' && (
            <>
              {r.refundAccount && (
                <p>
                  Refund to the shopper&rsquo;s <strong>{r.refundAccount}</strong>
                </p>
              )}
              <div className="desk-field">
                <label htmlFor={methodId}>Refund method</label>
                <select id={methodId} name="method" required>
                  {REFUND_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              </div>
              <Field label="Refund reference" name="reference" required maxLength={60} />
              <Field
                label="Amount refunded (PKR)"
                name="amount"
                type="number"
                inputMode="numeric"
                step="1"
                min="1"
                max={order.totalPkr}
                defaultValue={String(refundSuggestion(order, r))}
                required
                hint="The returned items; tick below to refund the delivery fee as well."
              />
              <label className="desk-check">
                <input type="checkbox" name="includeDelivery" value="yes" /> Refund the delivery fee
                too
              </label>
            </>
          )}
          {asking === 'exchangeShipped' && (
            <>
              <Field label="Courier (optional)" name="courier" maxLength={60} />
              <Field label="Tracking number (optional)" name="trackingNumber" maxLength={60} />
            </>
          )}
          <div className="desk-row">
            <button
              type="submit"
              className={asking === 'refused' ? 'desk-button desk-danger' : 'desk-button'}
              {...pressWhenIdle(busy)}
            >
              {label(asking)}
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
