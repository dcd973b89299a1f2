import { describe, expect, it } from 'vitest';
import { variantAt } from '../../src/islands/catalogue/card-product.ts';
import { initialListing, listingReducer } from '../../src/islands/catalogue/listing-state.ts';
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
});
