// When the checkout's "Send shipping updates to my WhatsApp" applies, apart from the checkout's
// rules so that the phone rule loads with the box (after the shopper types a mobile), not with
// the page.
import { isPakistaniMobile } from './phone.ts';

/**
 * Whether "Send shipping updates to my WhatsApp" applies to the form as filled in: an order to
 * Pakistan with a Pakistani mobile (the shop's WhatsApp messages Pakistani numbers only). The page
 * offers it only when the shop has WhatsApp connected.
 */
export function offersWhatsappUpdates(fields: { country: string; mobile: string }): boolean {
  return fields.country === 'Pakistan' && isPakistaniMobile(fields.mobile);
}
