// The JSON body of every /api/* answer, as zod/mini schemas with the types inferred from them.
// Services return these types and the browser (src/client/api.ts) parses every answer with these
// schemas, so a field renamed on one side fails `tsc` and the contract test, not a shopper.
// GET /api/newsletter/confirm answers a small HTML page, not JSON.
import * as z from 'zod/mini';
import { BASE_CURRENCY } from '../currency.ts';
import { productAnswerShape } from '../product.ts';
import { cartMapShape } from './fields.ts';
import { healthAnswerSchema } from './health.ts';
import { stockAnswerSchema } from './stock.ts';

const success = z.literal(true);

/** Any failure: `{ success: false, message }`; account endpoints repeat it as `msg` (docs/product.md §7). */
export const failureAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  msg: z.optional(z.string()),
});

/**
 * A product as GET /api/product/list serves it: the spec's fields, plus `name` which the list also
 * uses; a field the browser does not know yet is dropped, not refused.
 */
export const listProductSchema = z.extend(productAnswerShape, { name: z.string() });

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

/**
 * The answer schemas of the storefront's calls that are not about orders, by the key the endpoint
 * table names: what the browser's lazily loaded parsers hold (src/client/answers.ts). The order
 * calls' answers are in ./order-answers.ts, loaded by the browser only with an order call, so a
 * page that shows products, a cart or an account ships none of the order's schemas.
 */
export const SHOP_ANSWERS = {
  productList: productListAnswerSchema,
  rates: ratesAnswerSchema,
  session: sessionAnswerSchema,
  msg: msgAnswerSchema,
  newsletter: newsletterAnswerSchema,
  cart: cartAnswerSchema,
  cartChange: cartChangeAnswerSchema,
  page: z.string(),
  health: healthAnswerSchema,
  // Current stock per colour.
  stock: stockAnswerSchema,
} as const;

export type {
  Order,
  OrderItem,
  OrderPlacedAnswer,
  OrdersAnswer,
  OrderCancelledAnswer,
} from './order-answers.ts';
