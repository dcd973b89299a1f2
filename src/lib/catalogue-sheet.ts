// The catalogue's cell rules, as a spreadsheet user types values: the CSV import reads every cell
// through them, and the desk's product form is to use the very same rules and messages. Each rule
// answers the value, or the problem in words that quote what was typed and say what is accepted.
import { COLOUR_FIELDS, PRODUCT_FIELDS } from './product-fields.ts';
import { CATEGORIES, type Category } from './product.ts';
import { PRODUCT_ID } from './stock.ts';
import { SWATCHES } from './swatches.ts';

/** The colour names the shop can paint without a swatch of their own, in table order. */
export const KNOWN_COLOURS: readonly string[] = Object.keys(SWATCHES);

/** The problem with a colour that has no swatch; `how` says where an owner gives one. */
export function unknownColourProblem(name: string, how: string): string {
  return `${quoted(name)} is not a known colour (${KNOWN_COLOURS.join(', ')}); for a new colour, ${how}`;
}

/**
 * The colours of a product record that would show a blank swatch: outside the swatch table and
 * without a swatch of their own. Reads any record (a JSON file's too) and skips what is not a
 * colour entry, which the product schema reports.
 */
export function colourProblems(record: unknown): { index: number; problem: string }[] {
  const entries = (record as { colorImages?: unknown } | null)?.colorImages;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { color?: unknown; swatch?: unknown } | null, index) =>
    typeof entry?.color === 'string' && entry.swatch === undefined && !(entry.color in SWATCHES)
      ? [
          {
            index,
            problem: unknownColourProblem(entry.color, 'give its entry a swatch, "#rrggbb"'),
          },
        ]
      : [],
  );
}

/** A cell read by a rule: its value, or the problem with what was typed. */
export type Cell<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Cell<T> => ({ ok: true, value });
const no = <T>(problem: string): Cell<T> => ({ ok: false, problem });

/** What was typed, quoted as a message shows it (long text cut to 40 characters). */
export function quoted(text: string): string {
  return `'${text.length > 40 ? `${text.slice(0, 39)}…` : text}'`;
}

/** One message line: the spreadsheet row (header = row 1), the column, the problem. */
export function rowProblem(row: number, column: string, problem: string): string {
  return `row ${row}, ${column}: ${problem}`;
}

/** A required text of at most `max` characters, trimmed. */
export function readText(text: string, max: number): Cell<string> {
  const value = text.trim();
  if (value === '') return no('is empty; every product needs one');
  if (value.length > max)
    return no(`${quoted(value)} is ${value.length} characters long; at most ${max} fit`);
  return ok(value);
}

/** Text a product may leave out (a maker, a description, a specification): '' when blank. */
export function readOptionalText(text: string, max: number): Cell<string> {
  return text.trim() === '' ? ok('') : readText(text, max);
}

/** A product id (PRODUCT_ID; capitals are lowered). */
export function readId(text: string): Cell<string> {
  const value = text.trim().toLowerCase();
  if (PRODUCT_ID.test(value)) return ok(value);
  if (value === '') return no('is empty; every row needs the id of its product');
  const { min, max } = PRODUCT_FIELDS._id;
  return no(`${quoted(text.trim())} is not an id: use ${min} to ${max} letters, digits or hyphens`);
}

/** A category in any case: "Handbags" is handbags. */
export function readCategory(text: string): Cell<Category> {
  const value = text.trim().toLowerCase();
  const found = CATEGORIES.find((c) => c === value);
  if (found) return ok(found);
  if (value === '') return no(`is empty; write one of ${CATEGORIES.join(', ')}`);
  return no(`${quoted(text.trim())} is not one of ${CATEGORIES.join(', ')}`);
}

const CURRENCY = /^(?:rs\.?|pkr|₨)\s*/i;
const GROUPED = /^\d{1,3}(?:(?:,\d{3})+|(?:,\d{2})*,\d{3})$/;
/** The most a price may be, in PKR. */
export const MAX_PRICE = PRODUCT_FIELDS.price.max;
const MAX_DISCOUNT = PRODUCT_FIELDS.discountPercent.max;

/**
 * A price in whole rupees as people write it: 4500, 4,500 (or 1,00,000), Rs 4,500, Rs. 7800,
 * PKR 4500, 4500 PKR, 4500/-, 4500.00. Paise other than .00 are refused.
 */
export function readPrice(text: string): Cell<number> {
  const typed = text.trim();
  const accepted = 'write whole rupees, such as 4500, 4,500 or Rs 4,500';
  if (typed === '') return no(`is empty; ${accepted}`);
  const bare = typed
    .replace(CURRENCY, '')
    .replace(/\s*(?:\/-|pkr|rs\.?)$/i, '')
    .trim();
  const match = /^([\d,]+)(?:\.(\d+))?$/.exec(bare);
  const whole = match?.[1] ?? '';
  if (!match || !(/^\d+$/.test(whole) || GROUPED.test(whole)))
    return no(`${quoted(typed)} is not a price; ${accepted}`);
  if (match[2] !== undefined && /[^0]/.test(match[2]))
    return no(`${quoted(typed)} has paise; prices are whole rupees, such as ${whole}`);
  const value = Number(whole.replace(/,/g, ''));
  if (value <= 0) return no(`${quoted(typed)} is not more than 0`);
  if (value > MAX_PRICE)
    return no(`${quoted(typed)} is more than ${MAX_PRICE.toLocaleString('en-US')}`);
  return ok(value);
}

/** A wholesale price: blank is none, otherwise a price as readPrice reads it. */
export function readWholesale(text: string): Cell<number | null> {
  return text.trim() === '' ? ok(null) : readPrice(text);
}

/** A discount in percent, from 0 to its declared most: 10, 10% or 12.5%; blank is 0. */
export function readDiscount(text: string): Cell<number> {
  const typed = text.trim();
  if (typed === '') return ok(0);
  const match = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(typed);
  if (!match)
    return no(
      `${quoted(typed)} is not a percentage; write a number from 0 to ${MAX_DISCOUNT}, such as 10 or 10%`,
    );
  const value = Number(match[1]);
  if (value > MAX_DISCOUNT) return no(`${quoted(typed)} is more than ${MAX_DISCOUNT}%`);
  return ok(value);
}

const YES = ['yes', 'true', '1', 'y'];
const NO = ['no', 'false', '0', 'n'];

/** A yes/no cell in any case: yes/no, true/false, 1/0, y/n. */
export function readYesNo(text: string): Cell<boolean> {
  const value = text.trim().toLowerCase();
  if (YES.includes(value)) return ok(true);
  if (NO.includes(value)) return ok(false);
  const accepted = 'write yes or no (or true/false, 1/0, y/n)';
  return no(
    value === '' ? `is empty; ${accepted}` : `${quoted(text.trim())} is not yes or no; ${accepted}`,
  );
}

/** Stock in any case: as readYesNo, and "in stock" / "out of stock". */
export function readStock(text: string): Cell<boolean> {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (value === 'in stock') return ok(true);
  if (value === 'out of stock') return ok(false);
  const read = readYesNo(text);
  if (read.ok) return read;
  const accepted = 'write in stock, out of stock, yes or no (or true/false, 1/0, y/n)';
  return no(
    value === ''
      ? `is empty; ${accepted}`
      : `${quoted(text.trim())} is not a stock state; ${accepted}`,
  );
}

/** A swatch's paint: #rrggbb (lowered); blank is none. */
export function readSwatch(text: string): Cell<string | null> {
  const value = text.trim().toLowerCase();
  if (value === '') return ok(null);
  if (/^#[0-9a-f]{6}$/.test(value)) return ok(value);
  return no(`${quoted(text.trim())} is not a colour code; write #rrggbb, such as #5b6b2f`);
}

const colourKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A colour name: a known one in any case ("sky blue" is Sky Blue); an unknown one only with its
 * own swatch (then kept as typed), so no product shows a blank swatch.
 */
export function readColour(text: string, swatch: string | null): Cell<string> {
  const typed = text.trim().replace(/\s+/g, ' ');
  const known = KNOWN_COLOURS.find((c) => colourKey(c) === colourKey(typed));
  if (known) return ok(known);
  if (typed === '') return no('is empty; every row is one colour of its product');
  if (typed.length > COLOUR_FIELDS.color.max) return readText(typed, COLOUR_FIELDS.color.max);
  if (swatch) return ok(typed);
  return no(unknownColourProblem(typed, 'give its paint in the swatch column as #rrggbb'));
}

/** The most photos one colour may have. */
export const MAX_IMAGES = COLOUR_FIELDS.images.max;

/** A colour's images in gallery order, separated by `|`: 1 to MAX_IMAGES file names or site paths. */
export function readImages(text: string): Cell<string[]> {
  const images = text
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  if (images.length === 0)
    return no(`is empty; write 1 to ${MAX_IMAGES} photo file names separated by |`);
  if (images.length > MAX_IMAGES)
    return no(`has ${images.length} photos; at most ${MAX_IMAGES} per colour`);
  return ok(images);
}

/** The wholesale rule between two read prices: the problem, or null when it holds. */
export function wholesaleProblem(wholesale: number | null, price: number): string | null {
  if (wholesale === null || wholesale < price) return null;
  return `${wholesale} must be lower than the price (${price})`;
}
