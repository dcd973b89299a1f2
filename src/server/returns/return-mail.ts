// The mail a shopper gets at every step of their return or exchange: what happens now and what
// comes next, in the FAQ's words and figures. Supplied values (names, reasons, references, courier)
// go through mailValue, inside lines that start with the shop's own words.
import { describeRefundAccount } from '../../lib/returns/refund-account.ts';
import { karachiTime, shortNumber } from '../../lib/desk.ts';
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { formatMoney } from '../../lib/money.ts';
import { POLICY_TEXT } from '../../lib/policy.ts';
import { RETURN_STATE_LABELS } from '../../lib/returns/rules.ts';
import type { Mail } from '../mail.ts';
import type { OrderRecord, ReturnRecord } from '../store/port.ts';
import { mailValue } from '../mail-text.ts';

const isCod = (o: OrderRecord) => o.paymentMethod === 'COD';

/** What the shop says at each step, after the opening line. */
function stepLines(o: OrderRecord, r: ReturnRecord): string[] {
  const thing = r.kind === 'return' ? 'return' : 'exchange';
  switch (r.state) {
    case 'requested':
      return [
        `We have received your ${thing} request and will review it shortly.`,
        'Items:',
        ...r.lines.map(
          (l) => `- ${mailValue(l.productName)} (${mailValue(l.selectedColor)}) x ${l.quantity}`,
        ),
        `Your reason: ${mailValue(r.reason)}`,
      ];
    case 'approved':
      return [
        `Your ${thing} has been approved.`,
        POLICY_TEXT.pickup,
        'We will tell you the pick-up time. Please keep the items unused, with their tags and original packaging.',
        ...(r.kind === 'return' && isCod(o) && r.refundAccount
          ? [
              `Your refund will be sent to the ${describeRefundAccount(r.refundAccount)} you gave us.`,
            ]
          : []),
        ...(r.kind === 'exchange' ? [POLICY_TEXT.exchangeShipping] : []),
      ];
    case 'refused':
      return [
        `We are sorry: we cannot accept this ${thing}.`,
        `Reason: ${mailValue(r.refusalReason)}`,
        'Reply to this e-mail if you have any question.',
      ];
    case 'pickupScheduled':
      return [
        `Our courier will pick up the items between ${karachiTime(r.pickup!.from)} and ${karachiTime(r.pickup!.to)} (Pakistan time).`,
        'Please pack them in their original packaging with your order number on a note inside.',
      ];
    case 'received':
      return r.kind === 'return'
        ? ['We have received the returned items.', POLICY_TEXT.refund]
        : ['We have received the items. We will ship your exchange soon.'];
    case 'refunded':
      return [
        `We have refunded ${formatMoney(r.refund!.amountPkr, BASE_CURRENCY)} by ${r.refund!.method}.`,
        `Reference: ${mailValue(r.refund!.reference)}`,
        'It may take a few working days to show in your account.',
      ];
    case 'exchangeShipped':
      return [
        'Your exchange is on its way.',
        ...(r.exchangeShipping?.courier
          ? [`Courier: ${mailValue(r.exchangeShipping.courier)}`]
          : []),
        ...(r.exchangeShipping?.trackingNumber
          ? [`Tracking number: ${mailValue(r.exchangeShipping.trackingNumber)}`]
          : []),
      ];
  }
}

/** The shopper's mail for the step their order's request is now at. */
export function returnMail(order: OrderRecord & { returnRequest: ReturnRecord }): Mail {
  const r = order.returnRequest;
  const number = shortNumber(order.id);
  const what = r.kind === 'return' ? 'return' : 'exchange';
  return {
    to: order.address.email,
    subject: `Your Bastaa ${what} for order #${number}: ${RETURN_STATE_LABELS[r.state]}`,
    text: [
      `Dear ${mailValue(order.address.firstName)},`,
      '',
      `About the ${what} for your order #${number}:`,
      ...stepLines(order, r),
      '',
      'You can follow it under Your Orders.',
    ].join('\n'),
    summary: `order ${order.id} ${what} ${r.state}`,
  };
}
