import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHODS,
  defaultPaymentMethod,
  isPaymentAllowed,
  paymentMethodsFor,
} from '../../src/lib/payments.ts';

describe('PAYMENT_METHODS', () => {
  it('lists the four methods in order', () => {
    expect(PAYMENT_METHODS).toEqual(['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD']);
  });
});

describe('paymentMethodsFor', () => {
  it('offers Bank Transfer, JazzCash, EasyPaisa and COD with PKR', () => {
    expect(paymentMethodsFor('PKR')).toEqual(['Bank Transfer', 'JazzCash', 'EasyPaisa', 'COD']);
  });

  it('offers only Bank Transfer with any other currency', () => {
    expect(paymentMethodsFor('USD')).toEqual(['Bank Transfer']);
    expect(paymentMethodsFor('XYZ')).toEqual(['Bank Transfer']);
  });

  it('reads the currency code case-insensitively', () => {
    expect(paymentMethodsFor('pkr')).toHaveLength(4);
  });
});

describe('defaultPaymentMethod', () => {
  it('is COD with PKR', () => {
    expect(defaultPaymentMethod('PKR')).toBe('COD');
  });

  it('is Bank Transfer where COD is not allowed', () => {
    expect(defaultPaymentMethod('EUR')).toBe('Bank Transfer');
  });
});

describe('isPaymentAllowed', () => {
  it('allows the wallets and COD only with PKR', () => {
    expect(isPaymentAllowed('JazzCash', 'PKR')).toBe(true);
    expect(isPaymentAllowed('EasyPaisa', 'PKR')).toBe(true);
    expect(isPaymentAllowed('COD', 'PKR')).toBe(true);
    expect(isPaymentAllowed('COD', 'USD')).toBe(false);
    expect(isPaymentAllowed('JazzCash', 'GBP')).toBe(false);
  });

  it('allows Bank Transfer everywhere', () => {
    expect(isPaymentAllowed('Bank Transfer', 'PKR')).toBe(true);
    expect(isPaymentAllowed('Bank Transfer', 'AED')).toBe(true);
  });

  it('rejects an unknown method', () => {
    expect(isPaymentAllowed('Bitcoin', 'PKR')).toBe(false);
  });
});
