// Which COD orders wait for their shopper's confirmation under the owner's rule, at the edges of
// its threshold, and the record a waiting order begins with.
import { describe, expect, it } from 'vitest';
import {
  awaitsConfirmation,
  needsCodConfirmation,
  waitingConfirmation,
} from '../../src/lib/orders/cod-confirmation.ts';

/** A COD order to Lahore whose rupee total (items and the ₨250 fee) is `totalPkr`. */
const cod = (totalPkr: number, overrides: Record<string, unknown> = {}) => ({
  paymentMethod: 'COD',
  address: { country: 'Pakistan' },
  amountPkr: totalPkr - 250,
  deliveryFee: 250,
  rate: 1,
  ...overrides,
});

describe('needsCodConfirmation', () => {
  it('holds no order while the rule is off', () => {
    expect(needsCodConfirmation({ rule: 'off', hours: 48 }, cod(100_000))).toBe(false);
  });

  it('holds every COD order within Pakistan with "all", the smallest too', () => {
    expect(needsCodConfirmation({ rule: 'all', hours: 48 }, cod(251))).toBe(true);
  });

  it('holds an order of ₨5,001 above a ₨5,000 threshold, and neither ₨5,000 nor ₨4,999', () => {
    const rule = { rule: 'above' as const, abovePkr: 5000, hours: 48 };
    expect(needsCodConfirmation(rule, cod(5001))).toBe(true);
    expect(needsCodConfirmation(rule, cod(5000))).toBe(false);
    expect(needsCodConfirmation(rule, cod(4999))).toBe(false);
  });

  it('counts the delivery fee in the total: ₨4,800 of items and the ₨250 fee is above ₨5,000', () => {
    const rule = { rule: 'above' as const, abovePkr: 5000, hours: 48 };
    expect(needsCodConfirmation(rule, { ...cod(0), amountPkr: 4800 })).toBe(true);
    expect(needsCodConfirmation(rule, { ...cod(0), amountPkr: 4750 })).toBe(false);
  });

  it('holds every order above a ₨0 threshold', () => {
    expect(needsCodConfirmation({ rule: 'above', abovePkr: 0, hours: 1 }, cod(1))).toBe(true);
  });

  it('never holds an order paid another way, or one shipped abroad', () => {
    const all = { rule: 'all' as const, hours: 48 };
    for (const paymentMethod of ['Bank Transfer', 'JazzCash', 'EasyPaisa', 'Card'])
      expect(needsCodConfirmation(all, cod(9000, { paymentMethod }))).toBe(false);
    expect(needsCodConfirmation(all, cod(9000, { address: { country: 'India' } }))).toBe(false);
  });
});

describe('waitingConfirmation', () => {
  it('waits from now until the owner’s hours have passed, nothing sent yet', () => {
    expect(
      waitingConfirmation({ rule: 'all', hours: 48 }, new Date('2030-03-01T10:00:00.000Z')),
    ).toEqual({
      state: 'waiting',
      since: '2030-03-01T10:00:00.000Z',
      deadline: '2030-03-03T10:00:00.000Z',
      channel: null,
      sentAt: null,
    });
  });
});

describe('awaitsConfirmation', () => {
  const c = waitingConfirmation({ rule: 'all', hours: 1 }, new Date('2030-03-01T10:00:00.000Z'));

  it('is true only for an Order Placed order whose confirmation is waiting', () => {
    expect(awaitsConfirmation({ status: 'Order Placed', codConfirmation: c })).toBe(true);
    expect(
      awaitsConfirmation({
        status: 'Order Placed',
        codConfirmation: { ...c, state: 'confirmed' },
      }),
    ).toBe(false);
    expect(awaitsConfirmation({ status: 'Cancelled', codConfirmation: c })).toBe(false);
    expect(awaitsConfirmation({ status: 'Order Placed' })).toBe(false);
  });
});
