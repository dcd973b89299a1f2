// COD orders the shopper confirms before they ship (src/lib/orders/cod-confirmation.ts has the
// rule). A waiting order gets a message with Confirm / Cancel links: by WhatsApp when it is
// connected, else (or when the send fails) in the order's confirmation mail, and the record says
// which. The links open a page whose buttons answer (a GET never does: WhatsApp and mail clients
// fetch links to preview them). Each answer, a member's "Confirm by phone" and the deadline's
// cancel are one conditional write on the waiting record, so of two racing exactly one wins and
// a replay changes nothing.
import { karachiTime, shortNumber } from '../../lib/desk.ts';
import { formatMoney } from '../../lib/money.ts';
import { internationalMobile } from '../../lib/phone.ts';
import {
  COD_CANCEL_REASON,
  COD_CONFIRM_MESSAGES,
  COD_EXPIRY_REASON,
  awaitsConfirmation,
  confirmPageHref,
  type CodConfirmation,
} from '../../lib/orders/cod-confirmation.ts';
import type { CodAnswerBody, CodKeyBody } from '../../lib/contract/order-page-requests.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../errors.ts';
import { mailOrigin, type Mail } from '../mail.ts';
import { MessagingError, messagingFromConfig } from '../messaging/index.ts';
import {
  actorOf,
  audit,
  codConfirmKey,
  mailShopper,
  orderOfCodConfirmKey,
  readSettings,
  retryDueMailsLater,
} from '../operations/index.ts';
import { logEvent } from '../request-log.ts';
import type { OrderRecord, StaffRecord } from '../store/port.ts';
import { statusMail } from './desk-mail.ts';
import { confirmationMail } from './order-mail.ts';
import { alertCancelled, alertShop } from './shop-alerts.ts';

/** Refuses a move a waiting order may not make: it is packed only once confirmed. */
export function checkCodMove(order: OrderRecord, to: OrderStatus): void {
  if (to === 'Packing' && awaitsConfirmation(order))
    throw conflict(COD_CONFIRM_MESSAGES.packingRefused);
}

/** The Confirm and Cancel links of a waiting order, on the shop's own address. */
function confirmLinks(deps: Pick<Deps, 'config'>, order: OrderRecord, c: CodConfirmation) {
  const key = codConfirmKey(deps.config, order.id, c.deadline);
  const origin = mailOrigin(deps.config);
  return {
    confirm: new URL(confirmPageHref(order.id, key), origin).href,
    cancel: new URL(confirmPageHref(order.id, key, 'cancel'), origin).href,
  };
}

/** The order's confirmation mail, with the links (a fallback) or the note that WhatsApp has them. */
function awaitingMail(
  order: OrderRecord,
  base: Mail,
  c: CodConfirmation,
  links: { confirm: string; cancel: string } | null,
): Mail {
  const deadline = karachiTime(c.deadline);
  const lines = links
    ? [
        '',
        `Please confirm your cash on delivery order before ${deadline} (Pakistan time), or it will be cancelled:`,
        `Confirm: ${links.confirm}`,
        `Cancel: ${links.cancel}`,
      ]
    : [
        '',
        `We sent you a WhatsApp message to confirm your cash on delivery order. Please tap Confirm in it before ${deadline} (Pakistan time), or the order will be cancelled.`,
      ];
  return {
    ...base,
    subject: `Please confirm your Bastaa order #${shortNumber(order.id)}`,
    text: `${base.text}\n${lines.join('\n')}`,
  };
}

/**
 * Sends a waiting order's Confirm / Cancel links by WhatsApp (to the delivery address's mobile),
 * and answers how it went: the channel, or the reason it falls back to e-mail.
 */
async function sendByWhatsapp(
  deps: Deps,
  order: OrderRecord,
  c: CodConfirmation,
  links: { confirm: string; cancel: string },
): Promise<{ sent: true } | { sent: false; fallback: string }> {
  const whatsapp = messagingFromConfig(deps.config);
  if (!whatsapp) return { sent: false, fallback: 'WhatsApp is not connected' };
  const to = internationalMobile(order.address.mobile);
  if (!to) return { sent: false, fallback: 'The mobile number is not a Pakistani mobile' };
  try {
    await whatsapp.sendTemplate({
      to,
      template: deps.config.WHATSAPP_TEMPLATE,
      language: deps.config.WHATSAPP_TEMPLATE_LANGUAGE,
      bodyParameters: [
        order.address.firstName,
        `#${shortNumber(order.id)}`,
        formatMoney(order.total, order.currency),
        karachiTime(c.deadline),
        links.confirm,
        links.cancel,
      ],
    });
    return { sent: true };
  } catch (error) {
    const reason = error instanceof MessagingError ? error.message : String(error);
    logEvent('warn', 'the COD confirmation went by e-mail: WhatsApp failed', {
      order: order.id,
      error: reason,
    });
    return { sent: false, fallback: reason.slice(0, 300) };
  }
}

/**
 * After a COD order that waits for its confirmation was stored: the links by WhatsApp (else in the
 * mail), the record of how they went, the order's confirmation mail, and the shop's new-order
 * alert. In the background: the shopper's answer never waits for WhatsApp.
 */
export function askCodConfirmation(deps: Deps, order: OrderRecord, waitUntil?: WaitUntil): void {
  void inBackground(
    'COD confirmation',
    async () => {
      const c = order.codConfirmation!;
      const links = confirmLinks(deps, order, c);
      const whatsapp = await sendByWhatsapp(deps, order, c, links);
      const recorded: CodConfirmation = {
        ...c,
        channel: whatsapp.sent ? 'whatsapp' : 'email',
        sentAt: new Date().toISOString(),
        ...(whatsapp.sent ? {} : { fallback: whatsapp.fallback }),
      };
      // Null when the shopper or a member answered first: the answer stands, nothing is lost.
      await deps.store.orders.writeCodConfirmation(order.id, recorded);
      const base = confirmationMail(order, await readSettings(deps));
      await mailShopper(
        deps,
        awaitingMail(order, base, c, whatsapp.sent ? null : links),
        { kind: 'order-confirmation', orderId: order.id },
        waitUntil,
      );
    },
    waitUntil,
  );
  void alertShop(deps, { kind: 'new-order', order }, waitUntil);
  void retryDueMailsLater(deps, waitUntil);
}

/** The waiting order a Confirm / Cancel key opens for the number it came with, or 404. */
async function orderOfKey(deps: Pick<Deps, 'store' | 'config'>, body: CodKeyBody) {
  const orderId = orderOfCodConfirmKey(deps.config, body.key);
  const wanted = body.number.replace(/^#/, '').toUpperCase();
  const order =
    orderId && shortNumber(orderId) === wanted ? await deps.store.orders.get(orderId) : null;
  if (!order?.codConfirmation) throw notFound(COD_CONFIRM_MESSAGES.badKey);
  return order;
}

/** Where an order's confirmation stands as the page shows it. */
function confirmState(order: OrderRecord): 'waiting' | 'confirmed' | 'cancelled' {
  if (order.status === 'Cancelled') return 'cancelled';
  return order.codConfirmation?.state === 'waiting' ? 'waiting' : 'confirmed';
}

/** What the confirmation page shows of the order its link names. */
export async function showCodConfirmation(deps: Pick<Deps, 'store' | 'config'>, body: CodKeyBody) {
  const order = await orderOfKey(deps, body);
  return {
    success: true as const,
    number: shortNumber(order.id),
    state: confirmState(order),
    deadline: order.codConfirmation!.deadline,
    deadlineText: karachiTime(order.codConfirmation!.deadline),
    total: formatMoney(order.total, order.currency),
    items: order.items.map((i) => ({
      productName: i.productName,
      selectedColor: i.selectedColor,
      quantity: i.quantity,
    })),
  };
}

/** The answer to a Confirm or Cancel that found the order already settled that way (a replay). */
function settledAnswer(order: OrderRecord, answer: CodAnswerBody['answer']) {
  const state = confirmState(order);
  if (state === 'confirmed' && answer === 'confirm')
    return { success: true as const, state, message: COD_CONFIRM_MESSAGES.confirmed };
  if (state === 'cancelled' && answer === 'cancel')
    return { success: true as const, state, message: COD_CONFIRM_MESSAGES.cancelled };
  if (state === 'confirmed') throw conflict(COD_CONFIRM_MESSAGES.alreadyConfirmed);
  throw conflict(COD_CONFIRM_MESSAGES.alreadyCancelled);
}

/**
 * The shopper's answer from the confirmation page: Confirm marks the order confirmed (it may be
 * packed); Cancel cancels it with a reason, mails the shopper and alerts the shop, as a cancel from
 * Your Orders does. Once settled, the same answer again is answered the same and changes nothing;
 * the other answer is refused.
 */
export async function answerCodConfirmation(
  deps: Deps,
  body: CodAnswerBody,
  waitUntil?: WaitUntil,
) {
  const order = await orderOfKey(deps, body);
  if (!awaitsConfirmation(order)) return settledAnswer(order, body.answer);
  const at = new Date().toISOString();
  const c = order.codConfirmation!;
  const cancel = body.answer === 'cancel';
  const written = await deps.store.orders.writeCodConfirmation(
    order.id,
    { ...c, state: cancel ? 'cancelled' : 'confirmed', answeredAt: at, answeredBy: 'shopper' },
    cancel
      ? {
          cancelReason: COD_CANCEL_REASON,
          event: { at, from: 'Order Placed', to: 'Cancelled', by: null, note: COD_CANCEL_REASON },
        }
      : {
          event: {
            at,
            from: 'Order Placed',
            to: 'Order Placed',
            by: null,
            note: COD_CONFIRM_MESSAGES.shopperNote,
          },
        },
  );
  if (!written) {
    // Another answer came first (a member's call, the deadline, another tab): say what it was.
    const now = await deps.store.orders.get(order.id);
    return settledAnswer(now ?? order, body.answer);
  }
  if (cancel) {
    void mailShopper(
      deps,
      statusMail(written)!,
      { kind: 'order-status', orderId: order.id },
      waitUntil,
    );
    void alertCancelled(deps, order.id, 'the shopper', waitUntil);
  }
  return settledAnswer(written, body.answer);
}

/**
 * A member confirms a waiting order for a customer who called (audited). Answers the order as it
 * now stands; an order not waiting is refused with what it is.
 */
export async function confirmCodByPhone(
  deps: Deps,
  staff: StaffRecord,
  order: OrderRecord,
): Promise<OrderRecord> {
  if (!awaitsConfirmation(order)) throw conflict(COD_CONFIRM_MESSAGES.notWaiting);
  const at = new Date().toISOString();
  const by = actorOf(staff);
  const written = await deps.store.orders.writeCodConfirmation(
    order.id,
    { ...order.codConfirmation!, state: 'confirmed', answeredAt: at, answeredBy: by },
    {
      event: {
        at,
        from: 'Order Placed',
        to: 'Order Placed',
        by,
        note: COD_CONFIRM_MESSAGES.phoneNote,
      },
    },
  );
  if (!written) throw conflict(COD_CONFIRM_MESSAGES.notWaiting);
  await audit(
    deps.store,
    staff,
    'order.confirm',
    `order:${order.id}`,
    { confirmation: 'waiting' },
    { confirmation: 'confirmed by phone' },
  );
  return written;
}

/**
 * Cancels every order whose confirmation deadline passed unanswered, with the reason "Not
 * confirmed in time", and mails each shopper. Each cancel is conditional on the order still
 * waiting, so a second run (or two at once) cancels nothing more; answers the ids cancelled.
 */
export async function cancelUnconfirmedCodOrders(
  deps: Deps,
  now = new Date(),
  waitUntil?: WaitUntil,
): Promise<string[]> {
  const placed = await deps.store.orders.list({ status: 'Order Placed' });
  const due = placed.filter(
    (o) => awaitsConfirmation(o) && Date.parse(o.codConfirmation!.deadline) <= now.getTime(),
  );
  const cancelled: string[] = [];
  for (const order of due) {
    const at = now.toISOString();
    const written = await deps.store.orders.writeCodConfirmation(
      order.id,
      { ...order.codConfirmation!, state: 'cancelled', answeredAt: at, answeredBy: 'deadline' },
      {
        cancelReason: COD_EXPIRY_REASON,
        event: { at, from: 'Order Placed', to: 'Cancelled', by: null, note: COD_EXPIRY_REASON },
      },
    );
    if (!written) continue;
    cancelled.push(order.id);
    void mailShopper(
      deps,
      statusMail(written)!,
      { kind: 'order-status', orderId: order.id },
      waitUntil,
    );
  }
  return cancelled;
}
