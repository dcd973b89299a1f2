// Card payments as the shopper and staff meet them: the time a card order may stay unpaid and the
// messages (asserted verbatim by the tests). No zod here: the checkout's first paint imports it.
import { CARD, EASYPAISA, JAZZCASH } from './payments.ts';

/** How long a card order waits for its payment before it is cancelled. */
export const CARD_PAYMENT_MINUTES = 60;

/** The reason an unpaid card order is cancelled with, kept on the order and told to the shopper. */
export const CARD_EXPIRY_REASON = 'payment not completed';

/** The note on the timeline event the gateway's decline of a card order's payment appends. */
export const CARD_DECLINED_NOTE = 'Card declined';

/** Where an unpaid card order stands: waiting for its card payment, or declined by the gateway. */
export const CARD_WAITS = ['awaiting card payment', 'card declined'] as const;
export type CardWait = (typeof CARD_WAITS)[number];

/**
 * An unpaid online order's wait as the desk shows it, in the words of the order's payment method
 * (the wait's code is the same for every provider): "Awaiting card payment" and "Card declined" for
 * a card, "Awaiting JazzCash payment" and "JazzCash payment not approved" for a wallet whose request
 * went to the shopper's phone, "Awaiting payment" and "Payment not approved" for any other.
 */
export function paymentWaitLabel(wait: CardWait, method: string): string {
  const declined = wait === 'card declined';
  if (method === CARD) return declined ? 'Card declined' : 'Awaiting card payment';
  if (method === JAZZCASH || method === EASYPAISA)
    return declined ? `${method} payment not approved` : `Awaiting ${method} payment`;
  return declined ? 'Payment not approved' : 'Awaiting payment';
}

/** What the shopper and staff are told about card payments. */
export const CARD_MESSAGES = {
  placedGatewayDown:
    'Your order is placed, but the card payment page could not be opened just now. Please use Pay now under Your Orders within 60 minutes to pay by card.',
  gatewayDown:
    'The card payment page could not be opened just now. Please try Pay now again in a minute.',
  cardsOff: 'Card payments are not available right now. Please choose another payment method.',
  notCard: 'This order is not paid by card.',
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order is cancelled, so it can no longer be paid.',
  expired: 'This order was cancelled because the card payment was not completed within 60 minutes.',
  opened: 'Opening the card payment page.',
  unpaidPacking:
    'This card order is not paid yet: it can be packed once the card payment is confirmed.',
  unpaidRecord:
    'This card order is waiting for its card payment: the card gateway records it, so it cannot be recorded by hand.',
  declined: 'Your card was declined.',
  webhookTaken: 'Event received.',
  webhookRefused: 'Event refused.',
} as const;
