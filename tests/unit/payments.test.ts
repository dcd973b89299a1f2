import { describe, expect, it } from 'vitest';
import {
  defaultPaymentMethod,
  isPaymentAllowed,
  paymentLabel,
  withArticle,
  paymentMethodsFor,
} from '../../src/lib/payments.ts';
import { resolveDestination } from '../../src/lib/destination.ts';
import { cardChargeNotice } from '../../src/lib/card-charge.ts';

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

  it('adds the card in every country while the shop takes cards, and never otherwise', () => {
    expect(paymentMethodsFor('United Kingdom', true)).toEqual(['Bank Transfer', 'Card']);
    expect(paymentMethodsFor('Pakistan', true)).toEqual([
      'Bank Transfer',
      'JazzCash',
      'EasyPaisa',
      'COD',
      'Card',
    ]);
    expect(isPaymentAllowed('Card', 'Japan', true)).toBe(true);
    expect(isPaymentAllowed('Card', 'Japan')).toBe(false);
    expect(isPaymentAllowed('Card', 'Pakistan')).toBe(false);
  });

  it('names the card with its networks', () => {
    expect(paymentLabel('Card')).toBe('Card (Visa, Mastercard)');
  });
});

describe('resolveDestination and the card', () => {
  it('takes the card only while the shop takes cards, saying so plainly otherwise', () => {
    const uk = { country: 'United Kingdom', currency: 'GBP', paymentMethod: 'Card' as const };
    expect(resolveDestination(uk, true)).toEqual({
      country: 'United Kingdom',
      currency: 'GBP',
      paymentMethod: 'Card',
    });
    expect(resolveDestination(uk)).toEqual({
      error: 'Card payments are not available right now. Please choose another payment method.',
    });
  });
});

describe('cardChargeNotice', () => {
  const rates = { PKR: 1, JPY: 0.54, GBP: 0.0028 };
  it('says the rupee charge and the order total for a currency the gateway does not take', () => {
    // ₨12,000 of items plus the ¥3,500 fee back at 0.54: ₨12,000 + ₨6,481 = ₨18,481.
    expect(
      cardChargeNotice([{ unitPrice: 12_000, quantity: 1 }], { code: 'JPY', rate: 0.54 }, rates, [
        'PKR',
        'GBP',
      ]),
    ).toBe('Your card is charged ₨18,481 (about ¥9,980)');
  });

  it("says nothing when the card is charged in the order's own currency, or the cart is empty", () => {
    expect(
      cardChargeNotice([{ unitPrice: 12_000, quantity: 1 }], { code: 'GBP', rate: 0.0028 }, rates, [
        'GBP',
      ]),
    ).toBeNull();
    expect(cardChargeNotice([], { code: 'JPY', rate: 0.54 }, rates, ['GBP'])).toBeNull();
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
