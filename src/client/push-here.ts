// What the desk reads of this browser's push before any alerts control is used: whether it can
// get push at all, and the desk's current subscription. Small and free of imports, so the orders
// list can say whether this device gets alerts without loading the rest (./push-device.ts).

/** The desk's service worker and the scope it serves (its Service-Worker-Allowed header allows /desk). */
export const DESK_WORKER = { url: '/desk/sw.js', scope: '/desk' } as const;

/** Whether this browser can get push alerts at all. */
export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** This device's current push subscription, as JSON, or null when it has none. */
export async function currentSubscription(): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(DESK_WORKER.scope);
  const sub = await reg?.pushManager.getSubscription();
  return sub ? sub.toJSON() : null;
}
