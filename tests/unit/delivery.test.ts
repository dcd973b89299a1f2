import { describe, expect, it } from 'vitest';
import { deliveryFee, orderAmounts } from '../../src/lib/delivery.ts';

const rates = { PKR: 1, USD: 0.0036, EUR: 0.0033, CHF: 0.0032, INR: 0.3, SEK: 0.038 };

describe('deliveryFee for the docs/product.md §9 bases', () => {
  const bases = {
    PKR: 250,
    INR: 600,
    USD: 25,
    CAD: 28,
    BRL: 80,
    EUR: 20,
    GBP: 18,
    JPY: 3500,
    AED: 35,
    SAR: 30,
    AUD: 30,
    ZAR: 40,
    NGN: 12000,
  };
  it.each(Object.entries(bases))(
    'charges %s its flat base of %d, whatever the rate',
    (code, fee) => {
      expect(deliveryFee(code, { ...rates, [code]: 0.5 })).toBe(fee);
    },
  );
});

describe('deliveryFee', () => {
  it('charges 250 PKR in Pakistan', () => {
    expect(deliveryFee('PKR', rates)).toBe(250);
  });

  it('charges the listed base, not base × rate', () => {
    expect(deliveryFee('USD', rates)).toBe(25);
    expect(deliveryFee('EUR', rates)).toBe(20);
    expect(deliveryFee('NGN', rates)).toBe(12000);
  });

  it('converts 40 USD for an unlisted currency, to its smallest unit', () => {
    // 40 USD = 40 / 0.0036 PKR = 11111.1 PKR; × 0.0032 CHF per PKR = 35.555… CHF.
    expect(deliveryFee('CHF', rates)).toBe(35.56);
    expect(deliveryFee('SEK', rates)).toBe(422.22);
    expect(deliveryFee('KWD', { USD: 0.0036, KWD: 0.0011 })).toBe(12.222);
  });

  it('counts a missing rate as 1 for an unknown currency', () => {
    expect(deliveryFee('XYZ', rates)).toBe(11111.11);
  });

  it('counts a zero or negative rate as 1', () => {
    expect(deliveryFee('CHF', { USD: 0, CHF: -1 })).toBe(40);
  });

  it('ignores inherited keys', () => {
    expect(deliveryFee('constructor', {})).toBe(40);
  });
});

/** Lines of one unit each, at these PKR unit prices. */
const single = (...units: number[]) => units.map((unitPrice) => ({ unitPrice, quantity: 1 }));

describe('orderAmounts', () => {
  it('keeps PKR at rate 1 and adds 250', () => {
    expect(orderAmounts(single(8100), 'PKR', { PKR: 5 })).toEqual({
      rate: 1,
      lines: [8100],
      subtotal: 8100,
      deliveryFee: 250,
      tax: 0,
      total: 8350,
    });
  });

  it('converts the subtotal and adds the own-currency fee', () => {
    expect(orderAmounts(single(10000), 'USD', rates)).toEqual({
      rate: 0.0036,
      lines: [36],
      subtotal: 36,
      deliveryFee: 25,
      tax: 0,
      total: 61,
    });
  });

  it('keeps every amount exact to the currency’s smallest unit, the total being the sum of the parts', () => {
    expect(orderAmounts(single(1350), 'KWD', { USD: 0.0036, KWD: 0.0011 })).toEqual({
      rate: 0.0011,
      lines: [1.485],
      subtotal: 1.485,
      deliveryFee: 12.222,
      tax: 0,
      total: 13.707,
    });
    expect(orderAmounts(single(1350), 'USD', rates)).toMatchObject({
      subtotal: 4.86,
      deliveryFee: 25,
      total: 29.86,
    });
    expect(orderAmounts(single(3889), 'JPY', { JPY: 0.54 })).toMatchObject({
      subtotal: 2100,
      deliveryFee: 3500,
      total: 5600,
    });
  });

  it('uses rate 1 for an unknown currency', () => {
    const amounts = orderAmounts(single(1000), 'XYZ', {});
    expect(amounts.rate).toBe(1);
    expect(amounts.subtotal).toBe(1000);
    expect(amounts.total).toBe(1040);
  });

  it('totals only the fee for an empty cart', () => {
    expect(orderAmounts(single(), 'PKR', {}).total).toBe(250);
  });

  it('makes the subtotal the sum of the lines converted one by one, not the converted rupee sum', () => {
    // At 0.54 yen: ₨5,605 → ¥3,027 and ₨4,227 → ¥2,283, which add to ¥5,310, while the rupee
    // sum ₨9,832 would convert to ¥5,309.
    expect(orderAmounts(single(5605, 4227), 'JPY', { JPY: 0.54 })).toMatchObject({
      lines: [3027, 2283],
      subtotal: 5310,
      total: 8810,
    });
  });

  it('makes a line its converted unit price times its quantity: 30 × AED 72.43 is AED 2,172.90', () => {
    // ₨5,500 at 0.0131696 is AED 72.4328 → AED 72.43; the rupee line ₨165,000 would be AED 2,172.98.
    expect(
      orderAmounts([{ unitPrice: 5500, quantity: 30 }], 'AED', { AED: 0.0131696 }),
    ).toMatchObject({
      lines: [2172.9],
      subtotal: 2172.9,
      deliveryFee: 35,
      total: 2207.9,
    });
  });
});
