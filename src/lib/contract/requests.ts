// The body of every POST /api/* request, as zod/mini schemas with the types inferred from them.
// Handlers validate with these (src/server/api.ts readPost) and services take the inferred types.
// GET /api/product/list, /api/rates and /api/newsletter/confirm take no body; /api/cart/get,
// /api/order/userorders and /api/user/logout take an empty one (`emptyBodySchema`).
import * as z from 'zod/mini';
import { payOrderBodySchema, switchToCodBodySchema } from './cards.ts';
import { MAX_CART_LINES } from '../cart.ts';
import { CART_MESSAGES, ORDER_MESSAGES } from '../messages.ts';
import { CANCEL_REASONS } from '../orders/moves.ts';
import { addressSchema, emailSchema, paymentMethodSchema } from './checkout.ts';
import { WALLET_NUMBER_MAX } from '../wallet.ts';
import { DESK_REQUESTS } from './desk.ts';
import { ORDER_PAGE_REQUESTS } from './order-page-requests.ts';
import { RETURN_REQUESTS } from './returns.ts';
import {
  CUSTOMER_FIND_MAX,
  ORDER_CHANNELS,
  PHONE_ORDER_ANSWERS,
  PHONE_ORDER_METHODS,
} from '../orders/phone-orders.ts';
import {
  cartMapShape,
  colorSchema,
  currencyCodeSchema,
  humanText,
  imageIndexSchema,
  itemIdSchema,
  quantitySchema,
  requiredString,
  requiredText,
} from './fields.ts';

export * from './checkout.ts';
export * from './fields.ts';

/** Body of POST /api/cart/get, /api/order/userorders and /api/user/logout: nothing is read from it. */
export const emptyBodySchema = z.object({});

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

/** A whole cart map as a client sends it: the cart map of at most MAX_CART_LINES lines. */
export const cartMapSchema = cartMapShape.check(
  z.refine(
    (map) =>
      Object.values(map).reduce(
        (lines, colours) =>
          lines + Object.values(colours).reduce((n, images) => n + Object.keys(images).length, 0),
        0,
      ) <= MAX_CART_LINES,
    CART_MESSAGES.full,
  ),
);

/** Body of the login cart merge: the guest cart map to merge into the stored one. */
export const cartMergeBodySchema = z.object({ cartData: cartMapSchema });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One ordered line; `_id` is accepted for `productId`, and client prices or names are ignored. */
export const orderItemBodySchema = z.pipe(
  z.transform((value: unknown) =>
    isRecord(value) && value.productId === undefined && value._id !== undefined
      ? { ...value, productId: value._id }
      : value,
  ),
  z.object({
    productId: itemIdSchema,
    selectedColor: colorSchema,
    imageIndex: z._default(imageIndexSchema, 0),
    quantity: quantitySchema,
  }),
);

// Client amounts (userId, amount, deliveryFee) are stripped: the server prices the order. The
// shipping country decides the currency and the allowed methods (src/lib/destination.ts); the
// currency a client sends is only checked against it, and a missing method gets the country's default.
/** Body of POST /api/order/COD: items (at most MAX_CART_LINES lines), address, currency and payment method. */
export const orderBodySchema = z.object({
  items: z
    .array(orderItemBodySchema, { error: 'Items must be a list' })
    .check(
      z.minLength(1, 'Your cart is empty'),
      z.maxLength(MAX_CART_LINES, CART_MESSAGES.orderFull),
    ),
  address: addressSchema,
  currency: z.optional(currencyCodeSchema),
  paymentMethod: z.optional(paymentMethodSchema),
  /** The JazzCash or EasyPaisa number (checked against the method by the order service). */
  walletNumber: z.optional(
    requiredString('Wallet number is required').check(
      z.maxLength(
        WALLET_NUMBER_MAX,
        `Wallet number must be at most ${WALLET_NUMBER_MAX} characters`,
      ),
    ),
  ),
  /** The last six digits of the wallet holder's CNIC, which JazzCash asks with the number. */
  walletCnic: z.optional(z.string().check(z.maxLength(20))),
  /**
   * "Send shipping updates to my WhatsApp", ticked: kept only for a Pakistani mobile when the shop
   * has WhatsApp connected, and otherwise ignored (docs/cod-confirmation.md, "Shipping updates").
   */
  whatsappUpdates: z.optional(z.boolean({ error: 'WhatsApp updates must be true or false' })),
});

/** An existing customer's e-mail or phone, as staff type it. */
const customerFindSchema = z
  .string({ error: 'Existing customer must be text' })
  .check(
    z.trim(),
    z.maxLength(CUSTOMER_FIND_MAX, `Must be at most ${CUSTOMER_FIND_MAX} characters`),
  );

/** Body of POST /api/desk/customers/find: an existing customer's e-mail or phone. */
export const deskCustomerFindBodySchema = z.object({
  customer: customerFindSchema.check(
    z.minLength(1, { error: 'Type the customer’s e-mail or phone', abort: true }),
  ),
});

/**
 * Body of POST /api/desk/orders/new: an order staff take for a customer by phone or WhatsApp. The
 * lines, address and currency are the checkout's (client prices and amounts are stripped); the
 * method is COD or bank transfer; `customer` names an existing customer by e-mail or phone, and
 * without it the order goes to the account of the address's e-mail, made for them if they have none.
 */
export const deskNewOrderBodySchema = z.object({
  channel: z.enum(ORDER_CHANNELS, { error: PHONE_ORDER_ANSWERS.channel }),
  customer: z.optional(customerFindSchema),
  items: orderBodySchema.shape.items,
  address: addressSchema,
  currency: z.optional(currencyCodeSchema),
  paymentMethod: z.enum(PHONE_ORDER_METHODS, { error: PHONE_ORDER_ANSWERS.method }),
});

/** Body of POST /api/order/cancel. */
export const cancelBodySchema = z.object({
  orderId: requiredText('Order id is required', 64),
  reason: z.enum(CANCEL_REASONS, { error: ORDER_MESSAGES.reasonRequired }),
});

/** A new password: 8 to 128 characters, kept exactly as typed. */
export const newPasswordSchema = requiredString('Password is required').check(
  z.minLength(8, 'Password must be at least 8 characters'),
  z.maxLength(128, 'Password must be at most 128 characters'),
);

/** Body of POST /api/user/register. */
export const registerBodySchema = z.object({
  name: humanText('Name is required', 80),
  email: emailSchema,
  password: newPasswordSchema,
});

/** Body of POST /api/user/login. */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: requiredString('Password is required').check(
    z.minLength(1, 'Password is required'),
    z.maxLength(128, 'Password must be at most 128 characters'),
  ),
});

/** Body of POST /api/user/google-login: the identity provider's credential. */
export const googleLoginBodySchema = z.object({
  token: requiredText('Token is required', 4096),
});

/** Body of POST /api/newsletter. */
export const newsletterBodySchema = z.object({ email: emailSchema });

/** Form of POST /api/newsletter/confirm: the mailed link's token (checked by the service). */
export const newsletterConfirmBodySchema = z.object({ token: z.string().check(z.maxLength(128)) });

/** Body of POST /api/user/reset-password-request. */
export const resetRequestBodySchema = z.object({ email: emailSchema });

/** Body of POST /api/user/verify-otp-reset-password. */
export const resetVerifyBodySchema = z.object({
  email: emailSchema,
  otp: requiredString('OTP is required').check(
    z.trim(),
    z.regex(/^\d{6}$/, 'OTP must be 6 digits'),
  ),
  newPassword: newPasswordSchema,
});

/** A validated cart add/update body. */
export type CartLineBody = z.infer<typeof cartLineBodySchema>;
/** A validated cart remove body. */
export type CartRemoveBody = z.infer<typeof cartRemoveBodySchema>;
/** A validated cart merge body. */
export type CartMergeBody = z.infer<typeof cartMergeBodySchema>;
/** A validated order line. */
export type OrderItemBody = z.infer<typeof orderItemBodySchema>;
/** A validated order body. */
export type OrderBody = z.infer<typeof orderBodySchema>;
/** A validated New order body (the desk's phone and WhatsApp orders). */
export type DeskNewOrderBody = z.infer<typeof deskNewOrderBodySchema>;
/** What the desk's form sends to POST /api/desk/orders/new. */
export type DeskNewOrderRequest = z.input<typeof deskNewOrderBodySchema>;
/** A validated cancel body. */
export type CancelBody = z.infer<typeof cancelBodySchema>;
/** A validated register body. */
export type RegisterBody = z.infer<typeof registerBodySchema>;
/** A validated login body. */
export type LoginBody = z.infer<typeof loginBodySchema>;
/** A validated Google login body. */
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;
/** A validated newsletter sign-up body. */
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
/** A validated password-reset request body. */
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;
/** A validated password-reset verify body. */
export type ResetVerifyBody = z.infer<typeof resetVerifyBodySchema>;

/** What a client may send to POST /api/cart/add and /update (the image index as number or text). */
export type CartLineRequest = z.input<typeof cartLineBodySchema>;
/** What a client may send to POST /api/cart/remove. */
export type CartRemoveRequest = z.input<typeof cartRemoveBodySchema>;
/**
 * What a client may send to POST /api/order/COD. Each item is typed by its line schema: the step
 * that reads `_id` as `productId` takes any value, so the pipe's own input type is `unknown`.
 */
export type OrderRequest = Omit<z.input<typeof orderBodySchema>, 'items'> & {
  items: z.input<(typeof orderItemBodySchema)['_zod']['def']['out']>[];
};

/** The request schemas the endpoint table (./endpoints.ts) names, by key. */
export const REQUESTS = {
  empty: emptyBodySchema,
  cartLine: cartLineBodySchema,
  cartRemove: cartRemoveBodySchema,
  cartMerge: cartMergeBodySchema,
  order: orderBodySchema,
  cancel: cancelBodySchema,
  register: registerBodySchema,
  login: loginBodySchema,
  googleLogin: googleLoginBodySchema,
  newsletter: newsletterBodySchema,
  newsletterConfirm: newsletterConfirmBodySchema,
  resetRequest: resetRequestBodySchema,
  resetVerify: resetVerifyBodySchema,
  ...DESK_REQUESTS,
  // desk-returns:
  ...RETURN_REQUESTS,
  // The shopper's order page and removed orders.
  ...ORDER_PAGE_REQUESTS,
  // Pay now on an unpaid card order.
  payOrder: payOrderBodySchema,
  switchToCod: switchToCodBodySchema,
  deskNewOrder: deskNewOrderBodySchema,
  deskCustomerFind: deskCustomerFindBodySchema,
} as const;
