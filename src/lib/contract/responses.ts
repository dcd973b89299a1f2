// The JSON body of every /api/* answer, as zod/mini schemas with the types inferred from them.
// Services return these types and the browser (src/client/api.ts) parses every answer with these
// schemas, so a field renamed on one side fails `tsc` and the contract test, not a shopper.
// GET /api/newsletter/confirm answers a small HTML page, not JSON.
import * as z from 'zod/mini';
import { payOpenedAnswerSchema, webhookAnswerSchema } from './cards.ts';
import { BASE_CURRENCY } from '../currency.ts';
import { productShape } from '../product.ts';
import { addressSchema } from './checkout.ts';
import { cartMapShape } from './fields.ts';
import { ORDER_STATUSES } from '../orders/status.ts';
import { orderReturnFields } from './returns.ts';
import { healthAnswerSchema } from './health.ts';
import { stockAnswerSchema } from './stock.ts';
import { orderPageFields } from './order-page.ts';

const success = z.literal(true);

/** Any failure: `{ success: false, message }`; account endpoints repeat it as `msg` (docs/product.md §7). */
export const failureAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  msg: z.optional(z.string()),
});

/** A product as GET /api/product/list serves it: the spec's fields, plus `name` which the list also uses. */
export const listProductSchema = z.extend(productShape, { name: z.string() });

/** GET /api/product/list. */
export const productListAnswerSchema = z.object({
  success,
  products: z.array(listProductSchema),
});

/** GET /api/rates: units of each currency per 1 PKR. */
export const ratesAnswerSchema = z.object({
  result: z.literal('success'),
  base: z.literal(BASE_CURRENCY),
  rates: z.record(z.string(), z.number()),
  fetchedAt: z.number(),
  /** The rate-1 stand-in: the service failed and nothing was ever fetched. */
  fallback: z.boolean(),
  /** Older than RATES_TTL_MS: served because the service failed; browsers should ask again soon. */
  stale: z.boolean(),
});

/** POST /api/user/register, /login and /google-login: the signed-in user and their token. */
export const sessionAnswerSchema = z.object({
  success,
  msg: z.string(),
  token: z.string(),
  user: z.object({ email: z.string(), name: z.string() }),
});

/** POST /api/user/logout, /reset-password-request and /verify-otp-reset-password. */
export const msgAnswerSchema = z.object({ success, msg: z.string() });

/** POST /api/newsletter. */
export const newsletterAnswerSchema = z.object({ success, message: z.string() });

/** POST /api/cart/get. */
export const cartAnswerSchema = z.object({ success, cartData: cartMapShape });

/** POST /api/cart/add, /update, /remove and /merge: the cart after the change, and what changed. */
export const cartChangeAnswerSchema = z.extend(cartAnswerSchema, { message: z.string() });

/** One priced line of an order; amounts are integer PKR. */
export const orderItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  selectedColor: z.string(),
  imageIndex: z.string(),
  image: z.string(),
  price: z.number(),
  discountPercent: z.number(),
  wholesalePrice: z.nullable(z.number()),
  unitPrice: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** An order as the API shows it to its owner (docs/product.md §3 Order, plus amounts in its currency). */
export const orderSchema = z.object({
  _id: z.string(),
  items: z.array(orderItemSchema),
  status: z.enum(ORDER_STATUSES),
  payment: z.boolean(),
  paymentMethod: z.string(),
  /** When it was placed, in ms since the epoch. */
  date: z.number(),
  /** Items total, delivery fee and grand total in the order's currency. */
  amount: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  currency: z.string(),
  address: addressSchema,
  cancelReason: z.nullable(z.string()),
  // Units of the currency per 1 PKR as charged, so each line shows in the order's
  // currency by the one money rule (src/lib/orders/money.ts).
  rate: z.number(),
  // When it was delivered and its return or exchange request, when there is one.
  ...orderReturnFields,
});

/**
 * POST /api/order/COD (201, or 200 for a replayed Idempotency-Key). An unpaid card order also
 * carries `payUrl`, where the shopper goes to pay: the gateway's hosted page, or, when none could
 * be opened, the order's own page on the shop with its Pay now (the message then says so).
 */
export const orderPlacedAnswerSchema = z.object({
  success,
  message: z.string(),
  orderId: z.string(),
  order: orderSchema,
  payUrl: z.optional(z.string()),
});

/** POST /api/order/userorders: the caller's orders, newest first. */
export const ordersAnswerSchema = z.object({ success, orders: z.array(orderSchema) });

/** POST /api/order/cancel: the order as it now stands. */
export const orderCancelledAnswerSchema = z.object({
  success,
  message: z.string(),
  order: orderSchema,
});

/** A failure answer. */
export type FailureAnswer = z.infer<typeof failureAnswerSchema>;
/** A product in the list answer. */
export type ListProduct = z.infer<typeof listProductSchema>;
/** The product list answer. */
export type ProductListAnswer = z.infer<typeof productListAnswerSchema>;
/** The rates answer. */
export type RatesAnswer = z.infer<typeof ratesAnswerSchema>;
/** What register, login and google-login answer on success (docs/product.md §7). */
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
/** A success answer carrying only a message for the account pages. */
export type MsgAnswer = z.infer<typeof msgAnswerSchema>;
/** The newsletter answer. */
export type NewsletterAnswer = z.infer<typeof newsletterAnswerSchema>;
/** The cart answer. */
export type CartAnswer = z.infer<typeof cartAnswerSchema>;
/** The answer to a cart change. */
export type CartChangeAnswer = z.infer<typeof cartChangeAnswerSchema>;
/** One priced order line. */
export type OrderItem = z.infer<typeof orderItemSchema>;
/** An order as its owner sees it. */
export type Order = z.infer<typeof orderSchema>;
/** The answer to placing an order. */
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswerSchema>;
/** The orders answer. */
export type OrdersAnswer = z.infer<typeof ordersAnswerSchema>;
/** The answer to a cancellation. */
export type OrderCancelledAnswer = z.infer<typeof orderCancelledAnswerSchema>;

/**
 * The answer schemas of the storefront's calls, by the key the endpoint table names: what the
 * browser's lazily loaded parsers hold (src/client/answers.ts). ./answers.ts adds the desk's.
 */
export const STOREFRONT_ANSWERS = {
  productList: productListAnswerSchema,
  rates: ratesAnswerSchema,
  session: sessionAnswerSchema,
  msg: msgAnswerSchema,
  newsletter: newsletterAnswerSchema,
  cart: cartAnswerSchema,
  cartChange: cartChangeAnswerSchema,
  orderPlaced: orderPlacedAnswerSchema,
  orders: ordersAnswerSchema,
  orderCancelled: orderCancelledAnswerSchema,
  page: z.string(),
  returnRequested: z.object({ success, message: z.string(), order: orderSchema }),
  // The health answer.
  health: healthAnswerSchema,
  // Current stock per colour.
  stock: stockAnswerSchema,
  // One of the caller's orders with its timeline and tracking; an order removed from their list.
  orderDetail: z.object({ success, order: orderSchema, ...orderPageFields }),
  orderHidden: z.object({ success, message: z.string() }),
  // Cards: Pay now, and the gateway's webhook.
  payOpened: payOpenedAnswerSchema,
  webhook: webhookAnswerSchema,
} as const;
