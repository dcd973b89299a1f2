import { describe, expect, it } from 'vitest';
import {
  defaultPaymentMethod,
  isPaymentAllowed,
  paymentLabel,
  withArticle,
  paymentMethodsFor,
} from '../../src/lib/payments.ts';

describe('paymentMethodsFor', () => {
  it('offers Bank Transfer, JazzCash, EasyPaisa and COD for an address in Pakistan', () => {
    expect(paymentMethodsFor('Pakistan')).toEqual([
      'Bank Transfer',
      'JazzCash',
      'EasyPaisa',
      'COD',
    ]);
  });

  it('offers only Bank Transfer for an address anywhere else', () => {
    expect(paymentMethodsFor('United States')).toEqual(['Bank Transfer']);
    expect(paymentMethodsFor('India')).toEqual(['Bank Transfer']);
    expect(paymentMethodsFor('')).toEqual(['Bank Transfer']);
  });

  it('reads the country name case-insensitively', () => {
    expect(paymentMethodsFor(' pakistan ')).toHaveLength(4);
  });
});

describe('defaultPaymentMethod', () => {
  it('is COD in Pakistan', () => {
    expect(defaultPaymentMethod('Pakistan')).toBe('COD');
  });

  it('is Bank Transfer where COD is not allowed', () => {
    expect(defaultPaymentMethod('Germany')).toBe('Bank Transfer');
  });
});

describe('isPaymentAllowed', () => {
  it('allows the wallets and COD only in Pakistan', () => {
    expect(isPaymentAllowed('JazzCash', 'Pakistan')).toBe(true);
    expect(isPaymentAllowed('EasyPaisa', 'Pakistan')).toBe(true);
    expect(isPaymentAllowed('COD', 'Pakistan')).toBe(true);
    expect(isPaymentAllowed('COD', 'United States')).toBe(false);
    expect(isPaymentAllowed('JazzCash', 'United Kingdom')).toBe(false);
  });

  it('allows Bank Transfer everywhere', () => {
    expect(isPaymentAllowed('Bank Transfer', 'Pakistan')).toBe(true);
    expect(isPaymentAllowed('Bank Transfer', 'United Arab Emirates')).toBe(true);
  });

  it('rejects an unknown method', () => {
    expect(isPaymentAllowed('Bitcoin', 'Pakistan')).toBe(false);
  });
});

describe('paymentLabel', () => {
  it('spells COD out and keeps the other names', () => {
    expect(paymentLabel('COD')).toBe('Cash on Delivery');
    expect(paymentLabel('JazzCash')).toBe('JazzCash');
  });
});

describe('withArticle', () => {
  it('puts "an" before a method said with a vowel and "a" before the others', () => {
    expect(withArticle('EasyPaisa')).toBe('an EasyPaisa');
    expect(withArticle('JazzCash')).toBe('a JazzCash');
    expect(withArticle('Bank Transfer')).toBe('a Bank Transfer');
  });
});
