import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, safeRate, toDisplayAmount } from '../../src/lib/money.ts';

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

describe('toDisplayAmount', () => {
  it('rounds pkr × rate', () => {
    expect(toDisplayAmount(4050, 0.0036)).toBe(15);
    expect(toDisplayAmount(1000, 0.3)).toBe(300);
  });

  it('rounds half up', () => {
    expect(toDisplayAmount(5, 0.5)).toBe(3);
  });

  it('shows the PKR amount when the rate is 0', () => {
    expect(toDisplayAmount(4050, 0)).toBe(4050);
  });

  it('shows the PKR amount when the rate is negative', () => {
    expect(toDisplayAmount(4050, -2)).toBe(4050);
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
  it('formats PKR with the rupee sign and grouping', () => {
    expect(formatMoney(1250, 'PKR')).toBe('₨1,250');
  });

  it('formats whole units only', () => {
    expect(formatMoney(24.6, 'USD')).toBe('$25');
  });

  it('groups large amounts', () => {
    expect(formatMoney(1234567, 'INR')).toBe('₹1,234,567');
  });

  it('puts a space after a letter symbol', () => {
    expect(formatMoney(35, 'AED')).toBe('AED 35');
    expect(formatMoney(1000, 'XYZ')).toBe('XYZ 1,000');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-250, 'PKR')).toBe('-₨250');
  });

  it('shows 0 for a non-finite amount', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0');
  });
});
