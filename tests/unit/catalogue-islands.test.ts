import { describe, expect, it } from 'vitest';
import { variantAt } from '../../src/islands/catalogue/card-product.ts';
import {
  activeFilters,
  initialListing,
  listingReducer,
  removeFilter,
} from '../../src/islands/catalogue/listing-state.ts';
import { clampRange } from '../../src/islands/catalogue/price-range.ts';

const bounds = { min: 950, max: 18500 };

describe('variantAt', () => {
  it('splits the image into one band per colour', () => {
    expect(variantAt(10, 300, 3)).toBe(0);
    expect(variantAt(150, 300, 3)).toBe(1);
    expect(variantAt(299, 300, 3)).toBe(2);
  });
  it('stays on the first image for one colour or no width', () => {
    expect(variantAt(200, 300, 1)).toBe(0);
    expect(variantAt(200, 0, 3)).toBe(0);
  });
  it('keeps a pointer at or past the edges within the variants', () => {
    expect(variantAt(300, 300, 3)).toBe(2);
    expect(variantAt(-5, 300, 3)).toBe(0);
  });
});

describe('clampRange', () => {
  it('keeps both ends inside the bounds', () => {
    expect(clampRange({ min: 0, max: 99999 }, bounds, 'min')).toEqual(bounds);
  });
  it('pushes the other end when one end passes it', () => {
    expect(clampRange({ min: 5000, max: 3000 }, bounds, 'min')).toEqual({ min: 5000, max: 5000 });
    expect(clampRange({ min: 5000, max: 3000 }, bounds, 'max')).toEqual({ min: 3000, max: 3000 });
  });
});

describe('listingReducer', () => {
  const start = initialListing(bounds);
  it('starts in Featured order, unfiltered, with 8 shown and the full price range', () => {
    expect(start).toMatchObject({
      sort: 'Featured',
      inStockOnly: false,
      categories: [],
      colors: [],
      range: bounds,
      shown: 8,
    });
  });
  it('adds 8 on Load More', () => {
    expect(listingReducer(start, { type: 'more' }).shown).toBe(16);
  });
  it('goes back to the first page when a filter or the sort changes', () => {
    const more = listingReducer(start, { type: 'more' });
    expect(listingReducer(more, { type: 'stock', on: true }).shown).toBe(8);
    expect(listingReducer(more, { type: 'sort', sort: 'A to Z' }).shown).toBe(8);
  });
  it('toggles categories and colours', () => {
    const on = listingReducer(start, { type: 'colour', colour: 'Black', on: true });
    expect(on.colors).toEqual(['Black']);
    expect(listingReducer(on, { type: 'colour', colour: 'Black', on: false }).colors).toEqual([]);
    expect(
      listingReducer(start, { type: 'category', category: 'sleeves', on: true }).categories,
    ).toEqual(['sleeves']);
  });
  it('resets the price range to the new list lowest and highest price', () => {
    const narrowed = listingReducer(start, {
      type: 'range',
      range: { min: 2000, max: 3000 },
      moved: 'min',
    });
    expect(narrowed.range).toEqual({ min: 2000, max: 3000 });
    const next = listingReducer(narrowed, { type: 'bounds', bounds: { min: 500, max: 900 } });
    expect(next.range).toEqual({ min: 500, max: 900 });
  });
  it('resets every filter with Reset Filters', () => {
    let s = listingReducer(start, { type: 'stock', on: true });
    s = listingReducer(s, { type: 'colour', colour: 'Navy', on: true });
    s = listingReducer(s, { type: 'range', range: { min: 2000, max: 3000 }, moved: 'max' });
    expect(listingReducer(s, { type: 'reset' })).toEqual(start);
  });
  it('keeps the chosen sort when the filters are reset', () => {
    let s = listingReducer(start, { type: 'sort', sort: 'A to Z' });
    s = listingReducer(s, { type: 'colour', colour: 'Navy', on: true });
    expect(listingReducer(s, { type: 'reset' })).toEqual({ ...start, sort: 'A to Z' });
  });
});

describe('activeFilters and removeFilter', () => {
  const start = initialListing(bounds);
  const filtered = [
    { type: 'stock', on: true },
    { type: 'category', category: 'sleeves', on: true },
    { type: 'colour', colour: 'Navy', on: true },
    { type: 'colour', colour: 'Black', on: true },
    { type: 'range', range: { min: 2000, max: 3000 }, moved: 'min' },
  ] as const;
  const all = filtered.reduce(listingReducer, start);

  it('lists nothing for an unfiltered listing, the full price range included', () => {
    expect(activeFilters(start)).toEqual([]);
  });

  it('lists availability, categories, colours in the order chosen, then the price range', () => {
    expect(activeFilters(all)).toEqual([
      { kind: 'stock' },
      { kind: 'category', category: 'sleeves' },
      { kind: 'colour', colour: 'Navy' },
      { kind: 'colour', colour: 'Black' },
      { kind: 'price', range: { min: 2000, max: 3000 } },
    ]);
  });

  it('removes only the chip’s own filter', () => {
    const withoutNavy = listingReducer(all, removeFilter({ kind: 'colour', colour: 'Navy' }));
    expect(withoutNavy.colors).toEqual(['Black']);
    expect(activeFilters(withoutNavy)).toHaveLength(4);
    const withoutPrice = listingReducer(all, removeFilter({ kind: 'price', range: all.range }));
    expect(withoutPrice.range).toEqual(bounds);
    expect(withoutPrice.colors).toEqual(['Navy', 'Black']);
    const withoutStock = listingReducer(all, removeFilter({ kind: 'stock' }));
    expect(withoutStock.inStockOnly).toBe(false);
    const withoutSleeves = listingReducer(
      all,
      removeFilter({ kind: 'category', category: 'sleeves' }),
    );
    expect(withoutSleeves.categories).toEqual([]);
  });
});
