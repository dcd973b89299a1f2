import { LOAD_MORE_STEP, PAGE_SIZE, type SortOption } from '../../lib/catalogue.ts';
import type { Category } from '../../lib/product.ts';
import { clampRange, type PkrRange } from './price-range.ts';

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
  | { type: 'reset' }
  | { type: 'more' };

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
      // A new product list: the price range goes back to its lowest and highest price (SPEC §4).
      return { ...first, bounds: action.bounds, range: { ...action.bounds } };
    case 'reset':
      return initialListing(state.bounds);
    case 'more':
      return { ...state, shown: state.shown + LOAD_MORE_STEP };
  }
}
