// Shopper mails that must not be lost: order confirmations and order status mails. Each is sent
// with sendMailWithRetry's tries; if it still fails it is recorded (store.mailFailures) as it was
// composed, the shop is alerted, and it is retried later: 5 minutes, 30 minutes, 2 hours and
// 12 hours after, then it waits for a staff member's Resend in the desk. Mails that carry a secret
// (password codes, reset and invitation links) never qualify: they are useless or dangerous late,
// and the shopper or owner can ask for a new one.
//
// Retries run on later requests (after an order is placed, and when the desk lists failed mails)
// and from the CLI (`npm run shop -- mail retry`), not on a schedule: they need no scheduler in
// `npm start` nor a new function in the bundle, and the store's claim keeps two instances from
// sending one mail twice.
import { randomUUID } from 'node:crypto';
import { karachiTime, shortNumber } from '../../lib/desk.ts';
import { DESK_OPS_ANSWERS } from '../../lib/desk-ops.ts';
import { orderPageHref } from '../../lib/orders/page.ts';
import { type WaitUntil, inBackground } from '../background.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound, unavailable } from '../errors.ts';
import { mailOrigin, sendMail, sendMailWithRetry, type Mail } from '../mail.ts';
import type {
  MailFailureKind,
  MailFailureRecord,
  MailFailureState,
  StaffRecord,
} from '../store/port.ts';
import { alertOperator, type AlertDetail } from './operator-alerts.ts';
import { mailValue } from '../mail-text.ts';
import { actorOf, audit } from './audit.ts';
import { orderLinkKey } from './order-link.ts';
import { pushAlertLater } from './push/index.ts';

/** Waits before each automatic retry of a failed mail; after the last, it waits for a Resend. */
export const MAIL_RETRY_AFTER_MS = [5 * 60_000, 30 * 60_000, 2 * 3600_000, 12 * 3600_000] as const;
/** How long one sender holds a failed mail (longer than one SMTP try with its timeouts). */
export const MAIL_CLAIM_MS = 2 * 60_000;

/** What a shopper mail is about, to record it when it fails. */
export interface ShopperMailOf {
  kind: MailFailureKind;
  orderId: string;
}

/** The next automatic try after `attempts` failed sends, or null when retries are over. */
export function nextTry(attempts: number, now: number): number | null {
  const wait = MAIL_RETRY_AFTER_MS[attempts - 1];
  return wait === undefined ? null : now + wait;
}

const reason = (error: unknown) =>
  String((error as { message?: unknown } | null)?.message ?? error).slice(0, 300);

/**
 * A shopper's mail about an order, ending with the link to that order's page on the shop's own
 * address, so every such mail (confirmation, status, refund, return) carries it. The link carries
 * a key that shows that order without signing in for 30 days (./order-link.ts).
 */
export function withOrderLink(
  config: OrderLinkConfig,
  mail: Mail,
  orderId: string,
  now = Date.now(),
): Mail {
  return { ...mail, text: `${mail.text}\nYour order: ${orderLinkUrl(config, orderId, now)}` };
}

type OrderLinkConfig = Pick<
  Deps['config'],
  'SITE_URL' | 'PORT' | 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'
>;

/** The order page's address on the shop, with a key that shows it without signing in (30 days). */
export function orderLinkUrl(config: OrderLinkConfig, orderId: string, now = Date.now()): string {
  const href = orderPageHref(orderId, orderLinkKey(config, orderId, now));
  return new URL(href, mailOrigin(config)).href;
}

/**
 * Sends a shopper's order mail, its order's link added (withOrderLink), with its retries; when it
 * still fails, records it (link included, so a resend is the same mail), alerts the shop and
 * resolves to the record (null when sent). Never throws for a mail failure.
 */
export async function sendShopperMail(
  deps: Deps,
  unlinked: Mail,
  of: ShopperMailOf,
  waitUntil?: WaitUntil,
): Promise<MailFailureRecord | null> {
  const mail = withOrderLink(deps.config, unlinked, of.orderId);
  try {
    await sendMailWithRetry(deps.config, mail);
    return null;
  } catch (error) {
    const now = Date.now();
    const failure: MailFailureRecord = {
      id: randomUUID(),
      kind: of.kind,
      orderId: of.orderId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      error: reason(error),
      attempts: 1,
      state: 'failed',
      createdAt: new Date(now).toISOString(),
      lastTriedAt: new Date(now).toISOString(),
      nextTryAt: nextTry(1, now),
      claimedUntil: null,
      sentAt: null,
      sentBy: null,
    };
    console.error(`[mail] ${of.kind} for ${of.orderId} failed, kept to retry: ${failure.error}`);
    await deps.store.mailFailures.add(failure);
    // Under the storm rule (one mail per window, with a count), not one per order.
    await alertOperator(deps, 'mail-failed', mailFailedAlert(failure), { waitUntil });
    // Each failed mail is pushed (unlike the mail alert, no storm rule): a device shows one
    // notification per order, a newer one replacing it.
    void pushAlertLater(deps, 'mail-failed', of.orderId, waitUntil);
    return failure;
  }
}

/** The operator alert of a shopper mail that failed after its tries (ops-alerts). */
export function mailFailedAlert(failure: MailFailureRecord): AlertDetail {
  const number = `#${shortNumber(failure.orderId)}`;
  return {
    subject: `A mail to a shopper failed (order ${number})`,
    summary: `The mail "${mailValue(failure.subject)}" to ${mailValue(failure.to)} could not be sent.`,
    lines: [`Order: ${number}`, `Error: ${mailValue(failure.error)}`],
  };
}

/** sendShopperMail after the current answer (the platform waits for it through `waitUntil`). */
export function mailShopper(
  deps: Deps,
  mail: Mail,
  of: ShopperMailOf,
  waitUntil?: WaitUntil,
): Promise<void> {
  return inBackground(
    `${of.kind} mail`,
    async () => void (await sendShopperMail(deps, mail, of, waitUntil)),
    waitUntil,
  );
}

/** Sends one claimed failure once and records how it went; returns the settled record. */
async function sendClaimed(
  deps: Deps,
  claimed: MailFailureRecord,
  by: StaffRecord | null,
): Promise<{ record: MailFailureRecord; error: string | null }> {
  const at = new Date().toISOString();
  try {
    await sendMail(deps.config, {
      to: claimed.to,
      subject: claimed.subject,
      text: claimed.text,
      ...(claimed.attachments ? { attachments: claimed.attachments } : {}),
    });
  } catch (error) {
    const message = reason(error);
    const record = await deps.store.mailFailures.settle(claimed.id, {
      sent: false,
      at,
      error: message,
      nextTryAt: nextTry(claimed.attempts, Date.now()),
    });
    return { record: record ?? claimed, error: message };
  }
  const record = await deps.store.mailFailures.settle(claimed.id, {
    sent: true,
    at,
    by: by ? actorOf(by) : null,
  });
  return { record: record ?? claimed, error: null };
}

/** Retries the failed mails that are due at `now` (at most `limit`); counts what was sent and what failed again. */
export async function retryDueMails(
  deps: Deps,
  now = Date.now(),
  limit = 10,
): Promise<{ sent: number; failed: number }> {
  const counts = { sent: 0, failed: 0 };
  for (const id of await deps.store.mailFailures.due(now, limit)) {
    const claimed = await deps.store.mailFailures.claim(id, now, MAIL_CLAIM_MS, false);
    if (!claimed) continue;
    const { error } = await sendClaimed(deps, claimed, null);
    counts[error === null ? 'sent' : 'failed']++;
  }
  return counts;
}

/** retryDueMails after the current answer. */
export function retryDueMailsLater(deps: Deps, waitUntil?: WaitUntil): Promise<void> {
  return inBackground('mail retry', async () => void (await retryDueMails(deps)), waitUntil);
}

/** A failed mail as the desk lists it (its text stays on the server). */
export function toDeskMailFailure(f: MailFailureRecord) {
  return {
    id: f.id,
    kind: f.kind,
    orderId: f.orderId,
    number: shortNumber(f.orderId),
    to: f.to,
    subject: f.subject,
    error: f.error,
    attempts: f.attempts,
    state: f.state,
    failedAt: f.createdAt,
    failedAtKarachi: karachiTime(f.createdAt),
    lastTriedAt: f.lastTriedAt,
    nextTryAt: f.nextTryAt === null ? null : new Date(f.nextTryAt).toISOString(),
    sentAt: f.sentAt,
    sentBy: f.sentBy?.email ?? null,
  };
}

const OPEN: readonly MailFailureState[] = ['failed', 'sending', 'given-up'];

/** The desk's list: failed mails newest first, only those not yet sent unless `all`. */
export async function listMailFailures(
  deps: Deps,
  body: { all?: boolean; limit?: number },
  waitUntil?: WaitUntil,
) {
  const failures = await deps.store.mailFailures.list({
    ...(body.all ? {} : { states: OPEN }),
    limit: body.limit ?? 100,
  });
  // A staff member looking at the list is a good moment to retry what is due.
  void retryDueMailsLater(deps, waitUntil);
  return { success: true as const, failures: failures.map(toDeskMailFailure) };
}

/**
 * A staff member's Resend: claims the failed mail (so of two racing resends one sends and the
 * other is told it is under way), sends it once now, records the outcome and the audit entry.
 */
export async function resendMailFailure(deps: Deps, staff: StaffRecord, id: string) {
  const { store } = deps;
  const before = await store.mailFailures.get(id);
  if (!before) throw notFound(DESK_OPS_ANSWERS.mailNotFound);
  if (before.state === 'sent') throw conflict(DESK_OPS_ANSWERS.mailAlreadySent);
  const claimed = await store.mailFailures.claim(id, Date.now(), MAIL_CLAIM_MS, true);
  if (!claimed) {
    const now = await store.mailFailures.get(id);
    throw conflict(
      now?.state === 'sent' ? DESK_OPS_ANSWERS.mailAlreadySent : DESK_OPS_ANSWERS.mailBeingSent,
    );
  }
  const { record, error } = await sendClaimed(deps, claimed, staff);
  await audit(
    store,
    staff,
    'mail.resend',
    `mail:${id}`,
    { state: before.state, attempts: before.attempts, to: before.to, subject: before.subject },
    { state: record.state, attempts: record.attempts, ...(error ? { error } : {}) },
  );
  if (error !== null) throw unavailable(DESK_OPS_ANSWERS.mailStillFailing(error));
  return {
    success: true as const,
    message: DESK_OPS_ANSWERS.mailResent(record.to),
    failure: toDeskMailFailure(record),
  };
}
