// The one rupee-total display and the one shop clock: every screen and alert formats an order's
// total with formatOrderTotal, and every wall time typed at the desk is read in SHOP_TIME_ZONE.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromShopWallTime, karachiTime } from '../../src/lib/desk.ts';
import { karachiDayStart } from '../../src/lib/desk-ops.ts';
import { formatOrderTotal, orderTotalPkr } from '../../src/lib/orders/money.ts';

describe('formatOrderTotal', () => {
  it('shows a rupee order once, in rupees', () => {
    expect(formatOrderTotal(14_812, 'PKR', 14_812)).toBe('₨14,812');
  });

  it("shows another currency's total first, with its rupee figure beside it", () => {
    expect(formatOrderTotal(43.01, 'GBP', 14_812)).toBe('£43.01 (₨14,812)');
    expect(formatOrderTotal(8_120, 'JPY', 14_812)).toBe('¥8,120 (₨14,812)');
  });

  it('takes the rupee figure orderTotalPkr gives: items in rupees plus the fee at the order rate', () => {
    const order = { amountPkr: 8_900, deliveryFee: 18, rate: 0.0034 };
    expect(orderTotalPkr(order)).toBe(8_900 + 5_294);
  });
});

describe('fromShopWallTime', () => {
  it('reads a Karachi wall time as the UTC moment five hours earlier', () => {
    expect(fromShopWallTime('2026-11-27T00:00')).toBe('2026-11-26T19:00:00.000Z');
    expect(fromShopWallTime('2026-06-01T14:30:15')).toBe('2026-06-01T09:30:15.000Z');
  });

  it('gives back the wall time it was given, for any minute of any day', () => {
    const minute = fc
      .integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2035, 11, 31) })
      .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString().slice(0, 16));
    fc.assert(
      fc.property(minute, (wall) => {
        expect(karachiTime(fromShopWallTime(wall))).toBe(wall.replace('T', ' '));
      }),
    );
  });

  it('begins a Karachi day at 19:00 UTC the day before (karachiDayStart uses it)', () => {
    expect(karachiDayStart('2026-01-01')).toBe('2025-12-31T19:00:00.000Z');
  });
});
