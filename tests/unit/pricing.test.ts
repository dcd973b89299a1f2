import { describe, expect, it } from 'vitest';
import {
  discountedPrice,
  hasDiscount,
  hasWholesalePrice,
  isUnder999,
  lineTotal,
  productQuantities,
  savedPercent,
  unitPrice,
} from '../../src/lib/pricing.ts';

describe('hasDiscount', () => {
  it('is true for a non-zero number', () => {
    expect(hasDiscount({ price: 1000, discountPercent: 10 })).toBe(true);
  });

  it('is false for 0%', () => {
    expect(hasDiscount({ price: 1000, discountPercent: 0 })).toBe(false);
  });

  it('is false for a non-numeric discount', () => {
    expect(hasDiscount({ price: 1000, discountPercent: '10' })).toBe(false);
    expect(hasDiscount({ price: 1000, discountPercent: null })).toBe(false);
    expect(hasDiscount({ price: 1000 })).toBe(false);
    expect(hasDiscount({ price: 1000, discountPercent: Number.NaN })).toBe(false);
  });
});

describe('discountedPrice', () => {
  it('takes price × discountPercent / 100 off the price', () => {
    expect(discountedPrice({ price: 4500, discountPercent: 10 })).toBe(4050);
  });

  it('rounds the result', () => {
    expect(discountedPrice({ price: 999, discountPercent: 15 })).toBe(849);
  });

  it('rounds 999.5 up to 1000', () => {
    expect(discountedPrice({ price: 1999, discountPercent: 50 })).toBe(1000);
  });

  it('keeps the price at 0%', () => {
    expect(discountedPrice({ price: 1999, discountPercent: 0 })).toBe(1999);
  });

  it('keeps the price when the discount is not a number', () => {
    expect(discountedPrice({ price: 1999, discountPercent: '50' })).toBe(1999);
    expect(discountedPrice({ price: 1999 })).toBe(1999);
  });
});

describe('unitPrice', () => {
  const bag = { price: 4500, discountPercent: 10, wholesalePrice: 3800 };

  it('uses the discounted price at 49 units', () => {
    expect(unitPrice(bag, 49)).toBe(4050);
  });

  it('uses the wholesale price at 50 units', () => {
    expect(unitPrice(bag, 50)).toBe(3800);
  });

  it('uses the wholesale price at 100 units', () => {
    expect(unitPrice(bag, 100)).toBe(3800);
  });

  it('uses the discounted price at 50 units when there is no wholesale price', () => {
    expect(unitPrice({ price: 4500, discountPercent: 10, wholesalePrice: null }, 50)).toBe(4050);
    expect(unitPrice({ price: 4500, discountPercent: 10 }, 50)).toBe(4050);
  });

  it('uses the base price without discount or wholesale', () => {
    expect(unitPrice({ price: 4500 }, 1)).toBe(4500);
  });
});

describe('hasWholesalePrice', () => {
  it('is false for null, missing, 0 or a non-finite value', () => {
    expect(hasWholesalePrice({ price: 1, wholesalePrice: null })).toBe(false);
    expect(hasWholesalePrice({ price: 1 })).toBe(false);
    expect(hasWholesalePrice({ price: 1, wholesalePrice: 0 })).toBe(false);
    expect(hasWholesalePrice({ price: 1, wholesalePrice: Number.NaN })).toBe(false);
  });
});

describe('lineTotal', () => {
  const bag = { price: 4500, discountPercent: 10, wholesalePrice: 3800 };

  it('multiplies the discounted price by 49 when the cart holds 49 of the product', () => {
    expect(lineTotal(bag, 49, 49)).toBe(49 * 4050);
  });

  it('multiplies the wholesale price by 50', () => {
    expect(lineTotal(bag, 50, 50)).toBe(50 * 3800);
  });

  it('multiplies the wholesale price by 100', () => {
    expect(lineTotal(bag, 100, 100)).toBe(380000);
  });

  it('gives a line of 30 the wholesale price when the product’s other colour brings it to 60', () => {
    expect(lineTotal(bag, 30, 60)).toBe(30 * 3800);
  });

  it('keeps a line of 30 at the discounted price when the product’s lines hold 49 in all', () => {
    expect(lineTotal(bag, 30, 49)).toBe(30 * 4050);
  });
});

describe('productQuantities', () => {
  it('adds each product’s lines across its colours and pictures', () => {
    const totals = productQuantities([
      { productId: 'tote', quantity: 30 },
      { productId: 'sleeve', quantity: 5 },
      { productId: 'tote', quantity: 20 },
    ]);
    expect(Object.fromEntries(totals)).toEqual({ tote: 50, sleeve: 5 });
  });

  it('counts a quantity that is not a positive whole number as 0', () => {
    const totals = productQuantities([
      { productId: 'tote', quantity: 30 },
      { productId: 'tote', quantity: Number.NaN },
      { productId: 'tote', quantity: -20 },
      { productId: 'tote', quantity: 2.5 },
    ]);
    expect(totals.get('tote')).toBe(30);
  });
});

describe('savedPercent', () => {
  it('gives the whole percent saved by the discount', () => {
    expect(savedPercent({ price: 4500, discountPercent: 10, wholesalePrice: 3800 })).toBe(10);
  });

  it('gives the percent saved by the wholesale price at 50 units', () => {
    expect(savedPercent({ price: 4500, discountPercent: 10, wholesalePrice: 3800 }, 50)).toBe(16);
  });

  it('is 0 with no discount', () => {
    expect(savedPercent({ price: 4500, discountPercent: 0 })).toBe(0);
  });

  it('is 0 for a negative discount or a zero price', () => {
    expect(savedPercent({ price: 4500, discountPercent: -10 })).toBe(0);
    expect(savedPercent({ price: 0, discountPercent: 10 })).toBe(0);
  });
});

describe('isUnder999', () => {
  it('includes a discounted price of exactly 999', () => {
    expect(isUnder999({ price: 1998, discountPercent: 50 })).toBe(true);
  });

  it('excludes 999.5, which rounds to 1000', () => {
    expect(isUnder999({ price: 1999, discountPercent: 50 })).toBe(false);
  });

  it('uses the base price at 0%', () => {
    expect(isUnder999({ price: 999, discountPercent: 0 })).toBe(true);
    expect(isUnder999({ price: 1000, discountPercent: 0 })).toBe(false);
  });
});
