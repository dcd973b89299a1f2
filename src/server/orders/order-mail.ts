import { shortNumber } from '../../lib/desk.ts';
import { isPaidInFull } from '../../lib/orders/ledger.ts';
import { formatMoney } from '../../lib/money.ts';
import { quantityTimesUnit } from '../../lib/orders/money.ts';
import { orderLineAmounts, orderLinePrices } from '../../lib/orders/order-lines.ts';
import { CARD, isAbroad, paymentLabel, withArticle } from '../../lib/payments.ts';
import { POLICY, span } from '../../lib/policy.ts';
import { bankDetailsLines, type ShopSettings } from '../../lib/shop-settings.ts';
import type { Mail } from '../mail.ts';
import { mailValue } from '../mail-text.ts';
import { isWalletMethod } from '../../lib/wallet.ts';
import type { OrderRecord } from '../store/port.ts';

/**
 * What a shopper paying ahead needs: for a bank transfer where to send the money and what to
 * quote; for a wallet, the number the payment request goes to.
 */
function paymentLines(order: OrderRecord, settings: Pick<ShopSettings, 'bankDetails'>): string[] {
  if (order.paymentMethod === CARD && isPaidInFull(order))
    return ['Your card payment was received. Thank you.', ''];
  // A wallet paid through its API (the request went to the phone): announced once paid.
  if (order.card && isPaidInFull(order))
    return [
      `Your ${order.switchedFrom ?? order.paymentMethod} payment was received. Thank you.`,
      '',
    ];
  // (Not once switched to Cash on Delivery: the number stays with the order, the request is off.)
  if (order.walletNumber && isWalletMethod(order.paymentMethod))
    return [
      `We will send ${withArticle(order.paymentMethod)} payment request to ${mailValue(order.walletNumber)}. Your order ships once it is paid.`,
      '',
    ];
  if (order.paymentMethod !== 'Bank Transfer') return [];
  return [
    ...bankDetailsLines(settings.bankDetails, isAbroad(order.address.country)),
    `Please quote your order number #${shortNumber(order.id)} as the payment reference. Your order ships once the transfer arrives.`,
    '',
  ];
}

/**
 * The order confirmation. Every line starts with the shop's own words (a label, 'Dear', '- '), and
 * supplied values appear only inside such lines, through mailValue. Amounts are the order's stored
 * figures in its currency's smallest unit, formatted as the page shows them; each line shows its
 * quantity × unit price and its amount converted on its own, the lines adding up to the Items figure (src/lib/orders/money.ts). A bank transfer's
 * mail carries the shop's bank details as the settings hold them when it is sent.
 */
export function confirmationMail(
  order: OrderRecord,
  settings: Pick<ShopSettings, 'bankDetails'>,
): Mail {
  const money = (n: number) => formatMoney(n, order.currency);
  const number = shortNumber(order.id);
  // Each line in the order's currency, as the page showed it: its quantity × the unit price it was
  // placed at, then the line; they add up to the Items figure. An order priced before the one money
  // rule has no such unit, and keeps its quantity and whole line.
  const prices = orderLinePrices(order);
  const amounts = orderLineAmounts(order);
  const items = order.items.map((i, n) => {
    const name = `- ${mailValue(i.productName)} (${mailValue(i.selectedColor)})`;
    const price = prices?.[n];
    if (price)
      return `${name}, ${quantityTimesUnit(i.quantity, money(price.unit))}: ${money(price.amount)}`;
    return `${name} x ${i.quantity}` + (amounts ? `: ${money(amounts[n]!)}` : '');
  });
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
      `Total: ${money(order.total)}`,
      `Payment: ${paymentLabel(order.paymentMethod)}${order.paymentMethod === 'COD' ? ', in cash when it arrives' : ''}`,
      '',
      ...paymentLines(order, settings),
      'You can track or cancel it under Your Orders.',
    ].join('\n'),
    summary: `order ${order.id} confirmation`,
  };
}

/**
 * The mail confirming a changed delivery address: the address the order now goes to, one line
 * each as the order page shows it, and what to do if the shopper did not change it.
 */
export function addressChangedMail(order: OrderRecord): Mail {
  const number = shortNumber(order.id);
  const a = order.address;
  const lines = [
    `${a.firstName} ${a.lastName}`,
    a.address1,
    a.address2 ?? '',
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
    a.mobile,
  ].filter((line) => line.trim() !== '');
  return {
    to: a.email,
    subject: `Your Bastaa order #${number}: delivery address changed`,
    text: [
      `Dear ${mailValue(a.firstName)},`,
      '',
      `The delivery address of your order #${number} has been changed. We will deliver it to:`,
      '',
      ...lines.map((line) => `- ${mailValue(line)}`),
      '',
      'If you did not change it, please contact customer care at once.',
      'You can follow your order under Your Orders.',
    ].join('\n'),
    summary: `order ${order.id} address changed`,
  };
}
