import { useState, type KeyboardEvent } from 'react';
import { boxStep, boxValue, pkrFromShown, pkrToShown } from '../../lib/price-filter.ts';
import { showPrice } from '../../stores/currency.ts';
import { useCurrency } from '../shared/Price.tsx';
import type { PkrRange } from './price-range.ts';

type Props = {
  /** Prefixes the fields' ids: the page's first-tap copy of the panel has its own. */
  idPrefix?: string;
  bounds: PkrRange;
  range: PkrRange;
  onChange: (range: PkrRange, moved: 'min' | 'max') => void;
};

/** A number box that edits freely and commits on Enter or when left. */
function PriceBox(props: {
  id: string;
  label: string;
  symbol: string;
  /** The price shown at this end, with the currency's digits. */
  value: string;
  /** The currency's minor unit (0.01 for pounds): the box takes amounts to it. */
  step: number;
  onCommit: (shown: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() !== '' && Number.isFinite(Number(draft)))
      props.onCommit(Number(draft));
    setDraft(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
  };
  return (
    <div className="price-box">
      <label htmlFor={props.id}>{props.label}</label>
      <span className="price-input">
        <span aria-hidden="true">{props.symbol}</span>
        <input
          id={props.id}
          type="number"
          inputMode={props.step < 1 ? 'decimal' : 'numeric'}
          min={0}
          step={props.step}
          value={draft ?? props.value}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={onKey}
        />
      </span>
    </div>
  );
}

/** The price filter: a two-handle range slider plus From and To boxes in the chosen currency. */
export function PriceFilter({ idPrefix = '', bounds, range, onChange }: Props) {
  const currency = useCurrency();
  const { rate, code } = currency;
  const step = boxStep(code);
  const flat = bounds.min === bounds.max;
  return (
    <fieldset className="filter-group">
      <legend>Price</legend>
      <div
        className="range"
        style={{
          ['--lo' as string]: pct(range.min, bounds),
          ['--hi' as string]: pct(range.max, bounds),
        }}
      >
        <label className="visually-hidden" htmlFor={`${idPrefix}price-min`}>
          Lowest price
        </label>
        <input
          id={`${idPrefix}price-min`}
          name="min"
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={range.min}
          disabled={flat}
          aria-valuetext={showPrice(range.min, currency)}
          onChange={(e) => onChange({ ...range, min: Number(e.target.value) }, 'min')}
        />
        <label className="visually-hidden" htmlFor={`${idPrefix}price-max`}>
          Highest price
        </label>
        <input
          id={`${idPrefix}price-max`}
          name="max"
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={range.max}
          disabled={flat}
          aria-valuetext={showPrice(range.max, currency)}
          onChange={(e) => onChange({ ...range, max: Number(e.target.value) }, 'max')}
        />
      </div>
      <div className="price-boxes">
        <PriceBox
          id={`${idPrefix}price-from`}
          label="From"
          symbol={currency.symbol}
          value={boxValue(range.min, rate, code)}
          step={step}
          onCommit={(shown) =>
            onChange({ ...range, min: pkrFromShown(shown, rate, code, bounds) }, 'min')
          }
        />
        <PriceBox
          id={`${idPrefix}price-to`}
          label="To"
          symbol={currency.symbol}
          value={boxValue(range.max, rate, code)}
          step={step}
          onCommit={(shown) =>
            onChange({ ...range, max: pkrToShown(shown, rate, code, bounds) }, 'max')
          }
        />
      </div>
    </fieldset>
  );
}

function pct(value: number, bounds: PkrRange): string {
  const span = bounds.max - bounds.min;
  return `${span > 0 ? ((value - bounds.min) / span) * 100 : 0}%`;
}
