// A desk member's devices that get push alerts: each member lists, adds and removes only their own.
// An endpoint is the browser's push address for one device; it belongs to one member at a time, so
// a second member signed in on the same browser cannot take over the first one's alerts.
import { createHash, randomUUID } from 'node:crypto';
import { MAX_PUSH_DEVICES, PUSH_ANSWERS } from '../../../lib/push.ts';
import type { DeskPushAddBody } from '../../../lib/contract/desk-push.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalid, notFound, unavailable } from '../../errors.ts';
import type { PushSubscriptionRecord, StaffRecord, Store } from '../../store/port.ts';
import { checkPushEndpoint, systemResolveHost, type ResolveHost } from './endpoint.ts';
import { vapidKeys } from './vapid.ts';

/** A device as the member's alerts control lists it (its keys stay on the server). */
const toDevice = (s: PushSubscriptionRecord) => ({
  id: s.id,
  label: s.label,
  kinds: s.kinds,
  endpoint: s.endpoint,
  createdAt: s.createdAt,
});

async function devicesOf(deps: Deps, staff: StaffRecord) {
  return {
    publicKey: vapidKeys(deps.config)?.publicKey ?? null,
    devices: (await deps.store.pushSubscriptions.listByStaff(staff.id)).map(toDevice),
  };
}

/**
 * What the desk's first screen needs to say whether this device gets alerts, without the devices
 * call: whether push is set up here, and a digest of each of the member's devices' push address
 * (SHA-256, base64url), which the browser compares with its own subscription's.
 */
export async function alertsAtStart(deps: Deps, staff: StaffRecord) {
  return {
    ready: vapidKeys(deps.config) !== null,
    devices: (await deps.store.pushSubscriptions.listByStaff(staff.id)).map((s) =>
      createHash('sha256').update(s.endpoint).digest('base64url'),
    ),
  };
}

/** The member's devices and the key a new one subscribes with. */
export async function listPushDevices(deps: Deps, staff: StaffRecord) {
  return { success: true as const, ...(await devicesOf(deps, staff)) };
}

/**
 * Turns alerts on for one of the member's devices (or changes its kinds and name): only a push
 * service's address (endpoint.ts; `resolve` answers its name's addresses); another member's device
 * and an 11th device are refused.
 */
export async function addPushDevice(
  deps: Deps,
  staff: StaffRecord,
  body: DeskPushAddBody,
  resolve: ResolveHost = systemResolveHost,
) {
  if (!vapidKeys(deps.config)) throw unavailable(PUSH_ANSWERS.notSetUp);
  const { endpoint, keys } = body.subscription;
  const refused = await checkPushEndpoint(endpoint, {
    standIn: deps.config.PUSH_SERVICE_STAND_IN,
    resolve,
  });
  if (refused) throw (refused.lookupFailed ? unavailable : invalid)(refused.problem);
  const held = await deps.store.pushSubscriptions.listByStaff(staff.id);
  if (held.length >= MAX_PUSH_DEVICES && !held.some((s) => s.endpoint === endpoint))
    throw conflict(PUSH_ANSWERS.tooMany);
  const saved = await deps.store.pushSubscriptions.save({
    id: randomUUID(),
    staffId: staff.id,
    endpoint,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
    kinds: [...new Set(body.kinds)],
    label: body.label,
    createdAt: new Date().toISOString(),
  });
  if (!saved) throw conflict(PUSH_ANSWERS.takenByAnother);
  return {
    success: true as const,
    message: PUSH_ANSWERS.added(saved.label),
    ...(await devicesOf(deps, staff)),
  };
}

/** Turns alerts off for one of the member's own devices; any other id is a 404. */
export async function removePushDevice(deps: Deps, staff: StaffRecord, body: { id: string }) {
  const device = (await deps.store.pushSubscriptions.listByStaff(staff.id)).find(
    (s) => s.id === body.id,
  );
  if (!device || !(await deps.store.pushSubscriptions.remove(device.id, staff.id)))
    throw notFound(PUSH_ANSWERS.notFound);
  return {
    success: true as const,
    message: PUSH_ANSWERS.removed(device.label),
    ...(await devicesOf(deps, staff)),
  };
}

/** Forgets every device of a member: they were removed, or signed out everywhere. */
export async function forgetPushDevices(store: Store, staffId: string): Promise<void> {
  await store.pushSubscriptions.removeAllOf(staffId);
}
