// Shipping updates by WhatsApp, for a shopper who ticked "Send shipping updates to my WhatsApp" at
// checkout: when their order goes out for delivery and when it is delivered, a template message
// with the order's link (and the courier's tracking page, when the parcel was booked with one)
// goes to the number they opted in with, beside the status mail, which always goes. It is sent
// where the status mail is, after the move's own conditional write, so a replayed move (refused,
// or a tracking run that finds the order already moved) sends nothing more. A failed send is
// logged and changes nothing: the move has happened, and the mail says the same.
import { shortNumber } from '../../lib/desk.ts';
import { STATUS_WORDS } from '../../lib/messages.ts';
import type { OrderStatus } from '../../lib/orders/moves.ts';
import { internationalMobile } from '../../lib/phone.ts';
import { inBackground, type WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { MessagingError, messagingFromConfig, type TemplateMessage } from '../messaging/index.ts';
import { orderLinkUrl } from '../operations/index.ts';
import { logEvent } from '../request-log.ts';
import type { OrderRecord } from '../store/port.ts';
import { parcelTrackingUrl } from './courier-view.ts';

/** The moves a shopper who opted in hears of by WhatsApp: the parcel on its way, and arrived. */
export const WHATSAPP_UPDATE_STATUSES: readonly OrderStatus[] = ['Out for Delivery', 'Delivered'];

/**
 * The opt-in an order keeps, or null when it keeps none: only for a ticked box, a Pakistani mobile
 * (WhatsApp is sent to Pakistani numbers only, as the COD confirmation is) and a shop with WhatsApp
 * connected. Anything else is ignored, not refused: a box ticked on a page built before WhatsApp
 * was disconnected must not stop the order.
 */
export function whatsappUpdatesOptIn(
  deps: Pick<Deps, 'config'>,
  ticked: boolean | undefined,
  address: { country: string; mobile: string },
  at: Date,
): { to: string; optedInAt: string } | null {
  if (ticked !== true || address.country !== 'Pakistan') return null;
  const to = internationalMobile(address.mobile);
  if (!to || !messagingFromConfig(deps.config)) return null;
  return { to, optedInAt: at.toISOString() };
}

/**
 * The template message of an update: the approved template's five body parameters, in order: the
 * shopper's first name, the order number (#3A4030A3), what happened in the status mail's words
 * ("is out for delivery"), the order's link, and the courier's tracking page (or, with none,
 * the order's link again: a parameter may not be empty).
 */
export function shippingUpdateMessage(
  deps: Pick<Deps, 'config'>,
  order: OrderRecord,
  to: string,
  now = Date.now(),
): TemplateMessage {
  const orderLink = orderLinkUrl(deps.config, order.id, now);
  return {
    to,
    template: deps.config.WHATSAPP_SHIPPING_TEMPLATE,
    language: deps.config.WHATSAPP_TEMPLATE_LANGUAGE,
    bodyParameters: [
      order.address.firstName,
      `#${shortNumber(order.id)}`,
      STATUS_WORDS[order.status],
      orderLink,
      parcelTrackingUrl(order) ?? orderLink,
    ],
  };
}

/**
 * After a move the shop made (on the desk, by the CLI or by the courier's tracking): the update by
 * WhatsApp in the background, when the order opted in and the move is one of
 * WHATSAPP_UPDATE_STATUSES. Call it once per successful move, beside its status mail.
 */
export function sendShippingUpdate(deps: Deps, order: OrderRecord, waitUntil?: WaitUntil): void {
  const optIn = order.whatsappUpdates;
  if (!optIn || !WHATSAPP_UPDATE_STATUSES.includes(order.status)) return;
  void inBackground(
    'WhatsApp shipping update',
    async () => {
      const whatsapp = messagingFromConfig(deps.config);
      if (!whatsapp) {
        logEvent('warn', 'a WhatsApp shipping update was not sent: WhatsApp is not connected', {
          order: order.id,
          status: order.status,
        });
        return;
      }
      try {
        await whatsapp.sendTemplate(shippingUpdateMessage(deps, order, optIn.to));
      } catch (error) {
        logEvent('warn', 'a WhatsApp shipping update failed (the status mail went)', {
          order: order.id,
          status: order.status,
          error: error instanceof MessagingError ? error.message : String(error),
        });
      }
    },
    waitUntil,
  );
}
