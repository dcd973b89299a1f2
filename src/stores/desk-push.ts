// The member's devices that get push alerts, and this device's part: turning alerts on asks the
// browser for permission and a push subscription, then tells the shop; turning them off here ends
// the subscription too. The browser's push code (src/client/push-device.ts) loads with the first
// action, not with the desk.
import { atom } from 'nanostores';
import { alertsMissingAtFirstDraw } from '../lib/alerts-banner.ts';
import type { DeskPushDevices } from '../lib/contract/desk-push.ts';
import type { PushKind } from '../lib/push.ts';
import { currentSubscription, pushSupported } from '../client/push-here.ts';
import { deskCall } from '../client/desk-calls.ts';
import { callDesk } from './desk-call.ts';
import { act, load, resourceAtom } from './desk-resource.ts';
import { $sessionAlerts, takeSessionAlerts } from './desk.ts';
import { notify } from './desk-session.ts';

/** The member's devices and the shop's public key, as last loaded or changed. */
export const $pushDevices = resourceAtom<DeskPushDevices>();

// Once the devices are read or changed here (Settings' This device), the session's first answer
// may be out of date: the orders list's next check asks the server.
$pushDevices.listen(() => void takeSessionAlerts());

/** This device's push address, once known (null: it gets no pushes). */
export const $thisDevice = atom<string | null>(null);

/** Whether this browser can get push alerts (known once the devices are loaded). */
export const $pushSupported = atom<boolean>(true);

const device = () => import('../client/push-device.ts');

/** Loads the member's devices, and which of them this one is (./push-here.ts: no push code yet). */
export const loadPushDevices = (): Promise<boolean> =>
  load($pushDevices, async () => {
    $pushSupported.set(pushSupported());
    const [answer, here] = await Promise.all([
      callDesk('deskPushDevices', {}),
      currentSubscription(),
    ]);
    $thisDevice.set(here?.endpoint ?? null);
    return answer;
  });

/** A digest as the server writes it: SHA-256 in base64url. */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Whether the orders list's banner is drawn at once, from this browser, the session's answer and
 * `remembered` (this device's last verdict): src/lib/alerts-banner.ts.
 */
export const alertsMissingAtFirstDrawHere = (remembered: string | null): boolean =>
  alertsMissingAtFirstDraw({
    supported: pushSupported(),
    alerts: $sessionAlerts.get(),
    remembered,
  });

/**
 * Whether this device gets no alerts though push is set up and this browser can show them (the
 * orders list's banner). Read from the session's answer (the one the desk started with, the first
 * time; asked again after), whose parser the desk's first screen already has, and this browser's
 * subscription: the devices call's heavier parsers wait for a tap.
 */
export async function alertsMissingHere(): Promise<boolean> {
  if (!pushSupported()) return false;
  const started = takeSessionAlerts();
  const [alerts, here] = await Promise.all([
    started ?? deskCall('deskMe', {}).then((me) => me.alerts),
    currentSubscription(),
  ]);
  if (!alerts.ready) return false;
  return !here?.endpoint || !alerts.devices.includes(await digest(here.endpoint));
}

/**
 * Turns alerts on for this device with every kind and the device's guessed name (the orders
 * list's one tap; Settings' This device changes either).
 */
export async function turnOnEverythingHere(): Promise<boolean> {
  const [{ PUSH_KINDS, guessDeviceLabel }] = await Promise.all([
    import('../lib/push.ts'),
    $pushDevices.get().data ? null : loadPushDevices(),
  ]);
  return turnOnHere([...PUSH_KINDS], guessDeviceLabel(navigator.userAgent));
}

/** Turns alerts on (or changes them) for this device; answers whether the shop saved it. */
export async function turnOnHere(kinds: PushKind[], label: string): Promise<boolean> {
  const publicKey = $pushDevices.get().data?.publicKey;
  if (!publicKey) return false;
  const { PushRefused, PUSH_UNAVAILABLE_HERE, subscribeDevice } = await device();
  let subscription: PushSubscriptionJSON;
  try {
    subscription = await subscribeDevice(publicKey);
  } catch (error) {
    // Our own words only: a browser's error message is not for the member.
    notify('error', error instanceof PushRefused ? error.message : PUSH_UNAVAILABLE_HERE);
    return false;
  }
  const answer = await act($pushDevices, () =>
    callDesk('deskPushAdd', {
      subscription: subscription as {
        endpoint: string;
        keys: { p256dh: string; auth: string };
      },
      kinds,
      label,
    }),
  );
  if (!answer) return false;
  $pushDevices.set({ ...$pushDevices.get(), data: answer });
  $thisDevice.set(subscription.endpoint ?? null);
  return true;
}

/** Turns alerts off for one of the member's devices (this one: its subscription ends too). */
export async function turnOff(id: string): Promise<boolean> {
  const target = $pushDevices.get().data?.devices.find((d) => d.id === id);
  const answer = await act($pushDevices, () => callDesk('deskPushRemove', { id }));
  if (!answer) return false;
  $pushDevices.set({ ...$pushDevices.get(), data: answer });
  if (target && target.endpoint === $thisDevice.get()) {
    await (await device()).unsubscribeDevice();
    $thisDevice.set(null);
  }
  return true;
}
