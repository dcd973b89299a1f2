import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  currencyDigits,
  currencySymbol,
  formatMoney,
  formatWithSymbol,
  isSaneConversion,
  roundToMinor,
  safeRate,
  sumAmounts,
  toMinorUnits,
} from '../../src/lib/money.ts';

describe('safeRate', () => {
  it('keeps a finite rate greater than 0', () => {
    expect(safeRate(0.0036)).toBe(0.0036);
    expect(safeRate(3)).toBe(3);
  });

  it('counts a rate of 0 as 1', () => {
    expect(safeRate(0)).toBe(1);
  });

  it('counts a negative rate as 1', () => {
    expect(safeRate(-0.5)).toBe(1);
  });

  it('counts a missing, non-numeric or non-finite rate as 1', () => {
    expect(safeRate(undefined)).toBe(1);
    expect(safeRate(null)).toBe(1);
    expect(safeRate('0.5')).toBe(1);
    expect(safeRate(Number.NaN)).toBe(1);
    expect(safeRate(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('currencySymbol', () => {
  it('gives the rupee sign ₨ for PKR', () => {
    expect(currencySymbol('PKR')).toBe('₨');
  });

  it('gives the narrow symbol Intl knows', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('INR')).toBe('₹');
  });

  it('falls back to the code for a currency without a symbol', () => {
    expect(currencySymbol('AED')).toBe('AED');
    expect(currencySymbol('XYZ')).toBe('XYZ');
  });

  it('falls back to the code for a malformed code', () => {
    expect(currencySymbol('not a code')).toBe('not a code');
    expect(currencySymbol('')).toBe('');
  });

  it('gives the same answer twice', () => {
    expect(currencySymbol('JPY')).toBe(currencySymbol('JPY'));
  });
});

describe('formatMoney', () => {
  it('formats PKR in whole rupees with the rupee sign and grouping', () => {
    expect(formatMoney(1250, 'PKR')).toBe('₨1,250');
  });

  it('shows each currency with the decimals of its smallest unit', () => {
    expect(formatMoney(1.485, 'KWD')).toBe('KWD 1.485');
    expect(formatMoney(2100, 'JPY')).toBe('¥2,100');
    expect(formatMoney(4.86, 'USD')).toBe('$4.86');
    expect(formatMoney(25, 'USD')).toBe('$25.00');
  });

  it('rounds half up to the smallest unit, not to whole units', () => {
    expect(formatMoney(24.605, 'USD')).toBe('$24.61');
    expect(formatMoney(1.0005, 'KWD')).toBe('KWD 1.001');
  });

  it('groups large amounts', () => {
    expect(formatMoney(1234567, 'INR')).toBe('₹1,234,567.00');
  });

  it('puts a space after a letter symbol', () => {
    expect(formatMoney(35, 'AED')).toBe('AED 35.00');
    expect(formatMoney(1000, 'XYZ')).toBe('XYZ 1,000.00');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-250, 'PKR')).toBe('-₨250');
  });

  it('shows 0 for a non-finite amount', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
  });
});

describe('currencyDigits', () => {
  it('gives the ISO 4217 minor unit Intl knows: KWD 3, USD 2, JPY 0', () => {
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
  });

  it('keeps PKR in whole rupees, the unit every shop amount is kept in', () => {
    expect(currencyDigits('PKR')).toBe(0);
  });

  it('gives 0 for a malformed code', () => {
    expect(currencyDigits('not a code')).toBe(0);
  });
});

describe('convertAmount', () => {
  it('charges ₨1,350 as KWD 1.485, not KWD 1', () => {
    expect(convertAmount(1350, 0.0011, 'KWD')).toBe(1.485);
  });

  it('rounds to cents for USD and to whole yen for JPY', () => {
    expect(convertAmount(1350, 0.0036, 'USD')).toBe(4.86);
    expect(convertAmount(3889, 0.54, 'JPY')).toBe(2100);
  });

  it('counts a bad rate as 1', () => {
    expect(convertAmount(1350, 0, 'USD')).toBe(1350);
  });
});

describe('toMinorUnits and roundToMinor', () => {
  it('count an amount in the smallest unit without float noise', () => {
    expect(toMinorUnits(1.005, 'USD')).toBe(101);
    expect(toMinorUnits(1350 * 0.0011, 'KWD')).toBe(1485);
    expect(roundToMinor(1350 * 0.0011, 'KWD')).toBe(1.485);
    expect(String(roundToMinor(0.1 + 0.2, 'USD'))).toBe('0.3');
  });
});

describe('sumAmounts', () => {
  it('adds in the smallest unit, so the total is the exact sum of its parts', () => {
    expect(sumAmounts([1.485, 12.222, 0], 'KWD')).toBe(13.707);
    expect(sumAmounts([0.1, 0.2], 'USD')).toBe(0.3);
  });
});

describe('formatWithSymbol', () => {
  it('keeps each currency to its own decimals when amounts of 0, 2 and 3 decimals are formatted in turn', () => {
    // One formatter per number of decimals is kept between calls: none may serve another's count.
    expect(formatWithSymbol(1250, '₨')).toBe('₨1,250');
    expect(formatWithSymbol(1350 * 0.0011, 'KWD', 3)).toBe('KWD 1.485');
    expect(formatWithSymbol(4.855, '$', 2)).toBe('$4.86');
    expect(formatWithSymbol(1234567.5, '₨')).toBe('₨1,234,568');
    expect(formatWithSymbol(0.0005, 'KWD', 3)).toBe('KWD 0.001');
    expect(formatWithSymbol(-12.3, '£', 2)).toBe('-£12.30');
  });

  it("groups and pads exactly as Intl's 'en-US' number format does, for any amount and 0 to 4 decimals", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 10 ** 14 }),
        fc.boolean(),
        (digits, minor, negative) => {
          const amount = ((negative ? -1 : 1) * minor) / 10 ** digits;
          const intl = (minor / 10 ** digits).toLocaleString('en-US', {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          });
          const sign = negative && minor > 0 ? '-' : '';
          expect(formatWithSymbol(amount, '$', digits)).toBe(`${sign}$${intl}`);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('isSaneConversion', () => {
  it('accepts a finite, non-zero amount for a non-zero order, and only 0 for a zero one', () => {
    expect(isSaneConversion(480_000, convertAmount(480_000, 0.54, 'JPY'))).toBe(true);
    expect(isSaneConversion(0, 0)).toBe(true);
  });

  it('refuses what an absurd rate makes of ₨480,000: 0 at JPY 1e306 (Infinity rounds to 0) and at GBP 1e-300', () => {
    expect(convertAmount(480_000, 1e306, 'JPY')).toBe(0);
    expect(isSaneConversion(480_000, convertAmount(480_000, 1e306, 'JPY'))).toBe(false);
    expect(isSaneConversion(480_000, convertAmount(480_000, 1e-300, 'GBP'))).toBe(false);
    expect(isSaneConversion(480_000, Infinity)).toBe(false);
    expect(isSaneConversion(480_000, Number.NaN)).toBe(false);
    expect(isSaneConversion(0, 5)).toBe(false);
  });
});
