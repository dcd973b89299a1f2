import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterProducts } from '../../src/lib/catalogue.ts';
import { COUNTRY_GROUPS } from '../../src/lib/countries.ts';
import { convertAmount, toMinorUnits } from '../../src/lib/money.ts';
import { boxStep, boxValue, pkrFromShown, pkrToShown } from '../../src/lib/price-filter.ts';
import { makeProduct } from '../fixtures/products.ts';

const GBP = 0.0028;
const bounds = { min: 950, max: 18_500 };
const pounds = (pkr: number) => convertAmount(pkr, GBP, 'GBP');

describe('pkrToShown', () => {
  it('makes "To £5" keep a product shown at £5.00 and drop those shown at £5.06 and £5.34', () => {
    expect([1785, 1807, 1907].map(pounds)).toEqual([5, 5.06, 5.34]);
    const max = pkrToShown(5, GBP, 'GBP', bounds);
    expect(pounds(max)).toBeLessThanOrEqual(5);
    expect(pounds(max + 1)).toBeGreaterThan(5);
    const listed = filterProducts(
      [1785, 1807, 1907].map((price) =>
        makeProduct({ _id: `p${price}`, price, discountPercent: 0 }),
      ),
      { minPrice: bounds.min, maxPrice: max },
    );
    expect(listed.map((p) => p._id)).toEqual(['p1785']);
  });

  it('takes pennies: "To £5.06" keeps the £5.06 product', () => {
    const max = pkrToShown(5.06, GBP, 'GBP', bounds);
    expect(max).toBeGreaterThanOrEqual(1807);
    expect(pounds(max + 1)).toBe(5.07);
  });

  it('keeps the highest price when To shows it exactly, and stays within the bounds', () => {
    expect(pkrToShown(pounds(bounds.max), GBP, 'GBP', bounds)).toBe(bounds.max);
    expect(pkrToShown(1, 1, 'PKR', bounds)).toBe(bounds.min);
    expect(pkrToShown(Number.NaN, GBP, 'GBP', bounds)).toBe(bounds.max);
  });
});

describe('pkrFromShown', () => {
  it('makes "From £3" drop a product shown at £2.70 and keep one shown at £3.00', () => {
    expect([964, 1072].map(pounds)).toEqual([2.7, 3]);
    const min = pkrFromShown(3, GBP, 'GBP', { min: 900, max: 18_500 });
    expect(pounds(min)).toBe(3);
    expect(pounds(min - 1)).toBeLessThan(3);
    expect(min).toBeGreaterThan(964);
    expect(min).toBeLessThanOrEqual(1072);
  });

  it('is the PKR amount itself in rupees, and stays within the bounds', () => {
    expect(pkrFromShown(1200, 1, 'PKR', bounds)).toBe(1200);
    expect(pkrFromShown(0, GBP, 'GBP', bounds)).toBe(bounds.min);
    expect(pkrFromShown(999_999, 1, 'PKR', bounds)).toBe(bounds.max);
  });

  it('rounds an amount typed past the minor unit as it would be shown: £2.999 is £3.00', () => {
    expect(pkrFromShown(2.999, GBP, 'GBP', bounds)).toBe(pkrFromShown(3, GBP, 'GBP', bounds));
  });
});

describe('the boxes', () => {
  it('show the end as its price is shown, to the currency’s minor unit', () => {
    expect(boxValue(1807, GBP, 'GBP')).toBe('5.06');
    expect(boxValue(1785, GBP, 'GBP')).toBe('5.00');
    expect(boxValue(3889, 0.54, 'JPY')).toBe('2100');
    expect(boxValue(1350, 0.0011, 'KWD')).toBe('1.485');
    expect(boxValue(1250, 1, 'PKR')).toBe('1250');
  });

  it('step by the minor unit', () => {
    expect([boxStep('GBP'), boxStep('JPY'), boxStep('KWD'), boxStep('PKR')]).toEqual([
      0.01, 1, 0.001, 1,
    ]);
  });
});

const CURRENCIES = [
  ...new Set(['PKR', ...COUNTRY_GROUPS.flatMap((g) => g.countries.map((c) => c.currency))]),
];

describe('the price range in the shown currency', () => {
  it('holds exactly the prices shown between From and To, both included, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.double({ min: 0.0001, max: 50, noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (code, anyRate, low, span, a, b) => {
          const rate = code === 'PKR' ? 1 : anyRate;
          const range = { min: low, max: low + span };
          const shown = (pkr: number) => toMinorUnits(convertAmount(pkr, rate, code), code);
          // The shopper types two prices the page shows for products in the range.
          const at = (t: number) => range.min + Math.round(span * t);
          const [from, to] = [at(Math.min(a, b)), at(Math.max(a, b))].map((pkr) =>
            convertAmount(pkr, rate, code),
          ) as [number, number];
          const min = pkrFromShown(from, rate, code, range);
          const max = pkrToShown(to, rate, code, range);
          const [lo, hi] = [toMinorUnits(from, code), toMinorUnits(to, code)];
          for (let pkr = range.min; pkr <= range.max; pkr++)
            expect(pkr >= min && pkr <= max).toBe(shown(pkr) >= lo && shown(pkr) <= hi);
        },
      ),
      { numRuns: 200 },
    );
  });
});
