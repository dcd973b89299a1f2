// Newsletter subscriptions with double opt-in.

/** How long a newsletter confirmation link works after the mail that carried it (7 days). */
export const PENDING_SUBSCRIPTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A newsletter subscription awaiting or past double opt-in. */
export interface SubscriberRecord {
  email: string;
  status: 'pending' | 'confirmed';
  /** SHA-256 of the confirmation link's token (the token itself only travels in the mail). */
  tokenHash: string | null;
  createdAt: number;
  /**
   * When the current link was mailed (its PENDING_SUBSCRIPTION_MS start then). Absent on records
   * written before links expired: createdAt counts instead.
   */
  requestedAt?: number;
  confirmedAt: number | null;
}

/** Whether a subscription is pending with a link that still works at `now` (mailed at most 7 days before). */
export function subscriptionLinkWorks(record: SubscriberRecord, now: number): boolean {
  return (
    record.status === 'pending' &&
    (record.requestedAt ?? record.createdAt) >= now - PENDING_SUBSCRIPTION_MS
  );
}

/** Newsletter subscribers, one per e-mail (lower-cased). */
export interface SubscriberRepository {
  /**
   * Records a subscription request atomically: a new e-mail becomes pending with this token hash; a
   * pending one gets the new token hash and requestedAt (the latest mail's link works, for 7 days
   * from now); a confirmed one is left as it is. Returns the record as it now stands.
   */
  request(email: string, tokenHash: string, now?: number): Promise<SubscriberRecord>;
  /**
   * The pending subscription holding this token hash while its link works (mailed at most
   * PENDING_SUBSCRIPTION_MS before `now`), changing nothing; null otherwise.
   */
  findPending(tokenHash: string, now?: number): Promise<SubscriberRecord | null>;
  /**
   * Confirms, in one conditional update, the pending subscription holding this token hash while
   * its link works; returns it, or null for an unknown, used or expired link.
   */
  confirm(tokenHash: string, now?: number): Promise<SubscriberRecord | null>;
  /** Deletes the pending subscriptions whose link expired before `now`; returns how many. */
  purgeExpired(now?: number): Promise<number>;
  get(email: string): Promise<SubscriberRecord | null>;
}
