import { useState, type FormEvent } from 'react';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import { CANCEL_REASONS } from '../../lib/orders/moves.ts';
import { Dialog } from '../header/Dialog.tsx';

/** Where the cancel flow stands: which order, and whether it is asking to confirm or for a reason. */
export type CancelFlow = { orderId: string; step: 'confirm' | 'reason' } | null;

/** The cancel flow's two modal steps (docs/product.md §4): 'Are you sure…?', then the reason with Confirm. */
export function CancelDialogs({
  flow,
  onProceed,
  onClose,
  onSubmit,
}: {
  flow: CancelFlow;
  onProceed: () => void;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  return (
    <>
      <Dialog
        open={flow?.step === 'confirm'}
        onClose={onClose}
        label="Cancel order"
        side="center"
        className="cancel-dialog"
      >
        <h2>Cancel order</h2>
        <p>{ORDER_MESSAGES.confirmCancel}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onProceed}>
            Yes, cancel it
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            No, keep it
          </button>
        </div>
      </Dialog>
      <Dialog
        open={flow?.step === 'reason'}
        onClose={onClose}
        label="Reason for cancelling"
        side="center"
        className="cancel-dialog"
      >
        <ReasonForm onSubmit={onSubmit} onClose={onClose} />
      </Dialog>
    </>
  );
}

const ERROR_ID = 'cancel-reason-error';

function ReasonForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (!reason) return setError(ORDER_MESSAGES.reasonRequired);
    setSending(true);
    try {
      await onSubmit(reason);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="reason-form" onSubmit={submit} noValidate>
      <h2>Reason for cancelling</h2>
      <fieldset aria-describedby={error ? ERROR_ID : undefined}>
        <legend>Why do you want to cancel this order?</legend>
        {CANCEL_REASONS.map((r) => (
          <label key={r} className="radio">
            <input
              type="radio"
              name="cancel-reason"
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setError('');
              }}
            />
            {r}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={ERROR_ID} className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          {sending ? 'Cancelling…' : 'Confirm'}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Keep order
        </button>
      </div>
    </form>
  );
}
