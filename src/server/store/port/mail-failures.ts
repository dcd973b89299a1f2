// Failed shopper mails, kept to be retried and resent from the desk.

/** Which shopper mails are kept when they fail: order mails only, never one carrying a code or link. */
export type MailFailureKind = 'order-confirmation' | 'order-status' | 'refund';
/** Waiting for a retry, being sent by one sender right now, sent at last, or retried no more. */
export type MailFailureState = 'failed' | 'sending' | 'sent' | 'given-up';

/** A shopper mail that could not be sent after its tries, as it was composed. */
export interface MailFailureRecord {
  id: string;
  kind: MailFailureKind;
  /** The order the mail is about. */
  orderId: string;
  to: string;
  subject: string;
  text: string;
  /** Files the mail carried (a pro-forma invoice), kept so a resend is the same mail. */
  attachments?: { filename: string; contentType: string; base64: string }[];
  /** The last failure, for the desk (the SMTP server's words, never the mail's content). */
  error: string;
  /** Sends tried so far (each after its own SMTP retries). */
  attempts: number;
  state: MailFailureState;
  createdAt: string;
  lastTriedAt: string;
  /** When the next automatic retry is due (ms); null once sent or given up. */
  nextTryAt: number | null;
  /** While 'sending': when the sender's claim lapses (a crashed sender frees it then). */
  claimedUntil: number | null;
  sentAt: string | null;
  /** The staff member whose resend sent it, or null (automatic retry). */
  sentBy: { id: string; email: string } | null;
}

/** How a claimed send ended: sent, or failed again (with the next try, or null to give up). */
export type MailFailureOutcome =
  | { sent: true; at: string; by: { id: string; email: string } | null }
  | { sent: false; at: string; error: string; nextTryAt: number | null };

/** Failed shopper mails. */
export interface MailFailureRepository {
  /** Stores a new failure. */
  add(failure: MailFailureRecord): Promise<void>;
  get(id: string): Promise<MailFailureRecord | null>;
  /** Failures newest first, optionally of some states, at most `limit` (default 100). */
  list(filter?: {
    states?: readonly MailFailureState[];
    limit?: number;
  }): Promise<MailFailureRecord[]>;
  /** Ids of 'failed' failures whose next try is due at `now`, oldest due first, at most `limit`. */
  due(now: number, limit: number): Promise<string[]>;
  /**
   * Claims a failure for one send in one atomic write: when it is 'failed' or 'given-up' (with
   * `manual`: a staff resend), or 'sending' with a lapsed claim, it becomes 'sending' until
   * `now + leaseMs` and its attempts go up by one; returns it, or null (someone else holds it, it
   * was sent, or it does not exist), so two senders never both send one mail.
   */
  claim(
    id: string,
    now: number,
    leaseMs: number,
    manual: boolean,
  ): Promise<MailFailureRecord | null>;
  /** Ends a claimed send (only while 'sending'); returns the updated failure or null. */
  settle(id: string, outcome: MailFailureOutcome): Promise<MailFailureRecord | null>;
}

/** Whether a claim may take this failure now (MailFailureRepository.claim's condition). */
export function claimable(f: MailFailureRecord, now: number, manual: boolean): boolean {
  if (f.state === 'failed') return true;
  if (f.state === 'given-up') return manual;
  return f.state === 'sending' && (f.claimedUntil ?? 0) <= now;
}

/** A claimed failure after its send ended (MailFailureRepository.settle's write). */
export function settled(f: MailFailureRecord, outcome: MailFailureOutcome): MailFailureRecord {
  const base = { ...f, lastTriedAt: outcome.at, claimedUntil: null };
  if (outcome.sent)
    return { ...base, state: 'sent', nextTryAt: null, sentAt: outcome.at, sentBy: outcome.by };
  return {
    ...base,
    state: outcome.nextTryAt === null ? 'given-up' : 'failed',
    nextTryAt: outcome.nextTryAt,
    error: outcome.error,
  };
}
