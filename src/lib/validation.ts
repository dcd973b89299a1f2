import { z } from 'zod';
import { CART_LIMIT_MESSAGE, MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY, ORDER_LIMIT_MESSAGE } from './cart.ts';
import { CANCEL_REASONS, ORDER_MESSAGES } from './orders.ts';
import { PAYMENT_METHODS } from './payments.ts';

/** The checkout form's messages, verbatim from SPEC §5. */
export const CHECKOUT_MESSAGES = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  address1: 'Address 1 is required',
  country: 'Country is required',
  city: 'City is required',
  state: 'State is required',
  zip: 'Zip code is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Invalid mobile number',
  paymentMethod: 'Please select a payment method',
} as const;

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** A mobile number: at least 7 digits, plus signs, hyphens or spaces (SPEC §5). */
export const MOBILE_PATTERN = /^[0-9+\- ]{7,}$/;

/** Longest mobile number accepted. */
export const MOBILE_MAX = 20;

/** The largest image index a cart line may point at (a colour has at most 8 images). */
export const MAX_IMAGE_INDEX = 7;

/** A required string: a missing value gets `required`, another type "must be text". */
function requiredString(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? required : 'Must be text'),
  });
}

/** A trimmed required text field of at most `max` characters. */
function requiredText(required: string, max: number) {
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
function humanText(required: string, max: number) {
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

/** A cart line quantity: an integer from 1 to 100 (SPEC §5). */
export const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(MIN_QUANTITY, `Quantity must be at least ${MIN_QUANTITY}`)
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

const imageIndexNumber = z
  .number({ error: 'Image index must be a number' })
  .int('Image index must be a whole number')
  .min(0, 'Image index must be at least 0')
  .max(MAX_IMAGE_INDEX, `Image index must be at most ${MAX_IMAGE_INDEX}`);

/** An image index 0..7, given as a number or as digit text (the cart map's keys are text). */
export const imageIndexSchema = z.union([
  imageIndexNumber,
  z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(imageIndexNumber),
]);

/** A product id as the API receives it. */
export const itemIdSchema = requiredText('Product id is required', 64);

/** A colour name as the API receives it. */
export const colorSchema = requiredText('Colour is required', 40);

/** Body of POST /api/cart/add and /api/cart/update. */
export const cartLineBodySchema = z.object({
  itemId: itemIdSchema,
  selectedColor: colorSchema,
  imageIndex: imageIndexSchema,
  quantity: quantitySchema,
});

/** Body of POST /api/cart/remove. */
export const cartRemoveBodySchema = z.object({
  itemId: itemIdSchema,
  selectedColor: colorSchema,
  imageIndex: imageIndexSchema,
});

/** A whole cart map as a client sends it: valid keys, quantities 1..100, at most MAX_CART_LINES lines. */
export const cartMapSchema = z
  .record(
    z.string().min(1).max(64),
    z.record(
      z.string().min(1).max(40),
      z.record(z.string().regex(/^[0-7]$/, 'Image index must be 0 to 7'), quantitySchema),
    ),
  )
  .refine(
    (map) =>
      Object.values(map).reduce(
        (lines, colours) =>
          lines + Object.values(colours).reduce((n, images) => n + Object.keys(images).length, 0),
        0,
      ) <= MAX_CART_LINES,
    CART_LIMIT_MESSAGE,
  );

/** Body of the login cart merge: the guest cart map to merge into the stored one. */
export const cartMergeBodySchema = z.object({ cartData: cartMapSchema });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One ordered line; `_id` is accepted for `productId`, and client prices or names are ignored. */
export const orderItemSchema = z.preprocess(
  (value) =>
    isRecord(value) && value.productId === undefined && value._id !== undefined
      ? { ...value, productId: value._id }
      : value,
  z.object({
    productId: itemIdSchema,
    selectedColor: colorSchema,
    imageIndex: imageIndexSchema.default(0),
    quantity: quantitySchema,
  }),
);

/** A currency code: three capital letters. */
export const currencyCodeSchema = z
  .string({ error: 'Currency must be text' })
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code');

// Client amounts (userId, amount, deliveryFee) are stripped: the server prices the order. The
// shipping country decides the currency and the allowed methods (src/lib/destination.ts); the
// currency a client sends is only checked against it, and a missing method gets the country's default.
/** Body of POST /api/order/COD: items (at most MAX_CART_LINES lines), address, currency and payment method. */
export const orderBodySchema = z.object({
  items: z
    .array(orderItemSchema, { error: 'Items must be a list' })
    .min(1, 'Your cart is empty')
    .max(MAX_CART_LINES, ORDER_LIMIT_MESSAGE),
  address: addressSchema,
  currency: currencyCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
});

/** Body of POST /api/order/cancel. */
export const cancelBodySchema = z.object({
  orderId: requiredText('Order id is required', 64),
  reason: z.enum(CANCEL_REASONS, { error: ORDER_MESSAGES.reasonRequired }),
});

/**
 * What a new password on the list of common passwords gets. The server checks the list (register
 * and reset alike): at ~380 KB it stays out of the browser, which shows this message from the answer.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** A new password: 8 to 128 characters, kept exactly as typed. */
export const newPasswordSchema = requiredString('Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Body of POST /api/user/register. */
export const registerBodySchema = z.object({
  name: humanText('Name is required', 80),
  email: emailSchema,
  password: newPasswordSchema,
});

/** Body of POST /api/user/login. */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: requiredString('Password is required')
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
});

/** Body of POST /api/user/google-login: the identity provider's credential. */
export const googleLoginBodySchema = z.object({
  token: requiredText('Token is required', 4096),
});

/** Body of POST /api/newsletter. */
export const newsletterBodySchema = z.object({ email: emailSchema });

/** Body of POST /api/user/reset-password-request. */
export const resetRequestBodySchema = z.object({ email: emailSchema });

/** Body of POST /api/user/verify-otp-reset-password. */
export const resetVerifyBodySchema = z.object({
  email: emailSchema,
  otp: requiredString('OTP is required')
    .trim()
    .regex(/^\d{6}$/, 'OTP must be 6 digits'),
  newPassword: newPasswordSchema,
});

/** A validated shipping address. */
export type Address = z.infer<typeof addressSchema>;
/** A validated checkout form. */
export type CheckoutForm = z.infer<typeof checkoutSchema>;
/** A validated cart add/update body. */
export type CartLineBody = z.infer<typeof cartLineBodySchema>;
/** A validated cart remove body. */
export type CartRemoveBody = z.infer<typeof cartRemoveBodySchema>;
/** A validated cart merge body. */
export type CartMergeBody = z.infer<typeof cartMergeBodySchema>;
/** A validated order line. */
export type OrderItemBody = z.infer<typeof orderItemSchema>;
/** A validated order body. */
export type OrderBody = z.infer<typeof orderBodySchema>;
/** A validated cancel body. */
export type CancelBody = z.infer<typeof cancelBodySchema>;
/** A validated register body. */
export type RegisterBody = z.infer<typeof registerBodySchema>;
/** A validated login body. */
export type LoginBody = z.infer<typeof loginBodySchema>;
/** A validated Google login body. */
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;
/** A validated password-reset request body. */
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;
/** A validated password-reset verify body. */
export type ResetVerifyBody = z.infer<typeof resetVerifyBodySchema>;

/** The first message per field of a failed parse, keyed by the field's dotted path ('' for the root). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
