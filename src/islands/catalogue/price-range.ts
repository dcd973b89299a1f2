import type { PkrRange } from '../../lib/price-filter.ts';

export type { PkrRange };

/** A range with its ends inside the bounds and in order (moving one end past the other pushes it). */
export function clampRange(range: PkrRange, bounds: PkrRange, moved: 'min' | 'max'): PkrRange {
  const min = Math.min(Math.max(range.min, bounds.min), bounds.max);
  const max = Math.min(Math.max(range.max, bounds.min), bounds.max);
  if (min <= max) return { min, max };
  return moved === 'min' ? { min, max: min } : { min: max, max };
}
