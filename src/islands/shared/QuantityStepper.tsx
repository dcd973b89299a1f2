import { useId, useLayoutEffect, useRef, useState } from 'react';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../../lib/cart.ts';
import { CART_MESSAGES } from '../../lib/messages.ts';
import { notify } from '../../stores/notices.ts';
import './stepper.css';

/** A typed quantity over 100 was set to 100: said as a toast, which moves nothing under a finger. */
const sayCapped = () => notify(CART_MESSAGES.quantityCapped, 'info');

/**
 * The one quantity stepper of the shop (product page, cart panel, cart page): − , a number box and
 * +, kept within 1 to 100. A typed number is applied when the box is left or Enter is pressed,
 * clamped into range; a number over 100 becomes 100 and the shopper is told so. At a limit a button is aria-disabled rather than disabled: a disabled button
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
  // What a − or + changed, said politely: the focus stays on the button, so nothing else would.
  const [said, setSaid] = useState('');
  const apply = (quantity: number) => {
    const next = clampQuantity(quantity);
    if (quantity > MAX_QUANTITY) sayCapped();
    if (next !== value) onChange(next);
  };
  // The box is in the page's HTML before React comes, and hydrating keeps what it holds: a number
  // typed then (even before the page's scripts listened) is the shopper's. Still in the box, it
  // becomes the draft, applied when the box is left or on Enter; already left (Tab, the phone's
  // Next, a tap elsewhere, all before React could hear it), it is applied now, since no leaving
  // is left to come.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || el.value === String(value)) return;
    if (el === document.activeElement) {
      setDraft(el.value);
      return;
    }
    // As a commit does: an empty box keeps the quantity, another number is forced into 1–100.
    const typed = el.value.trim();
    const next = typed === '' ? value : clampQuantity(Number(typed));
    if (Number(typed) > MAX_QUANTITY) sayCapped();
    if (next !== value) onChange(next);
    el.value = String(next);
    // Once, as the island wakes: later the box only ever holds what React put there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
          onChange={(e) => {
            // A typed number held while the island woke is replayed once the shopper may have
            // left the box: with no leaving to come, it applies at once.
            if (e.target === document.activeElement) setDraft(e.target.value);
            else if (e.target.value.trim() !== '') {
              apply(Number(e.target.value));
              setDraft(null);
            }
          }}
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
