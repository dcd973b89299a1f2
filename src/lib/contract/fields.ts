// The field rules that requests, responses and the checkout form share. Written with zod/mini,
// zod 4's tree-shakable API: the browser parses every API answer with these schemas, and the full
// `zod` build would weigh on every page (see the budgets in tests/e2e/page-weight.spec.ts).
import * as z from 'zod/mini';
import { MAX_QUANTITY, MIN_QUANTITY } from '../cart-limits.ts';
import { CURRENCY_CODE_PATTERN } from '../currency.ts';
import { COLOUR_FIELDS, PRODUCT_FIELDS } from '../product-fields.ts';

/** A required string: a missing value gets `required`, another type "must be text". */
export function requiredString(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? required : 'Must be text'),
  });
}

/** A trimmed required text field of at most `max` characters. */
export function requiredText(required: string, max: number) {
  return requiredString(required).check(
    z.trim(),
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(max, `Must be at most ${max} characters`),
  );
}

// C0 and C1 controls (CR, LF, TAB, NUL, NEL…) and the Unicode line and paragraph separators: any
// of them in a name would start a new line in the confirmation mail.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu;
// Bidirectional overrides and isolates make text read differently from what it is.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/** Text a shopper typed, made one plain line: controls become spaces, runs of spaces one, ends trimmed. */
export function cleanText(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
}

/** A required name or address field: cleaned to one plain line, then at most `max` characters. */
export function humanText(required: string, max: number) {
  return requiredString(required).check(
    z.overwrite(cleanText),
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(max, `Must be at most ${max} characters`),
  );
}

/** A whole number from `min` to `max`; `name` words the messages ("Quantity must be …"). */
export function wholeNumber(name: string, min: number, max: number) {
  return z
    .number({ error: `${name} must be a number` })
    .check(
      z.refine(Number.isInteger, `${name} must be a whole number`),
      z.gte(min, `${name} must be at least ${min}`),
      z.lte(max, `${name} must be at most ${max}`),
    );
}

/** A cart line quantity: an integer from 1 to 100 (docs/product.md §5). */
export const quantitySchema = wholeNumber('Quantity', MIN_QUANTITY, MAX_QUANTITY);

/** The largest image index a cart line may point at (the last of a colour's photos). */
export const MAX_IMAGE_INDEX = COLOUR_FIELDS.images.max - 1;

const imageIndexNumber = wholeNumber('Image index', 0, MAX_IMAGE_INDEX);

/** An image index 0..MAX_IMAGE_INDEX, given as a number or as digit text (the cart map's keys are text). */
export const imageIndexSchema = z.union([
  imageIndexNumber,
  z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number)), imageIndexNumber),
]);

/** A product id as the API receives it. */
export const itemIdSchema = requiredText('Product id is required', PRODUCT_FIELDS._id.max);

/** A colour name as the API receives it. */
export const colorSchema = requiredText('Colour is required', COLOUR_FIELDS.color.max);

/** A currency code: three capital letters. */
export const currencyCodeSchema = z
  .string({ error: 'Currency must be text' })
  .check(z.regex(CURRENCY_CODE_PATTERN, 'Currency must be a three-letter code'));

/**
 * The cart map as docs/product.md §3 stores it: productId → colour → image index (as text) → quantity, with
 * valid keys and quantities 1..100. Answers carry it as it is; requests also cap its lines.
 */
export const cartMapShape = z.record(
  z.string().check(z.minLength(1), z.maxLength(PRODUCT_FIELDS._id.max)),
  z.record(
    z.string().check(z.minLength(1), z.maxLength(COLOUR_FIELDS.color.max)),
    z.record(
      z
        .string()
        .check(
          z.regex(
            new RegExp(`^[0-${MAX_IMAGE_INDEX}]$`),
            `Image index must be 0 to ${MAX_IMAGE_INDEX}`,
          ),
        ),
      quantitySchema,
    ),
  ),
);

/** The cart as docs/product.md §3 stores it: productId → colour → image index (as text) → quantity. */
export type CartMap = z.infer<typeof cartMapShape>;

/** The first message per field of a failed parse, keyed by the field's dotted path ('' for the root). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
