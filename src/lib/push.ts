// What a desk member can be alerted of on a device (Web Push), and the words the desk uses for it.
// Pure: the server's sender and the desk's control share these.

/** The kinds of alert a member chooses per device. */
export const PUSH_KINDS = [
  'new-order',
  'cancelled',
  'return-requested',
  'mail-failed',
  'delivery-problem',
] as const;

/** One kind of alert a member may turn on for a device. */
export type PushKind = (typeof PUSH_KINDS)[number];

/** How the desk names each kind on its control. */
export const PUSH_KIND_LABELS: Readonly<Record<PushKind, string>> = {
  'new-order': 'New orders',
  cancelled: 'Cancellations',
  'return-requested': 'Return requests',
  'mail-failed': 'Failed mails',
  'delivery-problem': 'Delivery problems',
};

/** The most devices one member may get alerts on. */
export const MAX_PUSH_DEVICES = 10;

/** The longest push service address the shop keeps, in characters. */
export const MAX_PUSH_ENDPOINT = 1024;

/** The longest device label, in characters. */
export const MAX_PUSH_LABEL = 60;

/** What a push carries to the desk's service worker: its notification and the page a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** The desk's address of the order, on the shop's origin: /desk#/orders/<id>. */
  url: string;
  /** One notification per order and kind: a newer one replaces it. */
  tag: string;
}

/** What the desk's alert calls answer. */
export const PUSH_ANSWERS = {
  added: (label: string) => `Alerts are on for ${label}.`,
  removed: (label: string) => `Alerts are off for ${label}.`,
  notFound: 'No such device among yours.',
  takenByAnother:
    "This device's alerts belong to another member of the desk. They can turn them off on their Alerts; then try again.",
  tooMany: `You can get alerts on at most ${MAX_PUSH_DEVICES} devices. Turn one off first.`,
  httpsOnly: 'The push address must start with https://.',
  notPushService:
    'The push address must be one of the browsers’ push services (Google’s, Mozilla’s, Apple’s or Microsoft’s).',
  credentials: 'The push address must not carry a user name or password.',
  ipLiteral: 'The push address must name a push service, not an IP address.',
  otherPort: 'The push address must use the standard https port (443).',
  resolvesInside:
    'The push address leads to a private or local network address, so the shop will not send to it.',
  lookupFailed:
    'The push service’s address could not be looked up just now. Please try again in a minute.',
  notSetUp:
    'Push alerts are not set up on this shop: its VAPID keys are missing (see the configuration docs).',
} as const;

/** The title of a push of each kind. */
export const PUSH_TITLES: Readonly<Record<PushKind, string>> = {
  'new-order': 'New order',
  cancelled: 'Order cancelled',
  'return-requested': 'Return requested',
  'mail-failed': 'A mail to a shopper failed',
  'delivery-problem': 'Delivery problem',
};

/** A name for this device from its browser and system ("Chrome on Android"). */
export function guessDeviceLabel(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}
