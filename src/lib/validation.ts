import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from './cart.ts';
import { CART_MESSAGES, ORDER_MESSAGES } from './messages.ts';
import { CANCEL_REASONS } from './orders.ts';
import {
  addressSchema,
  checkoutSchema,
  emailSchema,
  humanText,
  paymentMethodSchema,
  requiredString,
  requiredText,
} from './checkout-validation.ts';

export * from './checkout-validation.ts';

/** The largest image index a cart line may point at (a colour has at most 8 images). */
export const MAX_IMAGE_INDEX = 7;

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
    CART_MESSAGES.full,
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
    .max(MAX_CART_LINES, CART_MESSAGES.orderFull),
  address: addressSchema,
  currency: currencyCodeSchema.optional(),
  paymentMethod: paymentMethodSchema.optional(),
});

/** Body of POST /api/order/cancel. */
export const cancelBodySchema = z.object({
  orderId: requiredText('Order id is required', 64),
  reason: z.enum(CANCEL_REASONS, { error: ORDER_MESSAGES.reasonRequired }),
});

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
