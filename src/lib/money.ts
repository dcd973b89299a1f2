import { BASE_CURRENCY } from './currency.ts';

/** The shop's own currency (declared in ./currency.ts, kept here for the modules that price in it). */
export { BASE_CURRENCY };

/**
 * The oldest exchange rate an order may be priced at (24 hours). Pages may still show older rates,
 * marked approximate; orders abroad pause until a fresher one is known.
 */
export const MAX_RATE_AGE_MS = 24 * 60 * 60 * 1000;

/** The rupee sign docs/product.md §3 shows for PKR (Intl's narrow symbol is "Rs"). */
export const PKR_SYMBOL = '₨';

/** A usable exchange rate: a finite number greater than 0, otherwise 1 (docs/product.md §5). */
export function safeRate(rate: unknown): number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : 1;
}

const digitsCache = new Map<string, number>();

/**
 * The digits of a currency's smallest unit (ISO 4217 minor unit) as Intl knows them: KWD 3, USD 2,
 * JPY 0. PKR is 0 whatever the engine says, since the shop's own amounts are whole rupees; a
 * malformed code gives 0.
 */
export function currencyDigits(code: string): number {
  const cached = digitsCache.get(code);
  if (cached !== undefined) return cached;
  let digits = 0;
  if (code.toUpperCase() !== BASE_CURRENCY) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 0;
    } catch {
      // Intl throws a RangeError for a malformed code: such an amount is shown in whole units.
    }
  }
  digitsCache.set(code, digits);
  return digits;
}

/**
 * An amount as an integer count of the currency's smallest unit (fils, cents, yen), rounded half up.
 * The product is first cut to 15 significant digits so float noise (1.005 × 100 = 100.4999…) does
 * not decide the rounding.
 */
export function toMinorUnits(amount: number, code: string): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.round(Number((amount * 10 ** currencyDigits(code)).toPrecision(15)));
}

/** An integer count of the smallest unit back as an amount: 1485 fils → 1.485 KWD. */
export function fromMinorUnits(minor: number, code: string): number {
  return minor / 10 ** currencyDigits(code);
}

/** An amount rounded to the currency's smallest unit, with no float noise (1.485, not 1.4850000000000001). */
export function roundToMinor(amount: number, code: string): number {
  return fromMinorUnits(toMinorUnits(amount, code), code);
}

/** A PKR amount in another currency: pkr × rate rounded to that currency's smallest unit (a bad rate counts as 1). */
export function convertAmount(pkr: number, rate: unknown, code: string): number {
  return roundToMinor(pkr * safeRate(rate), code);
}

/**
 * Whether a converted amount can be charged for `pkr`: finite, and above zero when the PKR amount
 * is (an absurd rate turns ₨480,000 into 0 or Infinity, which rounds to 0).
 */
export function isSaneConversion(pkr: number, converted: number): boolean {
  if (!Number.isFinite(converted) || converted < 0) return false;
  return pkr > 0 ? converted > 0 : converted === 0;
}

/** The sum of amounts in one currency, added in its smallest units so the total equals its parts. */
export function sumAmounts(amounts: readonly number[], code: string): number {
  return fromMinorUnits(
    amounts.reduce((sum, amount) => sum + toMinorUnits(amount, code), 0),
    code,
  );
}

const symbolCache = new Map<string, string>();

/** The narrow currency symbol from Intl ('$', '€', '₹'); PKR gives '₨'; an unknown code gives the code. */
export function currencySymbol(code: string): string {
  const cached = symbolCache.get(code);
  if (cached !== undefined) return cached;
  let symbol = code;
  if (code.toUpperCase() === BASE_CURRENCY) symbol = PKR_SYMBOL;
  else {
    try {
      const parts = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      }).formatToParts(0);
      symbol = parts.find((part) => part.type === 'currency')?.value ?? code;
    } catch {
      // Intl throws a RangeError for a malformed code: fall back to the code itself.
    }
  }
  symbolCache.set(code, symbol);
  return symbol;
}

/**
 * Formats an amount after a symbol with `digits` decimals (the currency's minor unit), rounded
 * half up: '₨1,250', '$4.86', 'KWD 1.485', '¥2,100'. The first-paint script (src/client/first-paint.ts)
 * repaints static prices with it before first paint.
 */
export function formatWithSymbol(amount: number, symbol: string, digits = 0): string {
  const d = Number.isInteger(digits) && digits > 0 && digits <= 4 ? digits : 0;
  const scale = Math.pow(10, d);
  // Whole minor units first (cut to 15 significant digits against float noise), then back.
  const minor = Number.isFinite(amount)
    ? Math.round(Number((Math.abs(amount) * scale).toPrecision(15)))
    : 0;
  // Letter symbols ('AED', 'CHF', 'R') read better with a space before the digits.
  const gap = /\p{L}$/u.test(symbol) ? ' ' : '';
  const sign = amount < 0 && minor > 0 ? '-' : '';
  // Grouped by hand, from the whole minor units, exactly as Intl's 'en-US' does it: the page's first
  // Intl number format loads ICU's number data, 20 ms on a laptop and four times that on a phone,
  // in the first-paint script and in the desk's first drawing alike.
  // (Whole minor units over a power of ten print exactly with toFixed.)
  return (
    sign +
    symbol +
    gap +
    (minor / scale).toFixed(d).replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','))
  );
}

/** An amount with grouping, the currency symbol and the currency's decimals: '₨1,250', '$4.86', 'KWD 1.485'. */
export function formatMoney(amount: number, currency: string): string {
  return formatWithSymbol(amount, currencySymbol(currency), currencyDigits(currency));
}
