import { useId, useLayoutEffect, useRef, useState } from 'react';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../../lib/cart.ts';
import './stepper.css';

/**
 * The one quantity stepper of the shop (product page, cart panel, cart page): − , a number box and
 * +, kept within 1 to 100. A typed number is applied when the box is left or Enter is pressed,
 * clamped into range. At a limit a button is aria-disabled rather than disabled: a disabled button
 * would drop the keyboard focus it holds.
 *
 * `label` names the number box (shown above it unless `hideLabel`); `groupLabel` names the whole
 * group for screen readers, so a cart of several lines says whose quantity each one is.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  groupLabel,
  hideLabel = false,
  id,
}: {
  value: number;
  onChange: (quantity: number) => void;
  label: string;
  groupLabel: string;
  hideLabel?: boolean;
  id?: string;
}) {
  const ownId = useId();
  const inputId = id ?? `quantity-${ownId}`;
  const [draft, setDraft] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  // The box is in the page's HTML before React comes, and hydrating keeps what it holds: a number
  // typed then (even before the page's scripts listened) becomes the draft, so the island starts
  // with what the shopper typed, applied as any typed number is, when the box is left or on Enter.
  useLayoutEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== String(value)) setDraft(typed);
    // Once, as the island wakes: later the box only ever holds what React put there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // What a − or + changed, said politely: the focus stays on the button, so nothing else would.
  const [said, setSaid] = useState('');
  const apply = (quantity: number) => {
    const next = clampQuantity(quantity);
    if (next !== value) onChange(next);
  };
  const step = (by: number) => {
    const next = clampQuantity(value + by);
    if (next === value) return;
    onChange(next);
    setSaid(`${label}: ${next}`);
  };
  const commit = () => {
    if (draft !== null && draft.trim() !== '') apply(Number(draft));
    setDraft(null);
  };
  return (
    <div className="qty" role="group" aria-label={groupLabel}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'qty-label'}>
        {label}
      </label>
      <div className="qty-row">
        <button
          type="button"
          aria-label="Decrease quantity"
          aria-disabled={value <= MIN_QUANTITY}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={box}
          id={inputId}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          aria-disabled={value >= MAX_QUANTITY}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </div>
  );
}
