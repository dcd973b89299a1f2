import {
  CATEGORY_HEADINGS,
  LOAD_MORE_STEP,
  PAGE_SIZE,
  type SortOption,
} from '../../lib/catalogue.ts';
import type { Category } from '../../lib/product.ts';
import { clampRange, type PkrRange } from './price-range.ts';

// The categories without importing the zod schema into the browser.
const CATEGORY_IDS = Object.keys(CATEGORY_HEADINGS);

/** A listing's sort, filter panel and how many cards are shown. */
export type ListingState = {
  sort: SortOption;
  inStockOnly: boolean;
  categories: Category[];
  colors: string[];
  bounds: PkrRange;
  range: PkrRange;
  shown: number;
};

/** What the toolbar, the filter panel and Load More can do. */
export type ListingAction =
  | { type: 'sort'; sort: SortOption }
  | { type: 'stock'; on: boolean }
  | { type: 'category'; category: Category; on: boolean }
  | { type: 'colour'; colour: string; on: boolean }
  | { type: 'range'; range: PkrRange; moved: 'min' | 'max' }
  | { type: 'bounds'; bounds: PkrRange }
  | { type: 'price-reset' }
  | { type: 'reset' }
  | { type: 'more' };

/**
 * The actions that give the listing the filters set in the filter panel's first-tap copy (its
 * fields as name/value pairs: stock, category, colour, and the sliders' min and max in PKR).
 * Anything else, or a value no product list has, is ignored.
 */
export function shellActions(
  fields: readonly [string, string][] | null,
  bounds: PkrRange,
): ListingAction[] {
  if (!fields) return [];
  const actions: ListingAction[] = [];
  const range = { ...bounds };
  for (const [name, value] of fields) {
    if (name === 'stock') actions.push({ type: 'stock', on: true });
    else if (name === 'category' && (CATEGORY_IDS as readonly string[]).includes(value))
      actions.push({ type: 'category', category: value as Category, on: true });
    else if (name === 'colour' && value) actions.push({ type: 'colour', colour: value, on: true });
    else if ((name === 'min' || name === 'max') && Number.isFinite(Number(value)) && value !== '')
      range[name] = Number(value);
  }
  if (range.min !== bounds.min) actions.push({ type: 'range', range, moved: 'min' });
  if (range.max !== bounds.max) actions.push({ type: 'range', range, moved: 'max' });
  return actions;
}

/** A listing with no filter, Featured order and the first page shown; the range spans the bounds. */
export function initialListing(bounds: PkrRange, pageSize = PAGE_SIZE): ListingState {
  return {
    sort: 'Featured',
    inStockOnly: false,
    categories: [],
    colors: [],
    bounds,
    range: { ...bounds },
    shown: pageSize,
  };
}

const toggled = <T>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);

/** The listing reducer: any sort or filter change goes back to the first page; Load More adds 8. */
export function listingReducer(state: ListingState, action: ListingAction): ListingState {
  const first = { ...state, shown: PAGE_SIZE };
  switch (action.type) {
    case 'sort':
      return { ...first, sort: action.sort };
    case 'stock':
      return { ...first, inStockOnly: action.on };
    case 'category':
      return { ...first, categories: toggled(state.categories, action.category, action.on) };
    case 'colour':
      return { ...first, colors: toggled(state.colors, action.colour, action.on) };
    case 'range':
      return { ...first, range: clampRange(action.range, state.bounds, action.moved) };
    case 'bounds':
      // A new product list: the price range goes back to its lowest and highest price (docs/product.md §4).
      return { ...first, bounds: action.bounds, range: { ...action.bounds } };
    case 'price-reset':
      return { ...first, range: { ...state.bounds } };
    case 'reset':
      // Clears the filters; the shopper's sort stays.
      return { ...initialListing(state.bounds), sort: state.sort };
    case 'more':
      return { ...state, shown: state.shown + LOAD_MORE_STEP };
  }
}

/** One active filter, shown as a removable chip above the grid. */
export type ActiveFilter =
  | { kind: 'stock' }
  | { kind: 'category'; category: Category }
  | { kind: 'colour'; colour: string }
  | { kind: 'price'; range: PkrRange };

/** The filters in force, in the panel's order: availability, categories, colours, price. */
export function activeFilters(state: ListingState): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (state.inStockOnly) active.push({ kind: 'stock' });
  for (const category of state.categories) active.push({ kind: 'category', category });
  for (const colour of state.colors) active.push({ kind: 'colour', colour });
  if (state.range.min !== state.bounds.min || state.range.max !== state.bounds.max)
    active.push({ kind: 'price', range: state.range });
  return active;
}

/** What removing a chip does: that one filter goes, the others stay. */
export function removeFilter(filter: ActiveFilter): ListingAction {
  switch (filter.kind) {
    case 'stock':
      return { type: 'stock', on: false };
    case 'category':
      return { type: 'category', category: filter.category, on: false };
    case 'colour':
      return { type: 'colour', colour: filter.colour, on: false };
    case 'price':
      return { type: 'price-reset' };
  }
}
