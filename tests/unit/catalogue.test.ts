import { describe, expect, it } from 'vitest';
import {
  bestSellers,
  byCategory,
  colourCounts,
  facetCounts,
  facetFields,
  filterProducts,
  priceBounds,
  relatedProducts,
  sortProducts,
  trendingProducts,
  under999,
  viewingText,
} from '../../src/lib/catalogue.ts';
import type { Product } from '../../src/lib/product.ts';
import { makeProduct } from '../fixtures/products.ts';

const tote = makeProduct({
  _id: 'tote',
  productName: 'Executive Tote',
  category: 'handbags',
  colors: ['Black', 'Tan'],
  price: 6000,
  discountPercent: 0,
  bestSeller: true,
});
const pack = makeProduct({
  _id: 'pack',
  productName: 'Commuter Backpack',
  category: 'bagpacks',
  colors: ['Black', 'Navy'],
  price: 4500,
  discountPercent: 10, // 4050
  stock: false,
});
const sleeve = makeProduct({
  _id: 'sleeve',
  productName: 'Slim Sleeve',
  category: 'sleeves',
  colors: ['Grey'],
  price: 1998,
  discountPercent: 50, // 999
  bestSeller: true,
});
const cheap = makeProduct({
  _id: 'cheap',
  productName: 'budget sleeve',
  category: 'sleeves',
  colors: ['Grey', 'Black'],
  price: 1999,
  discountPercent: 50, // 999.5 → 1000
});
const list: readonly Product[] = [tote, pack, sleeve, cheap];
const ids = (products: readonly Product[]) => products.map((p) => p._id);

describe('sortProducts', () => {
  it('keeps catalogue order for Featured, in a new array', () => {
    const sorted = sortProducts(list, 'Featured');
    expect(ids(sorted)).toEqual(['tote', 'pack', 'sleeve', 'cheap']);
    expect(sorted).not.toBe(list);
  });

  it('sorts by discounted price, low to high', () => {
    expect(ids(sortProducts(list, 'Price Low to High'))).toEqual([
      'sleeve',
      'cheap',
      'pack',
      'tote',
    ]);
  });

  it('sorts by discounted price, high to low', () => {
    expect(ids(sortProducts(list, 'Price High to Low'))).toEqual([
      'tote',
      'pack',
      'cheap',
      'sleeve',
    ]);
  });

  it('sorts by name A to Z and Z to A, ignoring case', () => {
    expect(ids(sortProducts(list, 'A to Z'))).toEqual(['cheap', 'pack', 'tote', 'sleeve']);
    expect(ids(sortProducts(list, 'Z to A'))).toEqual(['sleeve', 'tote', 'pack', 'cheap']);
  });

  it('keeps catalogue order between equal prices', () => {
    const a = makeProduct({ _id: 'a', price: 100, discountPercent: 0 });
    const b = makeProduct({ _id: 'b', price: 100, discountPercent: 0 });
    expect(ids(sortProducts([a, b], 'Price High to Low'))).toEqual(['a', 'b']);
  });

  it('does not mutate the list', () => {
    const copy = [...list];
    sortProducts(copy, 'Z to A');
    expect(ids(copy)).toEqual(['tote', 'pack', 'sleeve', 'cheap']);
  });
});

describe('filterProducts', () => {
  it('keeps everything with an empty filter', () => {
    expect(filterProducts(list, {})).toHaveLength(4);
    expect(filterProducts(list, { categories: [], colors: [] })).toHaveLength(4);
  });

  it('keeps only products in stock', () => {
    expect(ids(filterProducts(list, { inStockOnly: true }))).toEqual(['tote', 'sleeve', 'cheap']);
  });

  it('keeps the chosen categories', () => {
    expect(ids(filterProducts(list, { categories: ['sleeves', 'handbags'] }))).toEqual([
      'tote',
      'sleeve',
      'cheap',
    ]);
  });

  it('keeps products in any chosen colour, sleeves included', () => {
    expect(ids(filterProducts(list, { colors: ['Grey'] }))).toEqual(['sleeve', 'cheap']);
    expect(ids(filterProducts(byCategory(list, 'sleeves'), { colors: ['Black'] }))).toEqual([
      'cheap',
    ]);
  });

  it('includes a price exactly at the lower bound', () => {
    expect(ids(filterProducts(list, { minPrice: 4050 }))).toEqual(['tote', 'pack']);
  });

  it('includes a price exactly at the upper bound', () => {
    expect(ids(filterProducts(list, { maxPrice: 4050 }))).toEqual(['pack', 'sleeve', 'cheap']);
  });

  it('filters on the discounted price, 999 vs 999.5', () => {
    expect(ids(filterProducts(list, { maxPrice: 999 }))).toEqual(['sleeve']);
    expect(ids(filterProducts(list, { minPrice: 1000, maxPrice: 1000 }))).toEqual(['cheap']);
  });

  it('combines filters', () => {
    expect(
      ids(filterProducts(list, { inStockOnly: true, colors: ['Black'], maxPrice: 5000 })),
    ).toEqual(['cheap']);
  });
});

describe('colourCounts', () => {
  it('counts products per colour in order of first appearance', () => {
    expect(colourCounts(list)).toEqual([
      { colour: 'Black', count: 3 },
      { colour: 'Tan', count: 1 },
      { colour: 'Navy', count: 1 },
      { colour: 'Grey', count: 2 },
    ]);
  });

  it('gives [] for no products', () => {
    expect(colourCounts([])).toEqual([]);
  });
});

describe('priceBounds', () => {
  it('spans the lowest and highest discounted price', () => {
    expect(priceBounds(list)).toEqual({ min: 999, max: 6000 });
  });

  it('defaults to 0 to 100000 before products load', () => {
    expect(priceBounds([])).toEqual({ min: 0, max: 100000 });
  });

  it('keeps every product when the filter spans the bounds', () => {
    const { min, max } = priceBounds(list);
    expect(filterProducts(list, { minPrice: min, maxPrice: max })).toHaveLength(4);
  });
});

describe('bestSellers', () => {
  it('keeps best sellers in catalogue order', () => {
    expect(ids(bestSellers(list))).toEqual(['tote', 'sleeve']);
  });
});

describe('trendingProducts', () => {
  it('shows up to 6 best sellers', () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      makeProduct({ _id: `b-${i}`, bestSeller: true }),
    );
    expect(ids(trendingProducts(many))).toEqual(['b-0', 'b-1', 'b-2', 'b-3', 'b-4', 'b-5']);
    expect(ids(trendingProducts(list))).toEqual(['tote', 'sleeve']);
  });
});

describe('relatedProducts', () => {
  it('lists other products of the same category', () => {
    expect(ids(relatedProducts(sleeve, list))).toEqual(['cheap']);
  });

  it('excludes the product itself and stops at 10', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeProduct({ _id: `h-${i}`, category: 'handbags' }),
    );
    const related = relatedProducts(many[0]!, many);
    expect(related).toHaveLength(10);
    expect(ids(related)).not.toContain('h-0');
  });
});

describe('under999', () => {
  it('keeps 999 and drops 999.5 rounded to 1000', () => {
    expect(ids(under999(list))).toEqual(['sleeve']);
  });

  it('gives [] when nothing qualifies', () => {
    expect(under999([tote])).toEqual([]);
  });
});

describe('byCategory', () => {
  it('keeps one category', () => {
    expect(ids(byCategory(list, 'sleeves'))).toEqual(['sleeve', 'cheap']);
    expect(ids(byCategory(list, 'handbags'))).toEqual(['tote']);
  });
});

describe('viewingText', () => {
  it("reads 'Viewing X of Y products'", () => {
    expect(viewingText(8, 23)).toBe('Viewing 8 of 23 products');
  });
  it("counts a single product as one: 'Viewing 1 of 1 product'", () => {
    expect(viewingText(1, 1)).toBe('Viewing 1 of 1 product');
  });
});

describe('facetFields', () => {
  it('keeps of each product only what the counts read, and they count the same from it', () => {
    const fields = facetFields(list);
    expect(Object.keys(fields[0]!).sort()).toEqual(
      ['category', 'colors', 'discountPercent', 'price', 'stock'].sort(),
    );
    for (const filter of [{}, { colors: ['Black'] }, { inStockOnly: true, minPrice: 1000 }])
      expect(facetCounts(fields, filter)).toEqual(facetCounts(list, filter));
  });
});

describe('facetCounts', () => {
  // tote: handbags, Black+Tan, in stock · pack: bagpacks, Black+Navy, out of stock ·
  // sleeve: sleeves, Grey, 999 · cheap: sleeves, Grey+Black, 1000.
  it('counts every value over the whole list when no filter is set', () => {
    expect(facetCounts(list, {})).toEqual({
      inStock: 3,
      categories: { handbags: 1, bagpacks: 1, sleeves: 2 },
      colours: [
        { colour: 'Black', count: 3 },
        { colour: 'Tan', count: 1 },
        { colour: 'Navy', count: 1 },
        { colour: 'Grey', count: 2 },
      ],
    });
  });

  it('counts colours under the other filters, keeping every colour of the list (0 when none would show)', () => {
    expect(facetCounts(list, { categories: ['sleeves'] }).colours).toEqual([
      { colour: 'Black', count: 1 },
      { colour: 'Tan', count: 0 },
      { colour: 'Navy', count: 0 },
      { colour: 'Grey', count: 2 },
    ]);
  });

  it('counts a filter without itself: choosing Black still counts Grey, and every category in black', () => {
    const counts = facetCounts(list, { colors: ['Black'] });
    expect(counts.colours.find((c) => c.colour === 'Grey')?.count).toBe(2);
    expect(counts.categories).toEqual({ handbags: 1, bagpacks: 1, sleeves: 1 });
    expect(counts.inStock).toBe(2);
  });

  it('follows the price range and stock together', () => {
    const counts = facetCounts(list, { inStockOnly: true, maxPrice: 999 });
    expect(counts.categories).toEqual({ handbags: 0, bagpacks: 0, sleeves: 1 });
    expect(counts.inStock).toBe(1);
    expect(counts.colours.filter((c) => c.count > 0)).toEqual([{ colour: 'Grey', count: 1 }]);
  });
});
