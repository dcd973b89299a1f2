// The shop clock's Intl formatters are made when first needed, not as the scripts start
// (src/lib/desk.ts): the first use still reads Karachi time right.
import { describe, expect, it } from 'vitest';
import { fromShopWallTime, karachiDay, karachiTime } from '../../src/lib/desk.ts';

describe('the shop clock made on first use', () => {
  it('reads Karachi time: UTC 19:00 is the next day at midnight, UTC midnight is 05:00', () => {
    expect(karachiTime('2026-11-27T19:00:00Z')).toBe('2026-11-28 00:00');
    expect(karachiTime(Date.UTC(2026, 10, 28, 0, 0))).toBe('2026-11-28 05:00');
    expect(karachiDay('2026-11-27T18:59:00Z')).toBe('2026-11-27');
    expect(fromShopWallTime('2026-11-28T05:00')).toBe('2026-11-28T00:00:00.000Z');
  });
});
