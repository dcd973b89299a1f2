import { discountedPrice, isUnder999 } from './pricing.ts';
import type { Category, Product } from './product.ts';

/** The sort menu's options, in menu order (docs/product.md §2). */
export const SORTS = [
  'Featured',
  'Price Low to High',
  'Price High to Low',
  'A to Z',
  'Z to A',
] as const;

/** One of the sort menu's options. */
export type SortOption = (typeof SORTS)[number];

/** Filter panel state; prices are PKR discounted prices, inclusive at both ends. */
export type ProductFilter = {
  inStockOnly?: boolean;
  categories?: readonly Category[];
  colors?: readonly string[];
  minPrice?: number;
  maxPrice?: number;
};

/** Products shown first on collection and category grids (docs/product.md §9). */
export const PAGE_SIZE = 8;
/** Products each Load More adds on collection and category grids. */
export const LOAD_MORE_STEP = 8;
/** Best sellers shown first on the home grid. */
export const BEST_SELLERS_PAGE = 8;
/** Best sellers each Load More adds. */
export const BEST_SELLERS_STEP = 4;
/** Most search results and trending products the search overlay shows. */
export const SEARCH_LIMIT = 6;
/** Most "You Might Also Like" products shown. */
export const RELATED_LIMIT = 10;

/** The price filter's bounds before any product is loaded (docs/product.md §5). */
export const DEFAULT_PRICE_BOUNDS = { min: 0, max: 100000 } as const;

/** Category page headings (docs/product.md §2). */
export const CATEGORY_HEADINGS: Readonly<Record<Category, string>> = {
  handbags: 'Laptop Handbags',
  bagpacks: 'Laptop Bagpacks',
  sleeves: 'Laptop Sleeves',
};

// Made on first sort, not as the page's script starts: making one costs the locale's data.
let collator: Intl.Collator | undefined;
const names = () => (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

/** A new array in the chosen order; Featured keeps catalogue order, ties keep catalogue order. */
export function sortProducts(list: readonly Product[], sort: SortOption): Product[] {
  switch (sort) {
    case 'Price Low to High':
    case 'Price High to Low': {
      const sign = sort === 'Price Low to High' ? 1 : -1;
      // Decorate once: the discounted price is computed n times, not n log n.
      return list
        .map((product) => ({ product, price: discountedPrice(product) }))
        .sort((a, b) => sign * (a.price - b.price))
        .map((d) => d.product);
    }
    case 'A to Z':
      return [...list].sort((a, b) => names().compare(a.productName, b.productName));
    case 'Z to A':
      return [...list].sort((a, b) => names().compare(b.productName, a.productName));
    default:
      return [...list];
  }
}

/** The products passing every set filter; empty category or colour lists filter nothing. */
export function filterProducts<P extends FacetFields>(
  list: readonly P[],
  filter: ProductFilter,
): P[] {
  const categories = filter.categories?.length ? new Set<string>(filter.categories) : null;
  const colors = filter.colors?.length ? new Set(filter.colors) : null;
  const min = filter.minPrice ?? -Infinity;
  const max = filter.maxPrice ?? Infinity;
  return list.filter((p) => {
    if (filter.inStockOnly && !p.stock) return false;
    if (categories && !categories.has(p.category)) return false;
    if (colors && !p.colors.some((c) => colors.has(c))) return false;
    const price = discountedPrice(p);
    return price >= min && price <= max;
  });
}

/** Each colour with how many products come in it, in order of first appearance. */
export function colourCounts(
  list: readonly Pick<Product, 'colors'>[],
): { colour: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of list) {
    for (const colour of new Set(p.colors)) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return [...counts].map(([colour, count]) => ({ colour, count }));
}

/** What the filter panel's counts read of a product. */
export type FacetFields = Pick<
  Product,
  'stock' | 'category' | 'colors' | 'price' | 'discountPercent'
>;

/**
 * Each product's fields the counts read, and nothing else: what a listing page carries for its
 * filter shell to count before the island comes (src/client/filter-shell-counts.ts).
 */
export function facetFields(list: readonly Product[]): FacetFields[] {
  return list.map(({ stock, category, colors, price, discountPercent }) => ({
    stock,
    category,
    colors,
    price,
    discountPercent,
  }));
}

/** The filter panel's counts, each following every other active filter (as Dawn's facets do). */
export interface FacetCounts {
  /** Products in stock, under the other filters. */
  inStock: number;
  /** Per category: products in it under the filters other than category. */
  categories: Record<Category, number>;
  /**
   * Every colour of the whole list, in order of first appearance, with how many products come in
   * it under the filters other than colour (0 when none would show).
   */
  colours: { colour: string; count: number }[];
}

/**
 * The panel's counts for a list and its active filters: a value's count is how many products would
 * show with that value chosen and every other filter kept, so counts never promise a product that
 * the grid would not show (within a filter, choices add up: Black or Navy).
 */
export function facetCounts(list: readonly FacetFields[], filter: ProductFilter): FacetCounts {
  const inStock = filterProducts(list, { ...filter, inStockOnly: true }).length;
  const categories = Object.fromEntries(
    (Object.keys(CATEGORY_HEADINGS) as Category[]).map((c) => [c, 0]),
  ) as Record<Category, number>;
  for (const p of filterProducts(list, { ...filter, categories: [] })) categories[p.category] += 1;
  const counted = new Map(
    colourCounts(filterProducts(list, { ...filter, colors: [] })).map((c) => [c.colour, c.count]),
  );
  const colours = colourCounts(list).map(({ colour }) => ({
    colour,
    count: counted.get(colour) ?? 0,
  }));
  return { inStock, categories, colours };
}

/** The lowest and highest discounted price; an empty list gives 0 to 100000. */
export function priceBounds(list: readonly Product[]): { min: number; max: number } {
  if (list.length === 0) return { ...DEFAULT_PRICE_BOUNDS };
  let min = Infinity;
  let max = -Infinity;
  for (const p of list) {
    const price = discountedPrice(p);
    if (price < min) min = price;
    if (price > max) max = price;
  }
  return { min, max };
}

/** The best sellers, in catalogue order. */
export function bestSellers(list: readonly Product[]): Product[] {
  return list.filter((p) => p.bestSeller);
}

/** The search overlay's Trending Products: up to 6 best sellers. */
export function trendingProducts(list: readonly Product[], limit = SEARCH_LIMIT): Product[] {
  return bestSellers(list).slice(0, Math.max(0, limit));
}

/** "You Might Also Like": up to 10 other products of the same category. */
export function relatedProducts(
  product: Product,
  list: readonly Product[],
  limit = RELATED_LIMIT,
): Product[] {
  return list
    .filter((p) => p.category === product.category && p._id !== product._id)
    .slice(0, Math.max(0, limit));
}

/** The /under999 list: products whose rounded discounted price is at most 999. */
export function under999(list: readonly Product[]): Product[] {
  return list.filter(isUnder999);
}

/** The products of one category (sleeves use `colors` like the others). */
export function byCategory(list: readonly Product[], category: Category): Product[] {
  return list.filter((p) => p.category === category);
}

/** The grid counter text: 'Viewing X of Y products' ('Viewing 1 of 1 product' for a single one). */
export function viewingText(shown: number, total: number): string {
  return `Viewing ${shown} of ${total} product${total === 1 ? '' : 's'}`;
}
