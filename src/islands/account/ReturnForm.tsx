import { useState, type FormEvent } from 'react';
import type { Order } from '../../client/api.ts';
import { POLICY_TEXT } from '../../lib/policy.ts';
import { MAX_RETURN_REASON, RETURN_MESSAGES, type ReturnKind } from '../../lib/returns/rules.ts';
import { sendReturnRequest } from '../../stores/returns.ts';
import { REFUND_ACCOUNT_MAX } from '../../lib/returns/refund-account.ts';

const ERROR_ID = 'return-form-error';

/**
 * The return or exchange form of one order (loaded only when the shopper opens it): which items and
 * how many, return or exchange, and why. The store checks and sends it; a refusal shows here.
 */
export default function ReturnForm({
  order,
  onDone,
  onClose,
}: {
  order: Order;
  onDone: () => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [kind, setKind] = useState<ReturnKind | ''>('');
  const [reason, setReason] = useState('');
  const [account, setAccount] = useState('');
  // A cash-on-delivery return is refunded to an account the shopper gives here.
  const needsAccount = kind === 'return' && order.paymentMethod === 'COD';
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const toggle = (line: number, on: boolean) => {
    setChosen((c) => {
      const next = { ...c };
      if (on) next[line] = 1;
      else delete next[line];
      return next;
    });
    setError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const items = Object.entries(chosen).map(([line, quantity]) => ({
      line: Number(line),
      quantity,
    }));
    if (items.length === 0) return setError(RETURN_MESSAGES.noItems);
    if (!kind) return setError(RETURN_MESSAGES.kindRequired);
    setSending(true);
    try {
      const failed = await sendReturnRequest({
        orderId: order._id,
        kind,
        reason,
        items,
        ...(needsAccount ? { refundAccount: account } : {}),
      });
      if (failed) setError(failed);
      else onDone();
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="reason-form return-form"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? ERROR_ID : undefined}
    >
      <h2>Return or exchange</h2>
      <p className="muted">
        {POLICY_TEXT.returns} {POLICY_TEXT.pickup}
      </p>
      <fieldset>
        <legend>Which items are you sending back?</legend>
        {order.items.map((item, line) => {
          const id = `return-line-${line}`;
          const on = chosen[line] !== undefined;
          return (
            <div key={line} className="return-line">
              <label className="radio" htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  checked={on}
                  onChange={(e) => toggle(line, e.target.checked)}
                />
                {item.productName} ({item.selectedColor})
              </label>
              {on && (
                <label className="return-qty">
                  How many (of {item.quantity})
                  <select
                    value={chosen[line]}
                    onChange={(e) => setChosen((c) => ({ ...c, [line]: Number(e.target.value) }))}
                  >
                    {Array.from({ length: item.quantity }, (_, i) => (
                      <option key={i + 1} value={i + 1}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Do you want your money back or another item?</legend>
        <label className="radio">
          <input
            type="radio"
            name="return-kind"
            checked={kind === 'return'}
            onChange={() => setKind('return')}
          />
          Return for a refund
        </label>
        <label className="radio">
          <input
            type="radio"
            name="return-kind"
            checked={kind === 'exchange'}
            onChange={() => setKind('exchange')}
          />
          Exchange ({POLICY_TEXT.exchangeShipping.toLowerCase()})
        </label>
      </fieldset>
      <label className="return-reason">
        Why are you sending them back?
        <textarea
          value={reason}
          maxLength={MAX_RETURN_REASON}
          rows={3}
          required
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
        />
      </label>
      {needsAccount && (
        <label className="return-reason">
          Where should we send your refund? Your bank account (IBAN, PK…) or JazzCash or EasyPaisa
          number
          <input
            type="text"
            value={account}
            maxLength={REFUND_ACCOUNT_MAX}
            autoComplete="off"
            required
            onChange={(e) => {
              setAccount(e.target.value);
              setError('');
            }}
          />
        </label>
      )}
      {error && (
        <p id={ERROR_ID} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
