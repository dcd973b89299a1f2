// A labelled input, the desk's one shape of form field (label above, big tap target).
import { useId, type InputHTMLAttributes } from 'react';

/** An input with its visible label. */
export function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="desk-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} className="desk-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
