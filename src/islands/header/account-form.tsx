// The building blocks of the account drawer's forms: a labelled field that can carry its error,
// the form's failure message, focus on switching forms, and the busy flag.
import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { notify } from '../../stores/notices.ts';
import { fieldOfMessage, type AccountField } from './account-errors.ts';

/**
 * A form's failure message: shown as a toast, and inside the drawer either under the field it names
 * (tied with aria-invalid and aria-describedby) or, naming no single field, among the dialog's alerts.
 */
export function useFormError(fields: readonly AccountField[]) {
  const [error, setError] = useState<{ field: AccountField | null; text: string } | null>(null);
  return {
    fail(text: string) {
      const field = fieldOfMessage(text, fields);
      notify(text, 'error', { inline: field !== null });
      setError({ field, text });
    },
    errorOf: (field: AccountField) => (error?.field === field ? error.text : undefined),
    clear: () => setError(null),
  };
}

/** Focuses the form's first field when the drawer switches to it (on opening, the dialog places focus itself). */
export function useFocusOnSwitch() {
  const first = useRef<HTMLInputElement>(null);
  // A layout effect, as the dialog's opening is (Dialog.tsx): this one, the child's, runs first, so
  // on opening the dialog is not open yet and places focus itself (on Close).
  useLayoutEffect(() => {
    if (first.current?.closest('dialog')?.open) first.current.focus();
  }, []);
  return first;
}

/** A flag that is on while `work` runs. */
export function useBusy(): [boolean, (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  return [
    busy,
    async (work) => {
      setBusy(true);
      try {
        await work();
      } finally {
        setBusy(false);
      }
    },
  ];
}

/** A labelled input; with `error`, marked invalid and described by the message shown under it. */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  error,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = `account-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
