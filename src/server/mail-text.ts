// Values that shoppers, staff or the catalogue supplied, made safe to repeat in a plain-text mail.
import { cleanText } from '../lib/contract/fields.ts';

/** The longest text of one value a mail repeats; longer values are cut with an ellipsis. */
const MAX_VALUE = 120;

/**
 * A value a shopper (or the catalogue) supplied, made safe for a plain-text mail line: no control
 * character or line separator (so it can never start a line or paragraph of its own), spaces
 * collapsed, length capped, and '://' broken so no mail program turns it into a link.
 */
export function mailValue(value: unknown): string {
  const text = cleanText(String(value ?? '')).replace(/:\/\//g, '[:]//');
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}
