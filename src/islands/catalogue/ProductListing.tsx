import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  facetCounts,
  filterProducts,
  priceBounds,
  SORTS,
  sortProducts,
  viewingText,
  type SortOption,
} from '../../lib/catalogue.ts';
import { takeShellFields } from '../../client/shells.ts';
import { asProducts, type CardProduct } from './card-product.ts';
import { useModalDrawer } from './drawer-modal.ts';
import { FilterPanel } from './FilterPanel.tsx';
import { ActiveFilters } from './ActiveFilters.tsx';
import { activeFilters, initialListing, listingReducer, shellActions } from './listing-state.ts';
import { useFocusFirstNewCard } from './load-more-focus.ts';
import { ProductGrid } from './ProductGrid.tsx';
import { useScrollToTopOnCommit } from './scroll-on-commit.ts';
import './catalogue.css';

type Props = {
  products: CardProduct[];
  /** The Category filter shows on /Collections only. */
  showCategory?: boolean;
  emptyText: string;
};

const DRAWER_QUERY = '(max-width: 767px)';
/** The page's first-tap copy of the filter panel (src/components/ListingPage.astro). */
const SHELL_ID = 'shell-filter';

/** A collection or category grid with the sort menu, the filter panel, the counter and Load More. */
export default function ProductListing({ products, showCategory = false, emptyText }: Props) {
  const bounds = useMemo(() => priceBounds(asProducts(products)), [products]);
  const [state, dispatch] = useReducer(listingReducer, bounds, initialListing);
  const [panelOpen, setPanelOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const filter = useMemo(
    () => ({
      inStockOnly: state.inStockOnly,
      categories: state.categories,
      colors: state.colors,
      minPrice: state.range.min,
      maxPrice: state.range.max,
    }),
    [state.inStockOnly, state.categories, state.colors, state.range],
  );
  const list = useMemo(
    () =>
      sortProducts(
        filterProducts(asProducts(products), filter),
        state.sort,
      ) as unknown as CardProduct[],
    [products, filter, state.sort],
  );
  const counts = useMemo(() => facetCounts(asProducts(products), filter), [products, filter]);
  // Colours a product paints itself (outside the swatch table) keep that paint in the filter.
  const paints = useMemo(
    () => Object.assign({}, ...products.map((p) => p.swatches ?? {})) as Record<string, string>,
    [products],
  );
  const active = activeFilters(state);
  const visible = list.slice(0, state.shown);
  const newCards = useFocusFirstNewCard(visible.length, visible.length < list.length);

  // A new product list resets the price range to its lowest and highest price (docs/product.md §4).
  const firstBounds = useRef(bounds);
  useEffect(() => {
    if (firstBounds.current === bounds) return;
    firstBounds.current = bounds;
    dispatch({ type: 'bounds', bounds });
  }, [bounds]);

  const resultsRef = useRef<HTMLDivElement>(null);
  useScrollToTopOnCommit(list, resultsRef);

  // The filters a shopper set in the page's first-tap copy of the panel before React came: taken
  // over when the island opens its own panel (the replayed tap), or at once when they closed that
  // copy first ("Show N products").
  const takeShell = () => {
    for (const action of shellActions(takeShellFields(SHELL_ID), bounds)) dispatch(action);
  };
  useEffect(() => {
    const shell = document.getElementById(SHELL_ID);
    if (shell instanceof HTMLDialogElement && !shell.open) takeShell();
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // On small screens the panel is a drawer over the page: the page behind it is inert meanwhile.
  const releasePage = useModalDrawer(panelOpen, 'filter-panel', DRAWER_QUERY, '.drawer-backdrop');

  useEffect(() => {
    if (!panelOpen) return;
    if (matchMedia(DRAWER_QUERY).matches) closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closePanel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // Bound once per opening: closePanel releases the page this opening made inert.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panelOpen]);

  function closePanel() {
    releasePage();
    setPanelOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className={`listing${panelOpen ? ' with-panel' : ''}`}>
      <div className="listing-toolbar">
        <button
          ref={toggleRef}
          type="button"
          className="button secondary"
          aria-expanded={panelOpen}
          aria-controls="filter-panel"
          data-shell={SHELL_ID}
          onClick={() => {
            if (!panelOpen) takeShell();
            setPanelOpen(!panelOpen);
          }}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M3 6h18M6 12h12M10 18h4"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {panelOpen ? 'Hide Filter' : 'Show Filter'}
        </button>
        <p className="counter" aria-live="polite" data-testid="listing-counter">
          {list.length > 0 ? viewingText(visible.length, list.length) : ''}
        </p>
        <label className="sort">
          <span>Sort by</span>
          <select
            value={state.sort}
            onChange={(e) => dispatch({ type: 'sort', sort: e.target.value as SortOption })}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="listing-body">
        {panelOpen && (
          <>
            <div className="drawer-backdrop" onClick={closePanel} aria-hidden="true" />
            <FilterPanel
              id="filter-panel"
              counts={counts}
              paints={paints}
              results={list.length}
              state={state}
              dispatch={dispatch}
              showCategory={showCategory}
              onClose={closePanel}
              closeRef={closeRef}
            />
          </>
        )}
        <div className="listing-results" ref={resultsRef}>
          <h2 className="visually-hidden">Products</h2>
          <ActiveFilters active={active} dispatch={dispatch} />
          {list.length === 0 ? (
            <div className="empty">
              <p>{emptyText}</p>
              {active.length > 0 && (
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => dispatch({ type: 'reset' })}
                >
                  Clear filters
                </button>
              )}
            </div>
          ) : (
            <ProductGrid
              products={visible}
              eager={4}
              listRef={newCards.list}
              colours={state.colors}
            />
          )}
          {visible.length < list.length && (
            <button
              type="button"
              className="button load-more"
              onClick={() => {
                newCards.loading(visible.length);
                dispatch({ type: 'more' });
              }}
            >
              Load More
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
