// Orders staff take on the desk for a customer who phoned or wrote on WhatsApp: the channels, the
// payment methods such an order may have, and what the desk's New order call answers. The order
// itself is placed by the same code as a web order (src/server/orders/orders.ts placeOrder).
/** How a desk order reached the shop; a web order has none. */
export const ORDER_CHANNELS = ['phone', 'whatsapp'] as const;

/** The channel a desk order came by. */
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Each channel in the desk's words. */
export const CHANNEL_LABELS: Readonly<Record<OrderChannel, string>> = {
  phone: 'Phone',
  whatsapp: 'WhatsApp',
};

/**
 * The payment methods a phone order may have: cash on delivery and bank transfer. A card or an API
 * wallet is paid by the shopper on their own device at checkout, so it is never taken for them.
 */
export const PHONE_ORDER_METHODS = ['COD', 'Bank Transfer'] as const;

/** Where an e-mail or phone typed to find a customer is at most this long. */
export const CUSTOMER_FIND_MAX = 254;

/**
 * A phone number as its digits, a Pakistani number in its national form, to compare numbers however
 * they were typed: '0300-123 4567', '+92 300 1234567' and '0092 300 1234567' are all '03001234567'.
 */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '').replace(/^00/, '');
  return digits.length === 12 && digits.startsWith('92') ? `0${digits.slice(2)}` : digits;
}

/** What the New order call answers. */
export const PHONE_ORDER_ANSWERS = {
  channel: 'Choose how the order came: by phone or on WhatsApp.',
  method: 'A phone order is paid by cash on delivery or bank transfer.',
  customerNotFound: (typed: string) =>
    `No customer has the e-mail or phone ${typed}. Clear "Existing customer" to add them as a new customer.`,
  found: (name: string, orders: number) =>
    orders === 0
      ? `${name} has an account and no order yet: type their address.`
      : `${name}: the address of their last order is filled in. Check it with them.`,
  placed: (number: string, name: string, channel: OrderChannel) =>
    `Order #${number} placed for ${name} (${channel === 'phone' ? 'by phone' : 'on WhatsApp'}). The order confirmation is mailed to them.`,
  replayed: (number: string) => `Order #${number} was already placed; nothing new was made.`,
} as const;

/** How the order came, as its timeline's first event says it: 'Taken by phone', 'Taken on WhatsApp'. */
export const takenNote = (channel: OrderChannel): string =>
  channel === 'phone' ? 'Taken by phone' : 'Taken on WhatsApp';
