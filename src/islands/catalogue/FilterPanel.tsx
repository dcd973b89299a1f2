import type { Dispatch, RefObject } from 'react';
import { CATEGORY_HEADINGS, colourCounts } from '../../lib/catalogue.ts';
import type { Category } from '../../lib/product.ts';
import { asProducts, type CardProduct } from './card-product.ts';
import type { ListingAction, ListingState } from './listing-state.ts';
import { PriceFilter } from './PriceFilter.tsx';

type Props = {
  id: string;
  products: readonly CardProduct[];
  state: ListingState;
  dispatch: Dispatch<ListingAction>;
  showCategory: boolean;
  onClose: () => void;
  closeRef: RefObject<HTMLButtonElement | null>;
};

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// The categories in the store's order, without importing the zod schema into the browser.
const CATEGORIES = Object.keys(CATEGORY_HEADINGS) as Category[];

/** The Show Filter panel (a drawer on small screens): availability, category, colour, price, reset. */
export function FilterPanel({
  id,
  products,
  state,
  dispatch,
  showCategory,
  onClose,
  closeRef,
}: Props) {
  const colours = colourCounts(asProducts(products));
  return (
    <aside id={id} className="filter-panel" aria-label="Filters">
      <div className="filter-head">
        <h2>Filters</h2>
        <button ref={closeRef} type="button" className="filter-close" onClick={onClose}>
          Close
        </button>
      </div>
      <fieldset className="filter-group">
        <legend>Availability</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={state.inStockOnly}
            onChange={(e) => dispatch({ type: 'stock', on: e.target.checked })}
          />
          In stock only
        </label>
      </fieldset>
      {showCategory && (
        <fieldset className="filter-group">
          <legend>Category</legend>
          {CATEGORIES.map((c) => (
            <label className="check" key={c}>
              <input
                type="checkbox"
                checked={state.categories.includes(c)}
                onChange={(e) => dispatch({ type: 'category', category: c, on: e.target.checked })}
              />
              {label(c)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="filter-group">
        <legend>Color</legend>
        {colours.map(({ colour, count }) => (
          <label className="check" key={colour}>
            <input
              type="checkbox"
              checked={state.colors.includes(colour)}
              onChange={(e) => dispatch({ type: 'colour', colour, on: e.target.checked })}
            />
            {colour} ({count})
          </label>
        ))}
      </fieldset>
      <PriceFilter
        bounds={state.bounds}
        range={state.range}
        onChange={(range, moved) => dispatch({ type: 'range', range, moved })}
      />
      <button
        type="button"
        className="button secondary reset"
        onClick={() => dispatch({ type: 'reset' })}
      >
        Reset Filters
      </button>
    </aside>
  );
}
