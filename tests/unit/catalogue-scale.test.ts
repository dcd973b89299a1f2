// The listing's filter and sort on a 10,000-product catalogue: what they answer, not how fast (the
// time is a figure of `npm run bench -- --only=catalogue`, where a busy machine cannot fail a test).
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../src/demo/catalogue/products.ts';
import { SORTS, filterProducts, priceBounds, sortProducts } from '../../src/lib/catalogue.ts';
import { discountedPrice } from '../../src/lib/pricing.ts';

const products = generateCatalogue(10_000);
const { min, max } = priceBounds(products);
const filter = {
  inStockOnly: true,
  colors: ['Black', 'Navy', 'Grey'],
  minPrice: min + 100,
  maxPrice: max - 100,
};
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const matches = (p: (typeof products)[number]) =>
  p.stock &&
  p.colors.some((c) => filter.colors.includes(c)) &&
  discountedPrice(p) >= filter.minPrice &&
  discountedPrice(p) <= filter.maxPrice;

describe('filterProducts + sortProducts on 10,000 products', () => {
  it('keeps exactly the products in stock, in a chosen colour and within the price range', () => {
    const shown = filterProducts(products, filter);
    const expected = products.filter(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(products.length);
    expect(shown.map((p) => p._id)).toEqual(expected.map((p) => p._id));
  });

  it('orders the kept products by every sort without losing or adding one', () => {
    const shown = filterProducts(products, filter);
    const ids = shown.map((p) => p._id).sort();
    for (const sort of SORTS) {
      expect(
        sortProducts(shown, sort)
          .map((p) => p._id)
          .sort(),
        sort,
      ).toEqual(ids);
    }
  });

  it('sorts by discounted price, low to high and high to low', () => {
    const shown = filterProducts(products, filter);
    const up = sortProducts(shown, 'Price Low to High').map(discountedPrice);
    const down = sortProducts(shown, 'Price High to Low').map(discountedPrice);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('sorts the whole catalogue by name, A to Z and Z to A', () => {
    const names = (sort: 'A to Z' | 'Z to A') =>
      sortProducts(filterProducts(products, {}), sort).map((p) => p.productName);
    const az = names('A to Z');
    const za = names('Z to A');
    expect(az).toHaveLength(10_000);
    expect(az.slice(1).every((name, i) => byName.compare(az[i]!, name) <= 0)).toBe(true);
    expect(za.slice(1).every((name, i) => byName.compare(za[i]!, name) >= 0)).toBe(true);
  });
});
