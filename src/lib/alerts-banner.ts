// Whether the orders list draws its "no push alerts here" banner at once, before this device's push
// subscription is known (an asynchronous read of the service worker). A banner that arrived after
// the list pushed every order down as the member went to tap one (Lighthouse's CLS 0.199 on the
// order list), so the first draw decides from what is known synchronously, and the read that
// follows only corrects a guess that was wrong.

/** What the first draw knows: the browser, the session's word on alerts, this device's last verdict. */
export interface AlertsFirstDraw {
  /** Whether this browser can get push alerts at all. */
  supported: boolean;
  /** The session's answer: push set up on the site, and the member's devices (null: not known). */
  alerts: { ready: boolean; devices: readonly string[] } | null;
  /** The verdict this device kept from its last read ('1' missing, '0' on; null: never read). */
  remembered: string | null;
}

/**
 * Missing for sure when the member has no device with alerts at all; else as this device last found
 * (a member with alerts on another device, on a device never read, waits for the read).
 */
export function alertsMissingAtFirstDraw({
  supported,
  alerts,
  remembered,
}: AlertsFirstDraw): boolean {
  if (!supported || !alerts?.ready) return false;
  return alerts.devices.length === 0 || remembered === '1';
}
