// Web Push subscriptions: one per device (the push service's endpoint) of one desk member, with the
// kinds of alert the member chose for it.
import type { PushKind } from '../../../lib/push.ts';

/** A device a member gets alerts on. */
export interface PushSubscriptionRecord {
  id: string;
  staffId: string;
  /** The push service's address for this device: unique across the shop. */
  endpoint: string;
  /** The device's public key (P-256, base64url) and auth secret (16 bytes, base64url). */
  keys: { p256dh: string; auth: string };
  kinds: PushKind[];
  /** How the member knows the device ("Chrome on Android"). */
  label: string;
  createdAt: string;
}

/** The desk members' devices that get alerts. */
export interface PushSubscriptionRepository {
  /**
   * Saves a device's subscription, one per endpoint: an endpoint the same member already holds is
   * replaced (new keys, kinds or label; its id and createdAt kept). Returns the record as stored,
   * or null when another member holds the endpoint (nothing changed).
   */
  save(record: PushSubscriptionRecord): Promise<PushSubscriptionRecord | null>;
  /** A member's devices, oldest first. */
  listByStaff(staffId: string): Promise<PushSubscriptionRecord[]>;
  /** Every device, of any member, that chose `kind`. */
  listForKind(kind: PushKind): Promise<PushSubscriptionRecord[]>;
  /** Removes a member's device by id; false when there is none of that member (nothing changed). */
  remove(id: string, staffId: string): Promise<boolean>;
  /** Removes the device at `endpoint` (the push service said it is gone); answers how many went. */
  removeEndpoint(endpoint: string): Promise<number>;
  /** Removes every device of a member (removed, or signed out everywhere); answers how many went. */
  removeAllOf(staffId: string): Promise<number>;
}
