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

/**
 * ISO 4217 minor-unit exponents where this engine's Intl disagrees with the standard or may not
 * know the code: the rupee counts paisa (2) though Intl and the shop's pages show whole rupees.
 * Every other code takes Intl's own figure (USD 2, JPY 0, KWD 3).
 */
const ISO_EXPONENTS: Readonly<Record<string, number>> = {
  PKR: 2,
  INR: 2,
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
};

const exponentCache = new Map<string, number>();

/** Intl's fraction digits for a currency, or 0 for a malformed code. */
function intlDigits(code: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 0
    );
  } catch {
    // Intl throws a RangeError for a malformed code: such an amount is counted in whole units.
    return 0;
  }
}

/**
 * A currency's ISO 4217 exponent: how many digits its minor unit has (PKR 2, USD 2, JPY 0, KWD 3).
 * Every count of minor units (the ledger's sums, a gateway's amounts) is in this unit.
 */
export function minorExponent(code: string): number {
  const upper = code.toUpperCase();
  const cached = exponentCache.get(upper);
  if (cached !== undefined) return cached;
  const exponent = ISO_EXPONENTS[upper] ?? intlDigits(upper);
  exponentCache.set(upper, exponent);
  return exponent;
}

/**
 * The digits a currency is shown and typed with: its ISO 4217 exponent, except the rupee, which the
 * shop shows and prices in whole rupees (a display rule; the rupee's minor unit is still the paisa).
 */
export function currencyDigits(code: string): number {
  return code.toUpperCase() === BASE_CURRENCY ? 0 : minorExponent(code);
}

/**
 * An amount as an integer count of the currency's minor unit (paisa, cents, fils, yen), rounded
 * half up. The product is first cut to 15 significant digits so float noise (1.005 × 100 =
 * 100.4999…) does not decide the rounding. ₨5,775 is 577,500 paisa.
 */
export function toMinorUnits(amount: number, code: string): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.round(Number((amount * 10 ** minorExponent(code)).toPrecision(15)));
}

/** An integer count of the minor unit back as an amount: 1485 fils → 1.485 KWD, 577500 paisa → 5775 PKR. */
export function fromMinorUnits(minor: number, code: string): number {
  return Number((minor / 10 ** minorExponent(code)).toPrecision(15));
}

/** An amount rounded to the currency's minor unit, with no float noise (1.485, not 1.4850000000000001). */
export function roundToMinor(amount: number, code: string): number {
  return fromMinorUnits(toMinorUnits(amount, code), code);
}

/** An amount rounded to the digits it is shown with (whole rupees; cents; fils). */
export function roundToShown(amount: number, code: string): number {
  const scale = 10 ** currencyDigits(code);
  if (!Number.isFinite(amount)) return 0;
  return Math.round(Number((amount * scale).toPrecision(15))) / scale;
}

declare const moneyBrand: unique symbol;

/**
 * An amount of money: an integer count of its currency's minor unit (ISO 4217) with the currency.
 * Only this module makes one, so a bare number or a float cannot pass where money is asked for;
 * stored and typed amounts (major units) enter through `moneyFromAmount` and leave through
 * `amountOf`, the store's and the forms' boundary, and a gateway reads `minor` as it is.
 */
export type Money = {
  readonly minor: number;
  readonly currency: string;
  readonly [moneyBrand]: true;
};

/** Money of `minor` units of `currency`; a count that is not a safe integer is a RangeError. */
export function money(minor: number, currency: string): Money {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`${minor} is not a whole count of minor units`);
  return { minor: minor === 0 ? 0 : minor, currency: currency.toUpperCase() } as Money;
}

/** An amount in major units (as stored or typed: 57.75 GBP, 5775 PKR) as money. */
export function moneyFromAmount(amount: number, currency: string): Money {
  return money(toMinorUnits(amount, currency), currency);
}

/** Money back in major units, for the store, a JSON answer or a form (577500 paisa → 5775). */
export function amountOf(value: Money): number {
  return fromMinorUnits(value.minor, value.currency);
}

/** Nothing, in `currency`. */
export const zeroMoney = (currency: string): Money => money(0, currency);

function sameCurrency(a: Money, b: Money) {
  if (a.currency !== b.currency)
    throw new TypeError(`cannot combine ${a.currency} and ${b.currency} without a conversion`);
}

/** a + b, in one currency. */
export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor + b.minor, a.currency);
}

/** a − b, in one currency (may be negative). */
export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.minor - b.minor, a.currency);
}

/** The sum of amounts of one currency (nothing, for none). */
export function sumMoney(values: readonly Money[], currency: string): Money {
  return values.reduce((sum, value) => addMoney(sum, value), zeroMoney(currency));
}

/** −1, 0 or 1 as a is less than, equal to or more than b. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.minor < b.minor ? -1 : a.minor > b.minor ? 1 : 0;
}

/** The smaller of two amounts of one currency. */
export const minMoney = (a: Money, b: Money): Money => (compareMoney(a, b) <= 0 ? a : b);

/** `part`/`whole` of an amount, rounded half up to its minor unit (roundedShare). */
export function shareOf(value: Money, part: number, whole: number): Money {
  return money(roundedShare(value.minor, part, whole), value.currency);
}

/**
 * total × part / whole rounded half up, in exact integer arithmetic: the one rule by which an
 * amount is split in proportion (a refund's share of a charge, an entry's share of a rupee total).
 * All three must be safe integers and `whole` above 0.
 */
export function roundedShare(total: number, part: number, whole: number): number {
  if (![total, part, whole].every(Number.isSafeInteger) || whole <= 0)
    throw new RangeError(`a share needs whole counts, got ${total} × ${part}/${whole}`);
  const numerator = BigInt(total) * BigInt(part) * 2n + BigInt(whole);
  const denominator = BigInt(whole) * 2n;
  // Floor division of (2·t·p + w) / 2w: t·p/w rounded half up, for either sign.
  const quotient = numerator / denominator;
  return Number(numerator % denominator < 0n ? quotient - 1n : quotient);
}

/** Money as the shop shows it: '₨5,775', '£13.41', 'KWD 1.485'. */
export function formatMoneyValue(value: Money): string {
  return formatMoney(amountOf(value), value.currency);
}

/** A PKR amount in another currency: pkr × rate rounded to that currency's smallest unit (a bad rate counts as 1). */
export function convertAmount(pkr: number, rate: unknown, code: string): number {
  return roundToShown(pkr * safeRate(rate), code);
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
