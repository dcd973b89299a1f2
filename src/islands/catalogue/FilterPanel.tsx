import type { Dispatch, RefObject } from 'react';
import { CATEGORY_HEADINGS, type FacetCounts } from '../../lib/catalogue.ts';
import { categoryLabel, colourLabel, inStockLabel, resultsLabel } from '../../lib/filter-labels.ts';
import type { Category } from '../../lib/product.ts';
import { swatchColour } from '../../lib/swatches.ts';
import type { ListingAction, ListingState } from './listing-state.ts';
import { PriceFilter } from './PriceFilter.tsx';

type Props = {
  id: string;
  /** The counts beside each choice, following the other active filters. */
  counts: FacetCounts;
  /** The paint of colours that products give their own swatch. */
  paints: Readonly<Record<string, string>>;
  /** How many products the filters keep: the drawer's results button says it (null: not counted). */
  results: number | null;
  state: ListingState;
  dispatch: Dispatch<ListingAction>;
  showCategory: boolean;
  onClose: () => void;
  closeRef: RefObject<HTMLButtonElement | null>;
};

// The categories in the store's order, without importing the zod schema into the browser.
const CATEGORIES = Object.keys(CATEGORY_HEADINGS) as Category[];

/**
 * The Show Filter panel (a drawer on small screens): availability, category, colour swatches and
 * price, each with counts that follow the other filters; Reset Filters; and on phones a results
 * button that closes the drawer onto the grid.
 */
export function FilterPanel({
  id,
  counts,
  paints,
  results,
  state,
  dispatch,
  showCategory,
  onClose,
  closeRef,
}: Props) {
  return (
    <aside id={id} className="filter-panel" aria-label="Filters">
      <div className="filter-head">
        <h2>Filters</h2>
        {/* Submit and reset, not plain buttons: in the page's first-tap copy of this panel (a
            form of method "dialog", TapShell.astro) they close and clear it before React comes;
            the island's panel is in no form, so there only their handlers act. */}
        <button ref={closeRef} type="submit" className="filter-close" onClick={onClose}>
          Close
        </button>
      </div>
      <fieldset className="filter-group">
        <legend>Availability</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={state.inStockOnly}
            name="stock"
            disabled={counts.inStock === 0 && !state.inStockOnly}
            onChange={(e) => dispatch({ type: 'stock', on: e.target.checked })}
          />
          {inStockLabel(counts.inStock)}
        </label>
      </fieldset>
      {showCategory && (
        <fieldset className="filter-group">
          <legend>Category</legend>
          {CATEGORIES.map((c) => (
            <label className="check" key={c}>
              <input
                type="checkbox"
                name="category"
                value={c}
                checked={state.categories.includes(c)}
                disabled={counts.categories[c] === 0 && !state.categories.includes(c)}
                onChange={(e) => dispatch({ type: 'category', category: c, on: e.target.checked })}
              />
              {categoryLabel(c, counts.categories[c])}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="filter-group">
        <legend>Color</legend>
        <div className="swatch-choices">
          {counts.colours.map(({ colour, count }) => {
            const checked = state.colors.includes(colour);
            return (
              <label className="swatch-choice" key={colour}>
                <input
                  type="checkbox"
                  name="colour"
                  value={colour}
                  checked={checked}
                  // As every choice here: one that would show no product is offered only to be unticked.
                  disabled={count === 0 && !checked}
                  onChange={(e) => dispatch({ type: 'colour', colour, on: e.target.checked })}
                />
                <span
                  className="swatch-dot"
                  style={{ background: swatchColour(colour, paints[colour]) }}
                  aria-hidden="true"
                />
                <span>{colourLabel(colour, count)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <PriceFilter
        idPrefix={id === 'filter-panel' ? '' : `${id}-`}
        bounds={state.bounds}
        range={state.range}
        onChange={(range, moved) => dispatch({ type: 'range', range, moved })}
      />
      <div className="filter-actions">
        <button
          type="reset"
          className="button secondary reset"
          onClick={() => dispatch({ type: 'reset' })}
        >
          Reset Filters
        </button>
        <button type="submit" className="button filter-results" onClick={onClose}>
          {resultsLabel(results)}
        </button>
      </div>
    </aside>
  );
}
