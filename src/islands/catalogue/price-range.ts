import { toDisplayAmount } from '../../lib/money.ts';

/** A price range in integer PKR, inclusive at both ends. */
export type PkrRange = { min: number; max: number };

/**
 * The lowest whole PKR price whose displayed amount (at `rate`) is at least `shown`, kept within
 * the bounds: a From box of £20 keeps every product that shows as £20 or more.
 */
export function pkrFromShown(shown: number, rate: number, bounds: PkrRange): number {
  if (!Number.isFinite(shown) || toDisplayAmount(bounds.min, rate) >= shown) return bounds.min;
  if (toDisplayAmount(bounds.max, rate) < shown) return bounds.max;
  let pkr = Math.max(bounds.min, Math.floor((shown - 0.5) / rate));
  while (pkr > bounds.min && toDisplayAmount(pkr - 1, rate) >= shown) pkr--;
  while (pkr < bounds.max && toDisplayAmount(pkr, rate) < shown) pkr++;
  return pkr;
}

/**
 * The highest whole PKR price whose displayed amount is at most `shown`, kept within the bounds:
 * a To box of £20 keeps every product that shows as £20 or less.
 */
export function pkrToShown(shown: number, rate: number, bounds: PkrRange): number {
  if (!Number.isFinite(shown) || toDisplayAmount(bounds.max, rate) <= shown) return bounds.max;
  if (toDisplayAmount(bounds.min, rate) > shown) return bounds.min;
  let pkr = Math.min(bounds.max, Math.ceil((shown + 0.5) / rate));
  while (pkr < bounds.max && toDisplayAmount(pkr + 1, rate) <= shown) pkr++;
  while (pkr > bounds.min && toDisplayAmount(pkr, rate) > shown) pkr--;
  return pkr;
}

/** A range with its ends inside the bounds and in order (moving one end past the other pushes it). */
export function clampRange(range: PkrRange, bounds: PkrRange, moved: 'min' | 'max'): PkrRange {
  const min = Math.min(Math.max(range.min, bounds.min), bounds.max);
  const max = Math.min(Math.max(range.max, bounds.min), bounds.max);
  if (min <= max) return { min, max };
  return moved === 'min' ? { min, max: min } : { min: max, max };
}
