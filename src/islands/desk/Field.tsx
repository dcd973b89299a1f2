// A labelled input, the desk's one shape of form field (label above, big tap target). A refused
// field is marked invalid and its problem, shown under it, is what a screen reader reads with it.
import { useId, type InputHTMLAttributes } from 'react';

/** An input with its visible label, its hint and its problem (when refused). */
export function Field({
  label,
  hint,
  problem,
  ...input
}: {
  label: string;
  hint?: string;
  problem?: string | undefined;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="desk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <small id={`${id}-hint`} className="desk-hint">
          {hint}
        </small>
      )}
      {problem && (
        <p id={`${id}-problem`} className="desk-error-text">
          {label}: {problem}
        </p>
      )}
    </div>
  );
}

/** A list's search box: its field `q` (holding the list's query) and the Search button beside it. */
export function SearchBox({ label, query }: { label: string; query: string }) {
  return (
    <div className="desk-search">
      <Field label={label} name="q" type="search" defaultValue={query} maxLength={100} />
      <button type="submit" className="desk-button">
        Search
      </button>
    </div>
  );
}
