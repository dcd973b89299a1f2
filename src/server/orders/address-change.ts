// A shopper changes the delivery address of their own order from its page, while it is Order
// Placed and not booked with a courier, within its country (src/lib/orders/address-change.ts).
// The store's one conditional write decides a race with the desk's move to Packing: whichever is
// written first wins, and the other is refused with nothing changed. Sending the same address
// again answers as the first time and writes nothing, so a retried request is harmless.
import { countryPartErrors } from '../../lib/address-format.ts';
import type { Address } from '../../lib/contract/checkout.ts';
import { ORDER_MESSAGES } from '../../lib/messages.ts';
import {
  ADDRESS_MESSAGES,
  addressOneLine,
  canChangeAddress,
  sameAddress,
} from '../../lib/orders/address-change.ts';
import type { WaitUntil } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { audit, mailShopper, throttle, type Limit } from '../operations/index.ts';
import type { OrderRecord, UserRecord } from '../store/port.ts';
import { addressChangedMail } from './order-mail.ts';
import { orderPage } from './order-page.ts';

/** Address changes: 10 per order in an hour (each mails the shopper). */
export const ADDRESS_CHANGES_PER_ORDER: Limit = {
  name: 'address-change',
  max: 10,
  windowMs: 60 * 60_000,
};

/** How the audit log names the shopper who changed their order (never their e-mail). */
const shopperActor = (userId: string) => ({ id: `shopper:${userId}`, email: 'the shopper' });

/** Why `order` may not take `address` now, or null when it may. */
function refusal(order: OrderRecord, address: Address) {
  if (!canChangeAddress({ status: order.status, booked: order.courierBooking !== undefined }))
    return conflict(ADDRESS_MESSAGES.addressLocked(order.status));
  if (address.country !== order.address.country) return invalid(ADDRESS_MESSAGES.countryFixed);
  const parts = countryPartErrors(address);
  const missing = parts.state ?? parts.zip;
  return missing ? invalid(missing) : null;
}

/**
 * Changes the delivery address of `user`'s order `orderId`: the timeline records it, the audit
 * log keeps the old and new addresses, and the shopper is mailed the new one (and the old
 * recipient too when the e-mail changed). Another shopper's order, or an unknown one, is
 * "Order not found.".
 */
export async function changeOrderAddress(
  deps: Deps,
  user: UserRecord,
  orderId: string,
  address: Address,
  waitUntil?: WaitUntil,
): Promise<ReturnType<typeof orderPage> & { message: string }> {
  const { store } = deps;
  const order = await store.orders.get(orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_MESSAGES.notFound);
  // The same address again (a retry whose answer was lost) is the change already made.
  if (sameAddress(order.address, address))
    return { ...orderPage(order), message: ADDRESS_MESSAGES.changed };
  const refused = refusal(order, address);
  if (refused) throw refused;
  await throttle(
    store,
    [[ADDRESS_CHANGES_PER_ORDER, order.id]],
    ADDRESS_MESSAGES.tooManyAddressChanges,
  );
  const changed = await store.orders.changeAddress(order.id, user.id, address, {
    at: new Date().toISOString(),
    from: 'Order Placed',
    to: 'Order Placed',
    by: null,
    change: 'address',
  });
  if (!changed) {
    // The desk moved it (or booked it) first: say what it is now; nothing was changed.
    const now = await store.orders.get(order.id);
    throw (now && refusal(now, address)) ?? conflict(ADDRESS_MESSAGES.addressLocked(order.status));
  }
  await audit(
    store,
    shopperActor(user.id),
    'order.address',
    `order:${order.id}`,
    { address: addressOneLine(order.address) },
    { address: addressOneLine(address) },
  );
  const recipients = new Set([address.email, order.address.email]);
  for (const to of recipients)
    void mailShopper(
      deps,
      { ...addressChangedMail(changed), to },
      { kind: 'order-status', orderId: order.id },
      waitUntil,
    );
  return { ...orderPage(changed), message: ADDRESS_MESSAGES.changed };
}
