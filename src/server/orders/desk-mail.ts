import { shortNumber } from '../../lib/desk.ts';
import { STATUS_WORDS, TRACKING_MESSAGES } from '../../lib/messages.ts';
import type { Mail } from '../mail.ts';
import type { OrderRecord } from '../store/port.ts';
import { mailValue } from '../mail-text.ts';
import { parcelTrackingUrl } from './courier-view.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  financialState,
  fromMinor,
  ledgerSums,
  type LedgerEntry,
} from '../../lib/orders/ledger.ts';
import { paymentLabel } from '../../lib/payments.ts';

/**
 * The mail a shopper gets when the shop moves their order: the new status in a shopper's words
 * (STATUS_WORDS) and the Track Order line, the courier and tracking number when it went out for
 * delivery (with the courier's tracking page when it was booked from the desk), the reason of a cancel.
 * Supplied values go through mailValue, inside lines that start with the shop's own words.
 * `byShopper`: the shopper cancelled it themselves, and the mail confirms it in those words.
 */
export function statusMail(order: OrderRecord, byShopper = false): Mail | null {
  const number = shortNumber(order.id);
  const lines = [
    `Dear ${mailValue(order.address.firstName)},`,
    '',
    byShopper
      ? `You cancelled your order #${number}, as you asked. Nothing more will be sent or charged for it.`
      : `Your order #${number} ${STATUS_WORDS[order.status]}.`,
    TRACKING_MESSAGES[order.status],
  ];
  if (order.status === 'Out for Delivery' && order.shipping) {
    if (order.shipping.courier) lines.push(`Courier: ${mailValue(order.shipping.courier)}`);
    if (order.shipping.trackingNumber)
      lines.push(`Tracking number: ${mailValue(order.shipping.trackingNumber)}`);
    const trackingUrl = parcelTrackingUrl(order);
    if (trackingUrl) lines.push(`Track it on the courier's site: ${trackingUrl}`);
  }
  if (order.status === 'Cancelled' && order.cancelReason)
    lines.push(`Reason: ${mailValue(order.cancelReason)}`);
  if (financialState(order) === 'refund due') {
    const sums = ledgerSums(order);
    const held = formatMoney(fromMinor(sums.surplusMinor, order.currency), order.currency);
    lines.push(
      '',
      `We received ${formatMoney(fromMinor(sums.heldMinor, order.currency), order.currency)} for this order. We will refund ${held} to you the way you paid; we will write again once it is sent.`,
    );
  }
  lines.push('', 'You can follow it under Your Orders.');
  return {
    to: order.address.email,
    subject: `Your Bastaa order #${number} ${STATUS_WORDS[order.status]}`,
    text: lines.join('\n'),
    summary: `order ${order.id} status ${order.status}`,
  };
}

/** When a refund by each method reaches the shopper, in the refund mail's words. */
const REFUND_ARRIVES: Readonly<Record<string, string>> = {
  Card: 'Card refunds usually reach your card within 5 to 10 business days, depending on your bank.',
  'Bank Transfer': 'A bank transfer usually reaches your account within 1 to 3 business days.',
  JazzCash: 'It reaches your JazzCash account within 1 business day.',
  EasyPaisa: 'It reaches your EasyPaisa account within 1 business day.',
};

/**
 * The mail a shopper gets for every refund sent: how much, by which method, when to expect it,
 * and what it paid back (its lines), with what the order still holds.
 */
export function refundMail(order: OrderRecord, entry: LedgerEntry): Mail {
  const number = shortNumber(order.id);
  const amount = formatMoney(entry.amount, order.currency);
  const lines = [
    `Dear ${mailValue(order.address.firstName)},`,
    '',
    `We have refunded ${amount} for your order #${number} by ${paymentLabel(entry.method)}.`,
    REFUND_ARRIVES[entry.method] ??
      'It reaches you the way you paid, usually within 1 to 3 business days.',
  ];
  const refunded = (entry.lines ?? []).map((l) =>
    l.index < 0
      ? 'the delivery fee'
      : `${l.quantity} x ${mailValue(order.items[l.index]?.productName ?? 'item')} (${mailValue(order.items[l.index]?.selectedColor ?? '')})`,
  );
  if (refunded.length > 0) lines.push('', `This refund is for: ${refunded.join('; ')}.`);
  if (entry.reference) lines.push(`Reference: ${mailValue(entry.reference)}`);
  lines.push('', 'You can follow your order under Your Orders.');
  return {
    to: order.address.email,
    subject: `Your Bastaa refund for order #${number}`,
    text: lines.join('\n'),
    summary: `order ${order.id} refund ${entry.id}`,
  };
}
