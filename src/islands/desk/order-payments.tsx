// The order's payments on the desk: the wallet number the payment request goes to (call or copy),
// each payment received (method, amount in the order's currency, reference, who, Karachi time), what
// is still due, and the form that records a payment, prefilled with the order's method and the due.
// Opening a form lands on its first field; recording lands on what is now due; Back on the opener.
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { $deskStaff } from '../../stores/desk-session.ts';
import { formatMoney, fromMinorUnits } from '../../lib/money.ts';
import type { RefundBody } from '../../lib/contract/payments.ts';
import type { DeskOrder } from '../../lib/contract/desk.ts';
import type { RefundedLine } from '../../lib/orders/ledger.ts';
import { DELIVERY_FEE_LINE, valueOfLines } from '../../lib/orders/refund-lines.ts';
import { CARD, paymentLabel, type RecordedMethod } from '../../lib/payments.ts';
import { telLink } from '../../lib/desk-view.ts';
import {
  ORDER_VIEW_TEXT,
  REFUND_VIEW_TEXT,
  amountStep,
  methodsToRecord,
  needsReference,
  paymentPrefill,
  paymentWait,
} from '../../lib/orders/desk-view.ts';
import { notify } from '../../stores/desk.ts';
import { recordPayment, recordRefund } from '../../stores/desk-payments.ts';
import { financialLabel } from '../../lib/orders/ledger.ts';
import { REFUND_METHODS, type RefundMethod } from '../../lib/returns/states.ts';
import { paymentProblems, type FieldProblems } from '../../lib/desk-fields.ts';
import { Field } from './Field.tsx';
import type { OrderPartProps as Props } from './order-part-props.ts';
import {
  actionButtonIn,
  firstFieldIn,
  firstInvalidIn,
  pressWhenIdle,
  type FocusTarget,
} from './focus-after.ts';

/** The payments section of the order screen. */
export function PaymentsPanel(props: Props) {
  const { order } = props;
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const dueRef = useRef<HTMLParagraphElement>(null);
  // The section's opener buttons, its due line (a payment's or a refund's result) and fields.
  const place: PanelPlace = {
    section: () => section.current,
    due: () => dueRef.current,
  };
  const money = (n: number) => formatMoney(n, order.currency);
  const wallet = order.paymentMethod === 'JazzCash' || order.paymentMethod === 'EasyPaisa';
  const mayRefund = useStore($deskStaff)?.refunds === true;
  return (
    <section className="desk-section" aria-labelledby={headingId} ref={section}>
      <h2 id={headingId}>Payments</h2>
      {wallet && order.walletNumber && (
        <WalletNumber method={order.paymentMethod} number={order.walletNumber} />
      )}
      {wallet && order.walletRequests && (
        <p data-testid="wallet-requests">
          {order.walletRequests.length === 1
            ? `The shop sent the ${order.paymentMethod} payment request: reference `
            : `The shop sent ${order.walletRequests.length} ${order.paymentMethod} payment requests (Pay again): references `}
          {order.walletRequests.join(', ')}
        </p>
      )}
      {order.payments.length === 0 ? (
        <p>{ORDER_VIEW_TEXT.noPayments}</p>
      ) : (
        <ul className="desk-payments">
          {order.payments.map((p) => (
            <li key={p.id}>
              {p.kind === 'refund'
                ? p.pending
                  ? 'Refund being sent '
                  : p.released
                    ? 'Refund not sent '
                    : 'Refund '
                : ''}
              <strong>{money(p.amount)}</strong> by {paymentLabel(p.method)}
              {p.reference && <> · reference {p.reference}</>}
              {p.note && <> · {p.note}</>}
              <br />
              <span className="desk-hint">
                {p.atKarachi} (Karachi) · by {p.by}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p data-testid="order-due" ref={dueRef} tabIndex={-1}>
        {order.payment === 'refund due' ? (
          <>
            Refund due: <strong>{money(order.surplus)}</strong>
          </>
        ) : order.payment === 'refunded' || order.payment === 'partly refunded' ? (
          <strong>{financialLabel(order.payment)}</strong>
        ) : order.due > 0 ? (
          <>
            Due: <strong>{money(order.due)}</strong>
          </>
        ) : order.status === 'Cancelled' ? (
          <strong>{financialLabel(order.payment)}</strong>
        ) : (
          <strong>{ORDER_VIEW_TEXT.paidInFull}</strong>
        )}
        {order.refunded > 0 && <> · Refunded {money(order.refunded)}</>}
      </p>
      {order.due > 0 && order.status !== 'Cancelled' && !order.cardWait && (
        <PaymentForm {...props} place={place} />
      )}
      {order.due === 0 && order.exchangeFee !== undefined && (
        <PaymentForm {...props} place={place} exchangeFee={order.exchangeFee} />
      )}
      {order.refundable > 0 && mayRefund && order.return?.state !== 'received' && (
        <RefundForm {...props} place={place} />
      )}
    </section>
  );
}

/** Where the payment forms send focus: their section (fields, openers) and the due line. */
interface PanelPlace {
  section: () => HTMLElement | null;
  due: FocusTarget;
}
type FormProps = Props & { place: PanelPlace };

/** The wallet number staff send the payment request to: a call link and a copy button. */
function WalletNumber({ method, number }: { method: string; number: string }) {
  const tel = telLink(number);
  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
      notify('success', ORDER_VIEW_TEXT.copied(number));
    } catch {
      notify('error', ORDER_VIEW_TEXT.copyFailed(number));
    }
  }
  return (
    <p className="desk-wallet">
      {method} payment request to <strong data-testid="wallet-number">{number}</strong>
      <span className="desk-row">
        {tel && (
          <a className="desk-button desk-quiet" href={tel}>
            Call {number}
          </a>
        )}
        <button type="button" className="desk-button desk-quiet" onClick={() => void copy()}>
          Copy number
        </button>
      </span>
    </p>
  );
}

/** "Record payment" (or, with `exchangeFee`, "Record exchange fee"), then its form. */
function PaymentForm({
  order,
  onChange,
  focusAfter,
  place,
  exchangeFee,
}: FormProps & { exchangeFee?: number }) {
  const prefill = {
    ...paymentPrefill(order),
    ...(exchangeFee === undefined ? {} : { amount: exchangeFee }),
  };
  const title = exchangeFee === undefined ? 'Record payment' : 'Record exchange fee';
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState<RecordedMethod>(prefill.method);
  const [problems, setProblems] = useState<FieldProblems>({});
  const methodId = useId();
  const form = useRef<HTMLFormElement>(null);
  function show(next: boolean) {
    setOpen(next);
    setProblems({});
    focusAfter(() =>
      next ? firstFieldIn(form.current) : actionButtonIn(place.section(), 'record-payment'),
    );
  }

  // A cash on delivery order is paid at the door: until it is Delivered the screen says so rather
  // than open a form the server would refuse.
  const wait = paymentWait(order);
  if (wait) return <p className="desk-hint">{wait}</p>;
  if (!open)
    return (
      <button
        type="button"
        className="desk-button"
        data-action="record-payment"
        onClick={() => {
          setMethod(prefill.method);
          show(true);
        }}
      >
        {title}
      </button>
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const reference = String(fields.get('reference') ?? '').trim();
    const amount = String(fields.get('amount') ?? '');
    const refused = paymentProblems({ amount, reference }, needsReference(method));
    if (Object.keys(refused).length > 0) {
      setProblems(refused);
      focusAfter(() => firstInvalidIn(form.current));
      return;
    }
    setBusy(true);
    const done = await recordPayment(order, {
      method,
      amount: Number(amount),
      ...(reference ? { reference } : {}),
      ...(exchangeFee === undefined ? {} : { purpose: 'exchange-fee' as const }),
    });
    setBusy(false);
    setProblems(done.problems);
    if (done.recorded) {
      setOpen(false);
      focusAfter(place.due);
    } else {
      // A refusal about a field lands on it; any other (paid by someone else meanwhile) on what is due.
      focusAfter(() => firstInvalidIn(form.current) ?? place.due());
    }
    onChange(done.order);
  }

  const step = amountStep(order.currency);
  return (
    <form
      ref={form}
      className="desk-form"
      aria-label={title}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <div className="desk-field">
        <label htmlFor={methodId}>Method</label>
        <select
          id={methodId}
          name="method"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as RecordedMethod)}
        >
          {methodsToRecord(order).map((m) => (
            <option key={m} value={m}>
              {paymentLabel(m)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={`Amount received (${order.currency})`}
        name="amount"
        type="number"
        inputMode="decimal"
        step={step}
        min={step}
        max={exchangeFee ?? order.due}
        defaultValue={String(prefill.amount)}
        required
        problem={problems.amount}
      />
      <Field
        label={needsReference(method) ? 'Reference' : 'Reference (optional)'}
        name="reference"
        maxLength={60}
        required={needsReference(method)}
        problem={problems.reference}
        hint={
          needsReference(method)
            ? 'The transaction ID of the transfer or wallet payment.'
            : undefined
        }
      />
      <div className="desk-row">
        <button type="submit" className="desk-button" {...pressWhenIdle(busy)}>
          {title}
        </button>
        <button type="button" className="desk-button desk-quiet" onClick={() => show(false)}>
          Back
        </button>
      </div>
    </form>
  );
}

/**
 * "Record refund", then its form: the lines (how many of each) and the delivery fee it pays back,
 * the amount that follows from them (or an amount alone: money held beyond the order's worth), how
 * the money goes back, the reason, and whether the items go back to stock; then a confirmation of
 * the amount, the method and what the shopper is told, before anything is sent.
 */
function RefundForm({ order, onChange, focusAfter, place }: FormProps) {
  // A card order's money goes back to the card through the gateway (no reference to type).
  const methods: readonly (RefundMethod | typeof CARD)[] = order.payments.some(
    (p) => p.kind === 'payment' && p.method === CARD,
  )
    ? [CARD, ...REFUND_METHODS]
    : REFUND_METHODS;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState(methods[0]!);
  const [review, setReview] = useState<Omit<RefundBody, 'order'> | null>(null);
  const methodId = useId();
  const form = useRef<HTMLFormElement>(null);
  function show(next: boolean) {
    setOpen(next);
    setReview(null);
    focusAfter(() =>
      next ? firstFieldIn(form.current) : actionButtonIn(place.section(), 'record-refund'),
    );
  }
  if (!open)
    return (
      <button
        type="button"
        className="desk-button desk-quiet"
        data-action="record-refund"
        onClick={() => show(true)}
      >
        Record refund
      </button>
    );

  function prepare(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lines = chosenLines(order, data);
    const typed = String(data.get('amount') ?? '').trim();
    const reference = String(data.get('reference') ?? '').trim();
    setReview({
      method,
      note: String(data.get('note') ?? '').trim(),
      ...(lines.length > 0 ? { lines } : {}),
      ...(typed !== '' ? { amount: Number(typed) } : {}),
      ...(data.get('restock') === 'on' && lines.length > 0 ? { restock: true } : {}),
      ...(method === CARD ? {} : { reference }),
    });
    focusAfter(() => actionButtonIn(form.current, 'send-refund'));
  }

  async function send() {
    if (!review) return;
    setBusy(true);
    const done = await recordRefund(order, review);
    setBusy(false);
    if (done.recorded) setOpen(false);
    setReview(null);
    focusAfter(place.due);
    onChange(done.order);
  }

  const step = amountStep(order.currency);
  const money = (n: number) => formatMoney(n, order.currency);
  const open_ = order.lines
    .map((l, index) => ({ ...l, index, left: l.quantity - l.refunded }))
    .filter((l) => l.left > 0);
  return (
    <form
      ref={form}
      className="desk-form"
      aria-label="Record refund"
      onSubmit={(e) => prepare(e)}
      onInput={() => setReview(null)}
    >
      {open_.length > 0 && (
        <fieldset className="desk-field">
          <legend>What goes back</legend>
          {open_.map((l) => (
            <Field
              key={l.index}
              label={`${l.productName} (${l.colour}), up to ${l.left}`}
              name={`line-${l.index}`}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              max={l.left}
              defaultValue="0"
            />
          ))}
          {!order.feeRefunded && order.deliveryFee > 0 && (
            <label className="desk-check">
              <input type="checkbox" name="fee" /> The delivery fee ({money(order.deliveryFee)})
            </label>
          )}
          <label className="desk-check">
            <input type="checkbox" name="restock" /> Put the items back in stock
          </label>
        </fieldset>
      )}
      <Field
        label={`Amount (${order.currency}), if not the lines' price`}
        name="amount"
        type="number"
        inputMode="decimal"
        step={step}
        min={step}
        max={order.refundable}
        defaultValue={order.surplus > 0 ? String(order.surplus) : ''}
        hint={`At most ${money(order.refundable)}, what the shop holds. Leave empty to refund what the chosen lines cost.`}
      />
      <div className="desk-field">
        <label htmlFor={methodId}>Refunded by</label>
        <select
          id={methodId}
          name="method"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as RefundMethod | typeof CARD)}
        >
          {methods.map((m) => (
            <option key={m} value={m}>
              {paymentLabel(m)}
            </option>
          ))}
        </select>
      </div>
      {method !== CARD && (
        <Field
          label="Reference"
          name="reference"
          maxLength={60}
          required
          hint="The transaction ID of the refund transfer or wallet payment."
        />
      )}
      <Field label="Reason" name="note" maxLength={200} required />
      {review ? (
        <div className="desk-confirm" role="group" aria-label="Confirm the refund">
          <p>{refundPreview(order, review)}</p>
          <div className="desk-row">
            <button
              type="button"
              className="desk-button"
              data-action="send-refund"
              {...pressWhenIdle(busy, () => void send())}
            >
              {review.method === CARD ? 'Send refund to the card' : 'Record refund'}
            </button>
            <button
              type="button"
              className="desk-button desk-quiet"
              onClick={() => setReview(null)}
            >
              Change
            </button>
          </div>
        </div>
      ) : (
        <div className="desk-row">
          <button type="submit" className="desk-button">
            Review refund
          </button>
          <button type="button" className="desk-button desk-quiet" onClick={() => show(false)}>
            Back
          </button>
        </div>
      )}
    </form>
  );
}

/** The lines the refund form's quantities and fee box choose. */
function chosenLines(order: DeskOrder, data: FormData): RefundedLine[] {
  const lines: RefundedLine[] = [];
  order.lines.forEach((_, index) => {
    const quantity = Number(data.get(`line-${index}`) ?? 0);
    if (Number.isInteger(quantity) && quantity > 0) lines.push({ index, quantity });
  });
  if (data.get('fee') === 'on') lines.push({ index: DELIVERY_FEE_LINE, quantity: 1 });
  return lines;
}

/** What the confirmation says: the amount, the method, and what the shopper is told. */
function refundPreview(order: DeskOrder, review: Omit<RefundBody, 'order'>): string {
  const so = new Map<number, number>(order.lines.map((l, i) => [i, l.refunded]));
  if (order.feeRefunded) so.set(DELIVERY_FEE_LINE, 1);
  const items = order.lines.map((l) => ({
    productName: l.productName,
    selectedColor: l.colour,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
  }));
  const worth = review.lines ? valueOfLines({ ...order, items }, review.lines, so) : { minor: 0 };
  const amount =
    review.amount ??
    ('minor' in worth
      ? Math.min(fromMinorUnits(worth.minor, order.currency), order.refundable)
      : 0);
  const how = paymentLabel(review.method);
  return REFUND_VIEW_TEXT.confirm(formatMoney(amount, order.currency), how, order.address.email);
}
