// The bodies of POST /api/order/show, /api/order/hide, /api/order/find and /api/order/address, apart from the answer
// fields (./order-page.ts) so the browser's answer parsers do not carry them.
import * as z from 'zod/mini';
import { ORDER_ANSWERS, ORDER_MESSAGES } from '../messages.ts';
import { addressSchema } from './checkout.ts';
import { requiredString, requiredText } from './fields.ts';
import { ORDER_LINK_MESSAGES } from '../orders/link-messages.ts';

/** A Confirm / Cancel link's order number and key (the key is judged by the server alone). */
const codKey = {
  number: requiredString(ORDER_LINK_MESSAGES.confirmExpired).check(
    z.regex(/^#?[0-9a-zA-Z]{8}$/, ORDER_LINK_MESSAGES.confirmExpired),
  ),
  key: requiredString(ORDER_LINK_MESSAGES.confirmExpired).check(
    z.regex(/^[\w.-]{1,120}$/, ORDER_LINK_MESSAGES.confirmExpired),
  ),
};

/** Bodies of the three calls, spread into REQUESTS. */
export const ORDER_PAGE_REQUESTS = {
  /** The short number (#3A4030A3, in any case, with or without '#'); anything else is not an order of theirs. */
  orderShow: z.object({
    number: requiredText(ORDER_MESSAGES.notFound, 9).check(
      z.regex(/^#?[0-9a-zA-Z]{8}$/, ORDER_MESSAGES.notFound),
    ),
  }),
  /** A mailed link's order number and key (the key is judged by the server alone). */
  orderLinked: z.object({
    number: requiredString(ORDER_LINK_MESSAGES.expired).check(
      z.regex(/^#?[0-9a-zA-Z]{8}$/, ORDER_LINK_MESSAGES.expired),
    ),
    key: requiredString(ORDER_LINK_MESSAGES.expired).check(
      z.regex(/^[\w.-]{1,120}$/, ORDER_LINK_MESSAGES.expired),
    ),
  }),
  orderHide: z.object({ orderId: requiredText('Order id is required', 64) }),
  /** The order's new delivery address: the checkout's fields and rules, in the order's own country. */
  orderAddress: z.object({
    orderId: requiredText('Order id is required', 64),
    address: addressSchema,
  }),
  /** The COD confirmation page's order, by its link. */
  codConfirmShow: z.strictObject(codKey),
  /** The shopper's answer from that page. */
  codConfirmAnswer: z.strictObject({
    ...codKey,
    answer: z.enum(['confirm', 'cancel'], { error: 'The answer must be confirm or cancel' }),
  }),
  /** The Idempotency-Key Place Order sent, as the order call checks it. */
  orderFind: z.object({
    idempotencyKey: requiredText(ORDER_ANSWERS.badKey, 128).check(
      z.regex(/^[\w-]{8,128}$/, ORDER_ANSWERS.badKey),
    ),
  }),
};

/** The body of the COD confirmation page's read. */
export type CodKeyBody = z.infer<typeof ORDER_PAGE_REQUESTS.codConfirmShow>;
/** The body of the shopper's Confirm or Cancel. */
export type CodAnswerBody = z.infer<typeof ORDER_PAGE_REQUESTS.codConfirmAnswer>;
