import type { Dispatch } from 'react';
import { showPrice } from '../../stores/currency.ts';
import { useCurrency } from '../shared/Price.tsx';
import { removeFilter, type ActiveFilter, type ListingAction } from './listing-state.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The chip's words (the price in the shopper's currency). */
function chipLabel(filter: ActiveFilter, price: (pkr: number) => string): string {
  switch (filter.kind) {
    case 'stock':
      return 'In stock only';
    case 'category':
      return capital(filter.category);
    case 'colour':
      return filter.colour;
    case 'price':
      return `${price(filter.range.min)} – ${price(filter.range.max)}`;
  }
}

/** The filters in force above the grid: each chip removes its filter, "Clear all" removes them all. */
export function ActiveFilters({
  active,
  dispatch,
}: {
  active: readonly ActiveFilter[];
  dispatch: Dispatch<ListingAction>;
}) {
  const currency = useCurrency();
  if (active.length === 0) return null;
  const price = (pkr: number) => showPrice(pkr, currency);
  return (
    <ul className="active-filters" aria-label="Active filters">
      {active.map((filter) => {
        const label = chipLabel(filter, price);
        return (
          <li key={`${filter.kind}:${label}`}>
            <button
              type="button"
              className="filter-chip"
              aria-label={`Remove filter: ${label}`}
              onClick={() => dispatch(removeFilter(filter))}
            >
              {label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
      <li>
        <button type="button" className="filter-clear" onClick={() => dispatch({ type: 'reset' })}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
