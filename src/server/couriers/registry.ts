// The couriers the shop can book with, by name. A new courier is one adapter module and one entry
// here; nothing above the port names a courier.
import type { CourierTransport } from './http.ts';
import { leopardsCourier } from './leopards.ts';
import type { CourierAdapter } from './port.ts';
import { postexCourier } from './postex.ts';

/** A courier's account: its name and its keys. */
export type CourierAccount =
  | { courier: 'postex'; token: string; pickupAddressCode?: string }
  | { courier: 'leopards'; apiKey: string; apiPassword: string };

/** The registry's names. */
export type CourierName = CourierAccount['courier'];

/**
 * Each courier: how the desk names it, where a shopper follows a parcel on the courier's own site
 * (its public tracking page, by consignment number), and how its adapter is made from an account.
 */
export const COURIERS: {
  readonly [name in CourierName]: {
    label: string;
    trackingPage: (trackingNumber: string) => string;
    create: (
      account: Extract<CourierAccount, { courier: name }>,
      transport: CourierTransport,
    ) => CourierAdapter;
  };
} = {
  postex: {
    label: 'PostEx',
    trackingPage: (cn) => `https://postex.pk/tracking?cn=${encodeURIComponent(cn)}`,
    create: (account, transport) => postexCourier({ ...account, ...transport }),
  },
  leopards: {
    label: 'Leopards',
    trackingPage: (cn) => `https://www.leopardscourier.com/tracking?cn=${encodeURIComponent(cn)}`,
    create: (account, transport) => leopardsCourier({ ...account, ...transport }),
  },
};

/** The courier's tracking page for a booked parcel, or null when the courier is not one the shop knows. */
export function trackingPageOf(courier: string, trackingNumber: string): string | null {
  return isCourierName(courier) ? COURIERS[courier].trackingPage(trackingNumber) : null;
}

/** The registry's names, in the desk's order. */
export const COURIER_NAMES = Object.keys(COURIERS) as CourierName[];

/** Whether `name` is a courier the shop knows. */
export const isCourierName = (name: string): name is CourierName => Object.hasOwn(COURIERS, name);

/** The adapter for an account. */
export function courierAdapter(
  account: CourierAccount,
  transport: CourierTransport = {},
): CourierAdapter {
  switch (account.courier) {
    case 'postex':
      return COURIERS.postex.create(account, transport);
    case 'leopards':
      return COURIERS.leopards.create(account, transport);
  }
}
