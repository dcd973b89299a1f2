// Sending the desk's alerts to members' devices (Web Push, RFC 8030/8291/8292). The web-push
// library encrypts the payload and signs the VAPID header; the request itself goes through fetch,
// so a timeout is the shop's and a local push service on http:// can be reached in tests. Every
// send runs in the background: a slow or failing push service never delays nor fails an order.
import webpush from 'web-push';
import { shortNumber } from '../../../lib/desk.ts';
import { formatMoney } from '../../../lib/money.ts';
import { PUSH_TITLES, type PushKind, type PushPayload } from '../../../lib/push.ts';
import { type WaitUntil, inBackground } from '../../background.ts';
import type { Deps } from '../../deps.ts';
import { logEvent } from '../../request-log.ts';
import type { OrderRecord, PushSubscriptionRecord } from '../../store/port.ts';
import { pushEndpointProblem } from './endpoint.ts';
import { type VapidKeys, vapidKeys } from './vapid.ts';

/** The desk's path of an order, on the shop's own origin: what a tap on its push opens. */
export const deskOrderPath = (orderId: string): string =>
  `/desk#/orders/${encodeURIComponent(orderId)}`;

/**
 * How long a push service keeps an alert for a device that is off: a day. An order found the next
 * morning is still worth a tap; older, the desk's lists say it better.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * How urgent each kind is (RFC 8030 §5.3): `high` wakes a phone in power saving at once, for what
 * the owner acts on now; the others may wait for the phone's next wake-up.
 */
export const PUSH_URGENCY: Readonly<Record<PushKind, 'high' | 'normal'>> = {
  'new-order': 'high',
  cancelled: 'high',
  'return-requested': 'normal',
  'mail-failed': 'normal',
  'delivery-problem': 'normal',
};

/** How long one push service may take to take a push. */
export const PUSH_TIMEOUT_MS = 10_000;

/** One line of shopper-typed text, short enough for a notification. */
const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The push of `kind` for an order: "#number, total in the order's currency, city", and its screen. */
export function pushPayload(kind: PushKind, order: OrderRecord): PushPayload {
  const number = `#${shortNumber(order.id)}`;
  return {
    title: PUSH_TITLES[kind],
    body: `${number}, ${formatMoney(order.total, order.currency)}, ${oneLine(order.address.city, 60)}`,
    url: deskOrderPath(order.id),
    tag: `${kind}:${order.id}`,
  };
}

/** What became of one push: delivered, the device is gone (removed), or it failed (logged). */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends one push to one device; a 404 or 410 from its push service removes the device. */
export async function sendPush(
  deps: Deps,
  keys: VapidKeys,
  device: PushSubscriptionRecord,
  kind: PushKind,
  payload: PushPayload,
): Promise<PushOutcome> {
  // A device saved before push addresses were checked may name anything: never sent to.
  const refused = pushEndpointProblem(device.endpoint, deps.config.PUSH_SERVICE_STAND_IN);
  if (refused) {
    logEvent('warn', 'push address refused', { kind, device: device.id, reason: refused });
    return 'failed';
  }
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: device.keys },
    JSON.stringify(payload),
    { vapidDetails: keys, TTL: PUSH_TTL_SECONDS, urgency: PUSH_URGENCY[kind] },
  );
  let status: number;
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body as Uint8Array<ArrayBuffer> | null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch (error) {
    logEvent('warn', 'push failed', { kind, device: device.id, error });
    return 'failed';
  }
  if (status === 404 || status === 410) {
    await deps.store.pushSubscriptions.removeEndpoint(device.endpoint);
    logEvent('info', 'push device gone, removed', { kind, device: device.id, status });
    return 'gone';
  }
  if (status < 200 || status >= 300) {
    logEvent('warn', 'push refused', { kind, device: device.id, status });
    return 'failed';
  }
  return 'sent';
}

/**
 * The member whose own action the alert is about (they need no push of it): for a cancel, whoever
 * moved the order to Cancelled last, as its history says; for a new order, the member who took it
 * on the desk (null: the shopper did it).
 */
function actorOf(kind: PushKind, order: OrderRecord): string | null {
  if (kind === 'new-order') return order.takenBy?.id ?? null;
  if (kind !== 'cancelled') return null;
  const cancel = order.history?.findLast((event) => event.to === 'Cancelled');
  return cancel?.by?.id ?? null;
}

/**
 * Pushes an alert of `kind` about an order to every active member's device that chose it, but not
 * to the devices of the member who did it (the owner's own cancel, a member's own phone order);
 * resolves to each device's outcome. Nothing is sent when the shop has no VAPID keys or the order is gone.
 */
export async function pushAlert(
  deps: Deps,
  kind: PushKind,
  orderId: string,
): Promise<PushOutcome[]> {
  const keys = vapidKeys(deps.config);
  if (!keys) return [];
  const devices = await deps.store.pushSubscriptions.listForKind(kind);
  if (devices.length === 0) return [];
  const order = await deps.store.orders.get(orderId);
  if (!order) return [];
  const payload = pushPayload(kind, order);
  const actor = actorOf(kind, order);
  const active = new Map<string, boolean>();
  return Promise.all(
    devices
      .filter((device) => device.staffId !== actor)
      .map(async (device) => {
        if (!active.has(device.staffId)) {
          const member = await deps.store.staff.findById(device.staffId);
          active.set(device.staffId, member?.status === 'active');
        }
        return active.get(device.staffId) ? sendPush(deps, keys, device, kind, payload) : 'failed';
      }),
  );
}

/** pushAlert after the current answer; the platform waits for it through `waitUntil`. */
export function pushAlertLater(
  deps: Deps,
  kind: PushKind,
  orderId: string,
  waitUntil?: WaitUntil,
): Promise<void> {
  return inBackground(
    `${kind} push`,
    async () => void (await pushAlert(deps, kind, orderId)),
    waitUntil,
  );
}
