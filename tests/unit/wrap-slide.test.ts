import { describe, expect, it } from 'vitest';
import { wrapSlide } from '../../src/lib/ui-constants.ts';

describe('wrapSlide', () => {
  it('steps to the next and the previous slide', () => {
    expect(wrapSlide(0, 1)).toBe(1);
    expect(wrapSlide(2, -1)).toBe(1);
  });

  it('wraps from the last slide to the first and from the first to the last', () => {
    expect(wrapSlide(2, 1)).toBe(0);
    expect(wrapSlide(0, -1)).toBe(2);
  });
});
