// The journeys' time budgets stretch with the machine's load (tests/e2e/support/busy.ts): by the
// load per core beyond a quiet run's, never below 1 (a quiet run keeps its budgets) nor above 3.
import { describe, expect, it } from 'vitest';
import { busyFactor } from '../e2e/support/busy.ts';

describe('busyFactor', () => {
  it('is 1 on a quiet run: a load of 5 or less on 2 cores, or an idle machine', () => {
    expect(busyFactor(5, 2)).toBe(1);
    expect(busyFactor(0.2, 2)).toBe(1);
  });

  it('grows with the load per core beyond a quiet run’s: a second build’s 8 on 2 cores is 1.6', () => {
    expect(busyFactor(8, 2)).toBeCloseTo(1.6, 10);
    expect(busyFactor(12, 4)).toBeCloseTo(1.2, 10);
  });

  it('stops at 3 however busy the machine: a hung journey still fails', () => {
    expect(busyFactor(15, 2)).toBe(3);
    expect(busyFactor(400, 2)).toBe(3);
  });

  it('reads this machine’s load and cores when given none', () => {
    const factor = busyFactor();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(factor).toBeLessThanOrEqual(3);
  });
});
