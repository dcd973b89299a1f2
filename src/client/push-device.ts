// This browser's side of the desk's push alerts: the desk's service worker (public/desk/sw.js,
// scope /desk), the notification permission and the push manager's subscription. Loaded only with
// the alerts control, never with the desk's first script.

import { DESK_WORKER, currentSubscription, pushSupported } from './push-here.ts';

export { DESK_WORKER, currentSubscription, pushSupported };

/** What the browser answers about notifications: granted, denied, or not asked yet. */
export const notificationPermission = (): NotificationPermission =>
  pushSupported() ? Notification.permission : 'denied';

/** The desk's worker registration, registering it when there is none yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(DESK_WORKER.scope);
  if (existing) return existing;
  await navigator.serviceWorker.register(DESK_WORKER.url, { scope: DESK_WORKER.scope });
  return navigator.serviceWorker.ready;
}

/** Why this device could not subscribe, in the member's words. */
export class PushRefused extends Error {
  override name = 'PushRefused';
}

/** What the member is told when the browser has push but cannot use it here. */
export const PUSH_UNAVAILABLE_HERE =
  'Push alerts cannot work in this window: a private or incognito window, or a browser without a push service, cannot get them. Open the desk in a normal window of Chrome, Edge, Firefox or Safari; alerts by e-mail go on meanwhile.';

/**
 * Asks for permission to notify (if not yet given), registers the desk's worker and subscribes to
 * pushes signed with `publicKey`; answers the subscription to send to the shop.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushRefused('This browser cannot show push alerts.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefused(
      'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.',
    );
  try {
    const reg = await registration();
    const existing = await reg.pushManager.getSubscription();
    const sub =
      existing ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    return sub.toJSON();
  } catch {
    // The browser's own words ("AbortError: Registration failed - push service not available")
    // tell the member nothing they can act on.
    throw new PushRefused(PUSH_UNAVAILABLE_HERE);
  }
}

/** Ends this device's push subscription, if it has one. */
export async function unsubscribeDevice(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration(DESK_WORKER.scope);
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}
