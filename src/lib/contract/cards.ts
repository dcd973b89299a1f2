// The card calls' bodies and answers: Pay now's, and the webhook's.
import * as z from 'zod/mini';
import { requiredText } from './fields.ts';

/** Body of POST /api/order/pay: the caller's unpaid card order to open a fresh payment for. */
export const payOrderBodySchema = z.object({
  orderId: requiredText('Order id is required', 64),
  /** A wallet's Pay again: the CNIC's last six digits its request carries (never stored). */
  walletCnic: z.optional(z.string().check(z.maxLength(20))),
});

/** POST /api/order/pay: the gateway's hosted page to send the shopper to. */
export const payOpenedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  redirectUrl: z.string(),
});

/** Body of POST /api/order/switch-to-cod: the caller's wallet order to pay cash on delivery instead. */
export const switchToCodBodySchema = z.object({
  orderId: requiredText('Order id is required', 64),
});

/** POST /api/order/switch-to-cod: the order is now Cash on Delivery. */
export const switchedToCodAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** What the card webhook answers the gateway (it reads only the status). */
export const webhookAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
