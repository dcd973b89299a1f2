/** The shop's own currency: every domain amount is an integer number of Pakistani rupees. */
export const BASE_CURRENCY = 'PKR';

/** The rupee sign SPEC §3 shows for PKR (Intl's narrow symbol is "Rs"). */
export const PKR_SYMBOL = '₨';

/** A usable exchange rate: a finite number greater than 0, otherwise 1 (SPEC §5). */
export function safeRate(rate: unknown): number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : 1;
}

/** A PKR amount shown in another currency: round(pkr × rate), with a bad rate counting as 1. */
export function toDisplayAmount(pkr: number, rate: unknown): number {
  return Math.round(pkr * safeRate(rate));
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
 * Formats whole units after a symbol: '₨1,250', '$25', 'AED 35'. Self-contained (no outside
 * references) so the layout can inline its source to repaint static prices before first paint.
 */
export function formatWithSymbol(amount: number, symbol: string): string {
  const whole = Number.isFinite(amount) ? Math.round(amount) : 0;
  // Letter symbols ('AED', 'CHF', 'R') read better with a space before the digits.
  const gap = /\p{L}$/u.test(symbol) ? ' ' : '';
  const sign = whole < 0 ? '-' : '';
  return sign + symbol + gap + Math.abs(whole).toLocaleString('en-US', { maximumFractionDigits: 0 });
}

/** An amount in whole units with grouping and the currency symbol: '₨1,250', '$25', 'AED 35'. */
export function formatMoney(amount: number, currency: string): string {
  return formatWithSymbol(amount, currencySymbol(currency));
}
