// The delivery estimate a shopper reads on the product page and at checkout, and the setting the
// owner changes it with: the words for Pakistan, a country abroad and a region, and every refusal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTING_SCHEMAS } from '../../src/lib/contract/settings.ts';
import { deliveryEstimate } from '../../src/lib/delivery-estimate.ts';
import { DEFAULT_DELIVERY_DAYS } from '../../src/lib/shop-settings.ts';

const problems = (value: unknown) => {
  const parsed = SETTING_SCHEMAS.deliveryDays.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('deliveryEstimate', () => {
  it('says "Delivered in 2–7 business days" in Pakistan and before any country is chosen', () => {
    expect(deliveryEstimate(DEFAULT_DELIVERY_DAYS, 'Pakistan')).toBe(
      'Delivered in 2–7 business days',
    );
    expect(deliveryEstimate(DEFAULT_DELIVERY_DAYS, '')).toBe('Delivered in 2–7 business days');
  });

  it('names the destination abroad with the abroad estimate, and a region as outside Pakistan', () => {
    expect(deliveryEstimate(DEFAULT_DELIVERY_DAYS, 'United Kingdom')).toBe(
      'Delivered in 7–14 business days to United Kingdom',
    );
    expect(deliveryEstimate(DEFAULT_DELIVERY_DAYS, 'Rest of the World')).toBe(
      'Delivered in 7–14 business days outside Pakistan',
    );
    expect(deliveryEstimate(DEFAULT_DELIVERY_DAYS, 'Middle East')).toBe(
      'Delivered in 7–14 business days outside Pakistan',
    );
  });

  it('says one day once, and "day" for a single one', () => {
    const same = { pakistan: { from: 1, to: 1 }, abroad: { from: 5, to: 5 } };
    expect(deliveryEstimate(same, 'Pakistan')).toBe('Delivered in 1 business day');
    expect(deliveryEstimate(same, 'India')).toBe('Delivered in 5 business days to India');
  });

  it('always names the owner’s days, first then last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 59 }),
        (from, extra) => {
          const to = Math.min(60, from + extra);
          const days = { pakistan: { from, to }, abroad: { from, to } };
          const text = deliveryEstimate(days, 'Pakistan');
          expect(text).toBe(
            from === to
              ? `Delivered in ${from} business day${from === 1 ? '' : 's'}`
              : `Delivered in ${from}–${to} business days`,
          );
        },
      ),
    );
  });
});

describe('the deliveryDays setting', () => {
  it('takes whole business days from 1 to 60, the first never after the last', () => {
    expect(problems({ pakistan: { from: 2, to: 7 }, abroad: { from: 7, to: 14 } })).toEqual([]);
    expect(problems({ pakistan: { from: 1, to: 60 }, abroad: { from: 60, to: 60 } })).toEqual([]);
  });

  it('refuses each bad value in words', () => {
    const abroad = { from: 7, to: 14 };
    expect(problems({ pakistan: { from: 8, to: 7 }, abroad })).toEqual([
      'In Pakistan: the first day must not be after the last',
    ]);
    expect(problems({ pakistan: { from: 0, to: 7 }, abroad })).toEqual([
      'In Pakistan: the first day must be at least 1 business day',
    ]);
    expect(problems({ pakistan: { from: 2, to: 61 }, abroad })).toEqual([
      'In Pakistan: the last day must be at most 60 business days',
    ]);
    expect(problems({ pakistan: { from: 2.5, to: 7 }, abroad })).toEqual([
      'In Pakistan: the first day must be a whole number of business days',
    ]);
    expect(problems({ pakistan: { from: 'two', to: 7 }, abroad })).toEqual([
      'In Pakistan: the first day must be a number of business days',
    ]);
    expect(problems({ pakistan: { from: 2, to: 7 } })).toEqual([
      'Abroad estimates must be an object with from, to',
    ]);
    expect(problems({ pakistan: { from: 2, to: 7 }, abroad, moon: {} })).toEqual([
      'Delivery estimates have no field "moon": use pakistan, abroad',
    ]);
  });
});
