import { shortNumber } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import { orderLineAmounts } from '../../lib/order-money.ts';
import { paymentLabel } from '../../lib/payments.ts';
import { POLICY, span } from '../../lib/policy.ts';
import { cleanText } from '../../lib/contract/fields.ts';
import { bankDetailsLines, type ShopSettings } from '../../lib/shop-settings.ts';
import type { Mail } from '../mail.ts';
import type { OrderRecord } from '../store/port.ts';

/** The longest text of one value a mail repeats; longer values are cut with an ellipsis. */
const MAX_VALUE = 120;

/**
 * A value a shopper (or the catalogue) supplied, made safe for a plain-text mail line: no control
 * character or line separator (so it can never start a line or paragraph of its own), spaces
 * collapsed, length capped, and '://' broken so no mail program turns it into a link.
 */
export function mailValue(value: unknown): string {
  const text = cleanText(String(value ?? '')).replace(/:\/\//g, '[:]//');
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/**
 * What a shopper paying ahead needs: for a bank transfer where to send the money and what to
 * quote; for a wallet, the number the payment request goes to.
 */
function paymentLines(order: OrderRecord, settings: Pick<ShopSettings, 'bankDetails'>): string[] {
  if (order.walletNumber)
    return [
      `We will send a ${order.paymentMethod} payment request to ${mailValue(order.walletNumber)}. Your order ships once it is paid.`,
      '',
    ];
  if (order.paymentMethod !== 'Bank Transfer') return [];
  return [
    ...bankDetailsLines(settings.bankDetails),
    `Please quote your order number #${shortNumber(order.id)} as the payment reference. Your order ships once the transfer arrives.`,
    '',
  ];
}

/**
 * The order confirmation. Every line starts with the shop's own words (a label, 'Dear', '- '), and
 * supplied values appear only inside such lines, through mailValue. Amounts are the order's stored
 * figures in its currency's smallest unit, formatted as the page shows them; each line shows its
 * amount converted on its own, the lines adding up to the Items figure (src/lib/order-money.ts). A bank transfer's
 * mail carries the shop's bank details as the settings hold them when it is sent.
 */
export function confirmationMail(
  order: OrderRecord,
  settings: Pick<ShopSettings, 'bankDetails'>,
): Mail {
  const money = (n: number) => formatMoney(n, order.currency);
  const number = shortNumber(order.id);
  // Each line in the order's currency, as the page showed it; they add up to the Items figure.
  const amounts = orderLineAmounts(order);
  const items = order.items.map(
    (i, n) =>
      `- ${mailValue(i.productName)} (${mailValue(i.selectedColor)}) x ${i.quantity}` +
      (amounts ? `: ${money(amounts[n]!)}` : ''),
  );
  return {
    to: order.address.email,
    subject: `Your Bastaa order #${number} is placed`,
    text: [
      `Dear ${mailValue(order.address.firstName)},`,
      '',
      `Thank you for your order #${number}. We have received it and will dispatch it within ${span(POLICY.dispatchHours, 'hours', '-')}.`,
      '',
      ...items,
      '',
      `Items: ${money(order.amount)}`,
      `Delivery: ${money(order.deliveryFee)}`,
      `Total: ${money(order.total)} (${paymentLabel(order.paymentMethod)})`,
      '',
      ...paymentLines(order, settings),
      'You can track or cancel it under Your Orders.',
    ].join('\n'),
    summary: `order ${order.id} confirmation`,
  };
}
