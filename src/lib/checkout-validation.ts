// The checkout form's rules, in a module of their own: the browser's checkout bundles only these,
// not every request schema of the API (zod schemas are built at module load and are not dropped by
// tree-shaking). src/lib/validation.ts re-exports them for the server.
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from './messages.ts';
import { PAYMENT_METHODS } from './payments.ts';

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A mobile number: at least 7 digits, plus signs, hyphens or spaces (SPEC §5). */
export const MOBILE_PATTERN = /^[0-9+\- ]{7,}$/;

/** Longest mobile number accepted. */
export const MOBILE_MAX = 20;

/** A required string: a missing value gets `required`, another type "must be text". */
export function requiredString(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? required : 'Must be text'),
  });
}

/** A trimmed required text field of at most `max` characters. */
export function requiredText(required: string, max: number) {
  return requiredString(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, `Must be at most ${max} characters`);
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
  return requiredString(required)
    .overwrite(cleanText)
    .min(1, { error: required, abort: true })
    .max(max, `Must be at most ${max} characters`);
}

/** An e-mail address: trimmed, lower-cased, required, at most 254 characters and shaped like an address. */
export const emailSchema = requiredString(CHECKOUT_MESSAGES.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { error: CHECKOUT_MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: CHECKOUT_MESSAGES.emailInvalid, abort: true })
  .regex(z.regexes.email, CHECKOUT_MESSAGES.emailInvalid);

/** A mobile number: trimmed, required, 7 to 20 digits, plus signs, hyphens or spaces. */
export const mobileSchema = requiredString(CHECKOUT_MESSAGES.mobileRequired)
  .trim()
  .min(1, { error: CHECKOUT_MESSAGES.mobileRequired, abort: true })
  .max(MOBILE_MAX, { error: CHECKOUT_MESSAGES.mobileInvalid, abort: true })
  .regex(MOBILE_PATTERN, CHECKOUT_MESSAGES.mobileInvalid);

/**
 * The shipping address of the checkout form and of an order (SPEC §3, §5); unknown keys are
 * stripped, and every name and address field is cleaned to one plain line (no CR, LF or other
 * controls) before its length is checked.
 */
export const addressSchema = z.object({
  firstName: humanText(CHECKOUT_MESSAGES.firstName, 100),
  lastName: humanText(CHECKOUT_MESSAGES.lastName, 100),
  email: emailSchema,
  address1: humanText(CHECKOUT_MESSAGES.address1, 200),
  address2: z
    .string({ error: 'Must be text' })
    .overwrite(cleanText)
    .max(200, 'Must be at most 200 characters')
    .optional(),
  country: humanText(CHECKOUT_MESSAGES.country, 100),
  city: humanText(CHECKOUT_MESSAGES.city, 100),
  state: humanText(CHECKOUT_MESSAGES.state, 100),
  zip: humanText(CHECKOUT_MESSAGES.zip, 20),
  mobile: mobileSchema,
});

/** A payment method, required, one of the four the shop offers. */
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: CHECKOUT_MESSAGES.paymentMethod,
});

/** The whole checkout form: the address plus the payment choice. */
export const checkoutSchema = addressSchema.extend({ paymentMethod: paymentMethodSchema });

/** The first message per field of a failed parse, keyed by the field's dotted path ('' for the root). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
