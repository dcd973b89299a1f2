// When a shopper may change an order's delivery address, and what counts as a change. The address
// may change while the order is Order Placed and no courier is booked for it (packing has not
// started, no airway bill carries the old address), and only within its country: the country
// decided the order's currency, delivery fee and payment methods. The delivery fee depends on the
// country alone (src/lib/delivery.ts), so a change within it never changes what the order costs.
import type { Address } from '../contract/checkout.ts';

/**
 * What the order page's Change address says. Kept beside its rule rather than in messages.ts: a
 * module is never split between bundles, and messages.ts rides with /Checkout's first load, so
 * these would weigh on every checkout (the order page loads them only with the form).
 */
export const ADDRESS_MESSAGES = {
  // The server's refusals (kept here, not in messages.ts, which /Checkout loads).
  addressLocked: (status: string) =>
    `This order is ${status === 'Order Placed' ? 'booked with the courier' : status}, so its delivery address can no longer be changed. Please contact customer care.`,
  tooManyAddressChanges:
    'You have changed this address several times in the last hour. Please wait before changing it again.',
  changed: 'Your delivery address has been changed.',
  failed: 'Unable to change the address at the moment. Please try again.',
  countryFixed:
    "The country cannot be changed: it decides the order's currency, delivery fee and payment. To ship to another country, cancel this order and place a new one.",
} as const;

/** What the rule needs of an order. */
export interface AddressChangeOrder {
  status: string;
  /** A courier booking exists (claimed or booked). */
  booked: boolean;
}

/** True while the order's shopper may still change its delivery address. */
export function canChangeAddress(order: AddressChangeOrder): boolean {
  return order.status === 'Order Placed' && !order.booked;
}

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'address1',
  'address2',
  'country',
  'city',
  'state',
  'zip',
  'mobile',
] as const satisfies readonly (keyof Address)[];

/** True when two addresses say the same, an absent Address 2 being an empty one. */
export function sameAddress(a: Address, b: Address): boolean {
  return FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));
}

/** The address on one line, as the audit log keeps it: 'Sana Malik, 12 Canal View, Lahore, Punjab 54000, Pakistan, 0300 1234567'. */
export function addressOneLine(a: Address): string {
  return [
    `${a.firstName} ${a.lastName}`,
    a.address1,
    a.address2 ?? '',
    a.city,
    [a.state, a.zip].filter(Boolean).join(' '),
    a.country,
    a.mobile,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}
