// Card payments as the shopper and staff meet them: the time a card order may stay unpaid and the
// messages (asserted verbatim by the tests). No zod here: the checkout's first paint imports it.

/** How long a card order waits for its payment before it is cancelled. */
export const CARD_PAYMENT_MINUTES = 60;

/** The reason an unpaid card order is cancelled with, kept on the order and told to the shopper. */
export const CARD_EXPIRY_REASON = 'payment not completed';

/** Checkout, before paying, when the card is charged in rupees for an order in another currency. */
export const cardChargedInRupees = (rupees: string, approx: string) =>
  `Your card is charged ${rupees} (about ${approx})`;

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
  webhookTaken: 'Event received.',
  webhookRefused: 'Event refused.',
} as const;
