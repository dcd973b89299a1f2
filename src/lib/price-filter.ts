// The price filter's ends in the shopper's currency. Products are filtered by their discounted
// PKR price, but the shopper reads and types prices in the currency shown, to its minor unit
// (£5.06, ¥2,100, KWD 1.485). Each end of the PKR range is the one whose shown price is the bound,
// so "To £5.00" keeps exactly the products shown at £5.00 or less, and "From £3.00" those shown at
// £3.00 or more. Shown prices come from convertAmount, the rule every price on the page uses.
import { convertAmount, currencyDigits, toMinorUnits } from './money.ts';

/** A price range in integer PKR, inclusive at both ends. */
export type PkrRange = { min: number; max: number };

/** A PKR price as the page shows it, in the currency's minor units (£5.06 → 506). */
function shownMinor(pkr: number, rate: number, code: string): number {
  return toMinorUnits(convertAmount(pkr, rate, code), code);
}

/**
 * The first whole PKR price in the bounds for which `holds` is true, `holds` being false then
 * true as the price rises (shown prices never fall as rupees rise); bounds.max + 1 when none is.
 */
function firstWhere(bounds: PkrRange, holds: (pkr: number) => boolean): number {
  let lo = bounds.min;
  let hi = bounds.max + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The lowest PKR price, within the bounds, shown at `shown` or more in `code`: a From box of
 * £3.00 keeps a product shown at £3.00 and drops one at £2.99. An amount with more digits than
 * the currency has is first rounded to its minor unit, as it would be shown.
 */
export function pkrFromShown(shown: number, rate: number, code: string, bounds: PkrRange): number {
  if (!Number.isFinite(shown)) return bounds.min;
  const bound = toMinorUnits(shown, code);
  return Math.min(
    bounds.max,
    firstWhere(bounds, (pkr) => shownMinor(pkr, rate, code) >= bound),
  );
}

/**
 * The highest PKR price, within the bounds, shown at `shown` or less in `code`: a To box of £5.00
 * keeps a product shown at £5.00 and drops one at £5.01.
 */
export function pkrToShown(shown: number, rate: number, code: string, bounds: PkrRange): number {
  if (!Number.isFinite(shown)) return bounds.max;
  const bound = toMinorUnits(shown, code);
  return Math.max(bounds.min, firstWhere(bounds, (pkr) => shownMinor(pkr, rate, code) > bound) - 1);
}

/** What a price box shows for a PKR end: the price as shown, with the currency's digits ('5.06', '2100'). */
export function boxValue(pkr: number, rate: number, code: string): string {
  return convertAmount(pkr, rate, code).toFixed(currencyDigits(code));
}

/** The step of a price box: the currency's minor unit (0.01 for GBP, 0.001 for KWD, 1 for JPY). */
export function boxStep(code: string): number {
  return 1 / 10 ** currencyDigits(code);
}
