// The shop's own currency, what a currency code looks like, and the display currency's one shape:
// the stores hold it, browser storage keeps it and the first-paint scripts read it. This module is
// a leaf (the storage schema builders only), so the few-byte <head> script can import from it.
import { number, object, optional, text, type Infer } from './stored-schema.ts';

/** The shop's own currency: every domain amount is an integer number of Pakistani rupees. */
export const BASE_CURRENCY = 'PKR';

/** An ISO 4217 currency code as the shop writes it: three capital letters ('USD'). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** Whether a text is a currency code ('USD' is, 'usd' and 'US$' are not). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODE_PATTERN.test(code);
}

/**
 * The currency prices are shown in, as the currency store holds it and browser storage keeps it
 * (`displayCurrency`). The field names are the ones stored since the first release, so a value an
 * older page wrote still reads, and an older page still reads what this one writes.
 */
export const currencyStateSchema = object({
  /** The currency prices are shown in. */
  code: text(CURRENCY_CODE_PATTERN),
  symbol: text(/^.{1,8}$/u),
  /** Units of `code` per 1 PKR. */
  rate: number('positive'),
  /** The currency's minor-unit digits (absent in values stored before they were kept). */
  digits: optional(number('nonnegative')),
  /** The shipping country's currency while no rate for it is known: prices stay in PKR meanwhile. */
  wanted: optional(text(CURRENCY_CODE_PATTERN)),
  /**
   * When the rate in use was fetched, set only once it is older than MAX_RATE_AGE_MS: prices are
   * approximate (0 for rates that carry no date, which count as old).
   */
  since: optional(number('nonnegative')),
});

/** The currency prices are shown in (see `currencyStateSchema`). */
export type CurrencyState = Infer<typeof currencyStateSchema>;
