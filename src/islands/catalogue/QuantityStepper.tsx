import { useState } from 'react';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../../lib/cart.ts';

/**
 * A quantity box with − and + buttons, kept within 1 to 100. At a limit the button is
 * aria-disabled rather than disabled: a disabled button would drop the keyboard focus it holds.
 */
export function QuantityStepper({
  value,
  onChange,
}: {
  value: number;
  onChange: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null) onChange(clampQuantity(Number(draft)));
    setDraft(null);
  };
  return (
    <div className="stepper">
      <label htmlFor="quantity">Quantity</label>
      <div className="stepper-row">
        <button
          type="button"
          aria-label="Decrease quantity"
          aria-disabled={value <= MIN_QUANTITY}
          onClick={() => value > MIN_QUANTITY && onChange(clampQuantity(value - 1))}
        >
          −
        </button>
        <input
          id="quantity"
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
          onClick={() => value < MAX_QUANTITY && onChange(clampQuantity(value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
