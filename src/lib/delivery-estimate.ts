// How long delivery takes, as a shopper reads it on the product page and at checkout: the shop's
// estimate for Pakistan, or for a destination abroad, in business days. The days are a shop
// setting the owner changes (src/lib/shop-settings.ts `deliveryDays`); pages show them from the
// next publish. It runs in the page's first-paint script, so it imports nothing: the defaults,
// which come from the policy's words, are in shop-settings.ts.

/** A span of business days, first to last (2–7). */
export interface DayRange {
  from: number;
  to: number;
}

/** The estimates: within Pakistan, and to every other destination. */
export interface DeliveryDays {
  pakistan: DayRange;
  abroad: DayRange;
}

/** The most business days an estimate may name. */
export const MAX_DELIVERY_DAYS = 60;

/** The country names that are not one country (the select-country page's pseudo-entries). */
const NOT_A_COUNTRY = new Set(['Rest of the World', 'Middle East']);

const span = ({ from, to }: DayRange) => (from === to ? `${from}` : `${from}–${to}`);
const days = (range: DayRange) => `${span(range)} business day${range.to === 1 ? '' : 's'}`;

/**
 * The estimate for `country` ('' or Pakistan: the Pakistan estimate): "Delivered in 2–7 business
 * days", "Delivered in 7–14 business days to United Kingdom", or "… outside Pakistan" for a region.
 */
export function deliveryEstimate(estimates: DeliveryDays, country: string): string {
  if (!country || country === 'Pakistan') return `Delivered in ${days(estimates.pakistan)}`;
  const where = NOT_A_COUNTRY.has(country) ? 'outside Pakistan' : `to ${country}`;
  return `Delivered in ${days(estimates.abroad)} ${where}`;
}
