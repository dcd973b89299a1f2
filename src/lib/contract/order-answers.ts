// The JSON body of the storefront's order calls' answers (placing, listing, cancelling, returning
// and paying for an order), as zod/mini schemas with the types inferred from them. Apart from
// ./responses.ts so that the browser loads them only with an order call (src/client/api.ts).
import * as z from 'zod/mini';
import { payOpenedAnswerSchema, switchedToCodAnswerSchema, webhookAnswerSchema } from './cards.ts';
import { addressSchema } from './checkout.ts';
import { ORDER_STATUSES } from '../orders/status.ts';
import { orderReturnFields } from './returns.ts';
import { orderPageFields } from './order-page.ts';

const success = z.literal(true);

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
  /** Set on an unpaid card order whose card the gateway declined. */
  cardDeclined: z.optional(z.literal(true)),
  /** Set on an unpaid wallet order whose payment request went to the shopper's phone. */
  awaitsPhone: z.optional(z.literal(true)),
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
  /** What was refunded, in the order's currency, and how many of each line (absent: nothing). */
  refund: z.optional(
    z.object({
      amount: z.number(),
      lines: z.array(z.object({ index: z.number(), quantity: z.number() })),
    }),
  ),
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

/** The answer schemas of the storefront's order calls, by the key the endpoint table names. */
export const ORDER_ANSWERS = {
  orderPlaced: orderPlacedAnswerSchema,
  orders: ordersAnswerSchema,
  orderCancelled: orderCancelledAnswerSchema,
  returnRequested: z.object({ success, message: z.string(), order: orderSchema }),
  // One of the caller's orders with its timeline and tracking; an order removed from their list.
  orderDetail: z.object({ success, order: orderSchema, ...orderPageFields }),
  orderHidden: z.object({ success, message: z.string() }),
  // The caller's order with its new delivery address, as the order page shows it.
  addressChanged: z.object({
    success,
    message: z.string(),
    order: orderSchema,
    ...orderPageFields,
  }),
  // The caller's order placed under an idempotency key (Place Order whose answer was lost).
  orderFound: z.object({ success, order: orderSchema }),
  // Cards: Pay now, and the gateway's webhook.
  payOpened: payOpenedAnswerSchema,
  // A wallet order switched to Cash on Delivery by its shopper.
  switchedToCod: switchedToCodAnswerSchema,
  webhook: webhookAnswerSchema,
  // Leopards' status push, answered as its Push API asks (1 taken, 0 refused; why, per line).
  courierPush: z.object({
    success,
    message: z.string(),
    status: z.number(),
    errors: z.array(z.string()),
  }),
  // A COD order's confirmation page: the order its link names, and the shopper's answer.
  codConfirmation: z.object({
    success,
    number: z.string(),
    state: z.enum(['waiting', 'confirmed', 'cancelled']),
    deadline: z.string(),
    deadlineText: z.string(),
    total: z.string(),
    items: z.array(
      z.object({ productName: z.string(), selectedColor: z.string(), quantity: z.number() }),
    ),
  }),
  codAnswered: z.object({
    success,
    state: z.enum(['waiting', 'confirmed', 'cancelled']),
    message: z.string(),
  }),
} as const;
