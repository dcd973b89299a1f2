import { shortNumber } from '../../lib/desk.ts';
import { TRACKING_MESSAGES } from '../../lib/messages.ts';
import type { Mail } from '../mail.ts';
import type { OrderRecord } from '../store/port.ts';
import { mailValue } from '../mail-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { financialState, fromMinor, ledgerSums } from '../../lib/orders/ledger.ts';

/**
 * The mail a shopper gets when the shop moves their order: the new status in the Track Order
 * words, the courier and tracking number when it went out for delivery, the reason of a cancel.
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
      : `Your order #${number} is now ${order.status}.`,
    TRACKING_MESSAGES[order.status],
  ];
  if (order.status === 'Out for Delivery' && order.shipping) {
    if (order.shipping.courier) lines.push(`Courier: ${mailValue(order.shipping.courier)}`);
    if (order.shipping.trackingNumber)
      lines.push(`Tracking number: ${mailValue(order.shipping.trackingNumber)}`);
  }
  if (order.status === 'Cancelled' && order.cancelReason)
    lines.push(`Reason: ${mailValue(order.cancelReason)}`);
  if (financialState(order) === 'refund due') {
    const held = formatMoney(
      fromMinor(ledgerSums(order).heldMinor, order.currency),
      order.currency,
    );
    lines.push(
      '',
      `We received ${held} for this order. We will refund ${held} to you the way you paid; we will write again once it is sent.`,
    );
  }
  lines.push('', 'You can follow it under Your Orders.');
  return {
    to: order.address.email,
    subject: `Your Bastaa order #${number} is ${order.status}`,
    text: lines.join('\n'),
    summary: `order ${order.id} status ${order.status}`,
  };
}
