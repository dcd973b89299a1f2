// Alerts to the shop's orders address: a new order, a cancellation (the shopper's or the shop's), a
// return request (a shopper mail that failed is an operator alert, rate-limited: operator-alerts.ts). Each goes out in the background right after the
// answer (inBackground + waitUntil), so the owner hears within a minute and the caller never
// waits. An alert that cannot be sent is logged, never recorded as a failed shopper mail (an alert
// about a failed alert would loop).
import { shortNumber } from '../../lib/desk.ts';
import { CARD, isAbroad, paymentLabel } from '../../lib/payments.ts';
import { missingBankDetails, type BankDetails } from '../../lib/shop-settings.ts';
import { formatMoney } from '../../lib/money.ts';
import { financialState, fromMinor, ledgerSums } from '../../lib/orders/ledger.ts';
import { type WaitUntil, inBackground } from '../background.ts';
import { deskOrderPath, pushAlertLater, readSettings, shopAddress } from '../operations/index.ts';
import type { Deps } from '../deps.ts';
import { sendMailWithRetry, type Mail } from '../mail.ts';
import type { OrderRecord, ParcelSeen, ReturnRecord } from '../store/port.ts';
import { formatOrderTotal, orderTotalPkr } from '../../lib/orders/money.ts';
import { mailValue } from '../mail-text.ts';

/** Something the shop's orders address is told about. */
export type ShopAlert =
  | { kind: 'new-order'; order: OrderRecord; paidByCard?: boolean }
  | { kind: 'cancelled'; order: OrderRecord; by: 'the shopper' | string }
  | { kind: 'return-requested'; order: OrderRecord; summary?: string }
  | { kind: 'delivery-problem'; order: OrderRecord; courier: string; problem: ParcelSeen };

/** The subject of a delivery problem's alert, by the parcel's state. */
const PROBLEM_SUBJECTS: Readonly<Record<string, string>> = {
  attempted: 'Delivery attempt failed',
  refused: 'Parcel refused',
  returning: 'Parcel on its way back',
  returned: 'Parcel returned (RTO)',
};

/** How a paid online order was paid, as the alert says it: "card", or the wallet's name. */
const paidHow = (o: OrderRecord) => (o.paymentMethod === CARD ? 'card' : o.paymentMethod);

/** The order's essentials, every supplied value through mailValue: name, contact, total, method, items. */
function essentials(o: OrderRecord, paidByCard = false): string[] {
  const total = formatOrderTotal(o.total, o.currency, orderTotalPkr(o));
  const method = mailValue(paymentLabel(o.paymentMethod));
  return [
    `Name: ${mailValue(`${o.address.firstName} ${o.address.lastName}`)}`,
    `E-mail: ${mailValue(o.address.email)}`,
    `Phone: ${mailValue(o.address.mobile)}`,
    `City: ${mailValue(o.address.city)}, ${mailValue(o.address.country)}`,
    `Total: ${total}`,
    `Payment: ${paidByCard ? `${method}, paid by ${paidHow(o)}` : method}`,
    'Items:',
    ...o.items.map(
      (i) => `- ${mailValue(i.productName)} (${mailValue(i.selectedColor)}) x ${i.quantity}`,
    ),
  ];
}

/** The desk's address of an order on the shop's address `site` (a mail's link, a push's tap). */
export function deskOrderLink(site: string, orderId: string): string {
  return `${site.replace(/\/+$/, '')}${deskOrderPath(orderId)}`;
}

/** What the owner is asked to do when a bank-transfer shopper's mail lacked what they need to pay. */
export const BANK_DETAILS_TO_SEND = {
  all: "The shop's bank details are not set, so the shopper's mail could not say where to send the money. Set them in the desk's Settings, and send them to the shopper yourself.",
  swift:
    "The shop's SWIFT/BIC is not set, and this shopper pays from abroad. Add it in the desk's Settings, and send it to the shopper yourself.",
} as const;

/** The owner's to-do for a new order's payment: the bank details its shopper's mail lacked, if any. */
function bankToDo(order: OrderRecord, bank: BankDetails | null): string[] {
  if (order.paymentMethod !== 'Bank Transfer') return [];
  const missing = missingBankDetails(bank, isAbroad(order.address.country));
  return missing ? ['', BANK_DETAILS_TO_SEND[missing]] : [];
}

/**
 * The alert mail to `to`: a short subject with the short order number, then the essentials, and
 * the order's link on the desk at `site` (the shop's address). A new bank-transfer order whose
 * shopper could not be told all of `bank` (the settings' bank details) says what to send them.
 */
export function alertMail(
  alert: ShopAlert,
  to: string,
  site: string,
  bank: BankDetails | null = null,
): Mail {
  const order = alert.order;
  const number = `#${shortNumber(order.id)}`;
  const close = ['', `Open the order on the desk: ${deskOrderLink(site, order.id)}`];
  switch (alert.kind) {
    case 'new-order':
      return {
        to,
        // A plain-ASCII subject: the currency's code, not its symbol, reads the same in every mail program.
        subject: `New order ${number}: ${alert.order.currency} ${alert.order.total.toLocaleString('en-US')}${alert.paidByCard ? `, paid by ${paidHow(order)}` : ''}`,
        text: [
          alert.paidByCard
            ? `A new order ${number} was placed and paid by ${paidHow(order)}.`
            : `A new order ${number} was placed.`,
          '',
          ...essentials(alert.order, alert.paidByCard),
          ...bankToDo(alert.order, bank),
          ...close,
        ].join('\n'),
        summary: `alert: new order ${alert.order.id}`,
      };
    case 'cancelled':
      return {
        to,
        subject: `Order ${number} cancelled`,
        text: [
          `Order ${number} was cancelled by ${mailValue(alert.by)}.`,
          `Reason: ${mailValue(alert.order.cancelReason ?? 'none given')}`,
          ...refundDueLines(alert.order),
          '',
          ...essentials(alert.order),
          ...close,
        ].join('\n'),
        summary: `alert: order ${alert.order.id} cancelled`,
      };
    case 'return-requested':
      return {
        to,
        subject: `Return requested for order ${number}`,
        text: [
          `The shopper asked to return or exchange order ${number}.`,
          ...(alert.summary ? [`Request: ${mailValue(alert.summary)}`] : []),
          '',
          ...essentials(alert.order),
          ...close,
        ].join('\n'),
        summary: `alert: return requested for ${alert.order.id}`,
      };
    case 'delivery-problem':
      return {
        to,
        subject: `${PROBLEM_SUBJECTS[alert.problem.state] ?? 'Delivery problem'}: order ${number}`,
        text: [
          `${mailValue(alert.courier)} reports on order ${number}: ${mailValue(alert.problem.status)}${alert.problem.at ? ` (${mailValue(alert.problem.at)})` : ''}.`,
          ...(alert.problem.state === 'returned'
            ? [
                'The parcel is back with the shop: the order is cancelled as returned (RTO) and its items are marked in stock again.',
              ]
            : []),
          '',
          ...essentials(alert.order),
          ...close,
        ].join('\n'),
        summary: `alert: delivery problem (${alert.problem.state}) on ${alert.order.id}`,
      };
  }
}

/**
 * Mails `alert` to the shop's orders address and pushes it to the members' devices that chose its
 * kind, after the current answer; the platform keeps the instance alive for both through
 * `waitUntil`. Resolves when both went out or failed (logged).
 */
export async function alertShop(
  deps: Deps,
  alert: ShopAlert,
  waitUntil?: WaitUntil,
): Promise<void> {
  await Promise.all([
    inBackground(
      'shop alert',
      async () => {
        // Read when sending: the orders address and bank details the owner set.
        const settings = await readSettings(deps);
        await sendMailWithRetry(
          deps.config,
          alertMail(alert, settings.ordersEmail, shopAddress(deps.config), settings.bankDetails),
        );
      },
      waitUntil,
    ),
    pushAlertLater(deps, alert.kind, alert.order.id, waitUntil),
  ]);
}

/** The cancellation alert for an order just cancelled (read back for its stored reason and items). */
export async function alertCancelled(
  deps: Deps,
  orderId: string,
  by: string,
  waitUntil?: WaitUntil,
): Promise<void> {
  const order = await deps.store.orders.get(orderId);
  if (order) await alertShop(deps, { kind: 'cancelled', order, by }, waitUntil);
}

/** What the shop's orders address needs to hear of a new request (the alerts module sends it). */
export interface ReturnAlert {
  orderId: string;
  number: string;
  kind: ReturnRecord['kind'];
  lines: ReturnRecord['lines'];
  reason: string;
  requestedAt: string;
  shopper: { name: string; email: string; mobile: string };
  paymentMethod: string;
}

/** The return-request alert from what the returns part hands over (its order read back). */
export async function alertReturnRequested(
  deps: Deps,
  request: Pick<ReturnAlert, 'orderId' | 'kind' | 'lines' | 'reason'>,
  waitUntil?: WaitUntil,
): Promise<void> {
  const order = await deps.store.orders.get(request.orderId);
  if (!order) return;
  const lines = request.lines
    .map((l) => `${l.quantity} x ${l.productName} (${l.selectedColor})`)
    .join('; ');
  const summary = `${request.kind}: ${lines}. Reason: ${request.reason}`;
  await alertShop(deps, { kind: 'return-requested', order, summary }, waitUntil);
}

/**
 * What a cancelled order's alert says of money already received: what was sent back already (a
 * card refunded on the cancel), and what refund is still due (the desk lists refunds due under
 * Orders, payment "Refund due"), so it never says a refund is due once it was sent.
 */
function refundDueLines(order: OrderRecord): string[] {
  const sums = ledgerSums(order);
  const money = (minor: number) => formatMoney(fromMinor(minor, order.currency), order.currency);
  if (sums.paidMinor === 0) return [];
  const lines = [`Money was received on this order: ${money(sums.paidMinor)}.`];
  if (sums.refundedMinor > 0) lines.push(`${money(sums.refundedMinor)} was refunded already.`);
  if (sums.pendingMinor > 0) lines.push(`A refund of ${money(sums.pendingMinor)} is being sent.`);
  if (financialState(order) === 'refund due')
    lines.push(`A refund of ${money(sums.surplusMinor - sums.pendingMinor)} is due.`);
  return [lines.join(' ')];
}
