// The shipping address and the checkout form, in a module of their own: the browser's checkout
// bundles only these, not every request schema of the API (schemas are built at module load and
// are not dropped by tree-shaking). The order body and the order answer reuse the same address.
import * as z from 'zod/mini';
import { CHECKOUT_MESSAGES } from '../messages.ts';
import { CHECKOUT_METHODS } from '../payments.ts';
import { cleanText, humanText, requiredString } from './fields.ts';

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A mobile number: at least 7 digits, plus signs, hyphens or spaces (docs/product.md §5). */
export const MOBILE_PATTERN = /^[0-9+\- ]{7,}$/;

/** Longest mobile number accepted. */
export const MOBILE_MAX = 20;

/** An e-mail address: trimmed, lower-cased, required, at most 254 characters and shaped like an address. */
export const emailSchema = requiredString(CHECKOUT_MESSAGES.emailRequired).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, { error: CHECKOUT_MESSAGES.emailRequired, abort: true }),
  z.maxLength(EMAIL_MAX, { error: CHECKOUT_MESSAGES.emailInvalid, abort: true }),
  z.regex(z.regexes.email, CHECKOUT_MESSAGES.emailInvalid),
);

/** A mobile number: trimmed, required, 7 to 20 digits, plus signs, hyphens or spaces. */
export const mobileSchema = requiredString(CHECKOUT_MESSAGES.mobileRequired).check(
  z.trim(),
  z.minLength(1, { error: CHECKOUT_MESSAGES.mobileRequired, abort: true }),
  z.maxLength(MOBILE_MAX, { error: CHECKOUT_MESSAGES.mobileInvalid, abort: true }),
  z.regex(MOBILE_PATTERN, CHECKOUT_MESSAGES.mobileInvalid),
);

/** An address line the country may require (countryPartErrors): cleaned, at most `max`, '' when absent. */
const countryLine = (max: number) =>
  z._default(
    z
      .string({ error: 'Must be text' })
      .check(z.overwrite(cleanText), z.maxLength(max, `Must be at most ${max} characters`)),
    '',
  );

/**
 * The shipping address of the checkout form and of an order (docs/product.md §3, §5); unknown keys are
 * stripped, and every name and address field is cleaned to one plain line (no CR, LF or other
 * controls) before its length is checked. Whether the state and the postcode are required depends
 * on the country: src/lib/address-format.ts countryPartErrors, which the checkout and the order call
 * apply beside this schema.
 */
export const addressSchema = z.object({
  firstName: humanText(CHECKOUT_MESSAGES.firstName, 100),
  lastName: humanText(CHECKOUT_MESSAGES.lastName, 100),
  email: emailSchema,
  address1: humanText(CHECKOUT_MESSAGES.address1, 200),
  address2: z.optional(
    z
      .string({ error: 'Must be text' })
      .check(z.overwrite(cleanText), z.maxLength(200, 'Must be at most 200 characters')),
  ),
  country: humanText(CHECKOUT_MESSAGES.country, 100),
  city: humanText(CHECKOUT_MESSAGES.city, 100),
  state: countryLine(100),
  zip: countryLine(20),
  mobile: mobileSchema,
});

/** A payment method, required, one the checkout may offer (whether the card is offered is the server's to say). */
export const paymentMethodSchema = z.enum(CHECKOUT_METHODS, {
  error: CHECKOUT_MESSAGES.paymentMethod,
});

/** The whole checkout form: the address plus the payment choice. */
export const checkoutSchema = z.extend(addressSchema, { paymentMethod: paymentMethodSchema });

/** A shipping address (docs/product.md §3): what the checkout sends, the store keeps and an order shows. */
export type Address = z.infer<typeof addressSchema>;
/** A validated checkout form. */
export type CheckoutForm = z.infer<typeof checkoutSchema>;
