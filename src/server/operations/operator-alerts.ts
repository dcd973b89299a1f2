// Alerts that need a person: an order that could not be saved, a shopper mail that
// failed after its tries, the exchange-rate service down for over an hour (or answering rates the
// shop refuses), the store unreachable. Each mails the shop's alert address, rate-limited per kind:
// the first failure of a 15-minute window (windows aligned to the clock) is mailed, the later ones
// in that window are only counted, and the next mail of that kind says how many there were ("37
// more since 14:00"): the first failure of a later window, or a summary sent after the window
// ended by the next request this instance serves. A storm of 100 failures is one mail.
//
// Where the window state lives: the store's `limits` counters, which every instance shares, so one
// mail goes out per window across all instances. When the store is the thing that is down (the
// store-unreachable kind, or any kind whose counters cannot be reached), the state is kept in this
// instance's memory: each running instance then mails at most once per window per kind.
//
// Everything runs in the background (inBackground + waitUntil): an alert never slows or fails the
// answer it was raised in. Each alert is also one JSON log line ("[alert] …") carrying the request
// id. An alert that cannot be mailed is logged and never alerted about (no loop).
import { karachiTime } from '../../lib/desk.ts';
import { DEFAULT_SETTINGS } from '../../lib/shop-settings.ts';
import { type WaitUntil, inBackground } from '../background.ts';
import type { Config } from '../config.ts';
import { sendMailWithRetry } from '../mail.ts';
import { currentRequest, logEvent } from '../request-log.ts';
import type { LimitRepository, Store } from '../store/port.ts';
import { readSettings } from './settings.ts';

/** What an operator alert is about. */
export type OperatorAlertKind =
  | 'order-not-saved'
  | 'mail-failed'
  | 'rates-down'
  | 'rates-refused'
  | 'store-unreachable'
  | 'card-after-cancel'
  | 'card-mismatch';

/** At most one mail per kind per window of this length (aligned to the clock: :00, :15, :30, :45). */
export const ALERT_WINDOW_MS = 15 * 60_000;
/** How many ended windows a mail looks back over for counts not yet reported. */
export const ALERT_LOOKBACK_WINDOWS = 4;
const COUNTER_LIFE_MS = (ALERT_LOOKBACK_WINDOWS + 2) * ALERT_WINDOW_MS;

/** What the alert mail says, besides the kind's own heading. */
export interface AlertDetail {
  /** One line: the log line's text and the mail's first line. */
  summary: string;
  /** Further lines of the mail (what happened, what to do). */
  lines?: string[];
  /** The mail's subject, when the kind's usual one does not fit. */
  subject?: string;
}

/** What an alert needs: the mail settings, and the store (absent or null when it is the thing that is down). */
export interface AlertDeps {
  config: Partial<
    Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR' | 'ALERT_EMAIL' | 'MAIL_RETRY_WAITS'>
  > &
    Partial<Pick<Config, 'MONGODB_URI' | 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS'>>;
  store?: Store | null;
}

const HEADINGS: Readonly<Record<OperatorAlertKind, { subject: string; action: string[] }>> = {
  'order-not-saved': {
    subject: 'An order could not be saved',
    action: [
      'A shopper pressed Place order and the shop could not save it; they were asked to try again.',
      'Search the function log for the request id below; check the database (Atlas) and /api/health.',
    ],
  },
  'mail-failed': {
    subject: 'A mail to a shopper failed after its retries',
    action: [
      'The mail is kept and retried automatically; the desk lists it under Failed mails with a Resend button.',
      'Many at once usually means the mail service (SMTP_URL) is down or its password changed.',
    ],
  },
  'rates-down': {
    subject: 'The exchange-rate service has been down for over an hour',
    action: [
      'Orders abroad need a rate no older than 24 hours; without one they are refused with "Orders in … are paused".',
      "Check RATES_URL (npm run shop -- doctor explains the error) and the service's status page.",
    ],
  },
  'rates-refused': {
    subject: 'Exchange rates refused',
    action: [],
  },
  'card-after-cancel': {
    subject: 'A card was paid for an order that is cancelled',
    action: [
      "The shop asks Safepay to refund the card at once. Check the refund in Safepay's dashboard;",
      'if it is not there within a day, refund it from the dashboard by hand and tell the shopper.',
    ],
  },
  'card-mismatch': {
    subject: "A card payment differs between Safepay and the shop's books",
    action: [
      "Open the order on the desk and the payment in Safepay's dashboard. A refund Safepay made that",
      'the shop has not recorded, or one the shop recorded that Safepay did not make, is listed above.',
    ],
  },
  'store-unreachable': {
    subject: 'The database is unreachable',
    action: [
      'Every call answers "The shop is temporarily unavailable" until it is back.',
      'Check the cluster in Atlas (paused? network access list? password rotated?) and /api/health.',
    ],
  },
};

/** A counter store with the throttle counters' semantics (LimitRepository.hit and release). */
export type AlertCounters = Pick<LimitRepository, 'hit' | 'release'>;

/** Counters in this instance's memory, for when the store cannot be reached. */
export function memoryCounters(): AlertCounters {
  const counters = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs, now = Date.now()) {
      const row = counters.get(key);
      const live = row !== undefined && row.resetAt > now;
      const next = {
        count: live ? row.count + 1 : 1,
        resetAt: live ? row.resetAt : now + windowMs,
      };
      counters.set(key, next);
      for (const [k, v] of counters) if (v.resetAt <= now) counters.delete(k);
      return { ...next };
    },
    async release(key, now = Date.now()) {
      const row = counters.get(key);
      if (row && row.resetAt > now && row.count > 0) row.count -= 1;
    },
  };
}

/** This instance's counters (the store-unreachable kind, and any kind while the store is down). */
const local = memoryCounters();

/** Windows in which this instance counted a failure without mailing it: a summary is due once each ends. */
const unreported = new Map<string, { kind: OperatorAlertKind; shared: boolean; window: number }>();

const windowOf = (now: number) => Math.floor(now / ALERT_WINDOW_MS);
const eventsKey = (kind: OperatorAlertKind, window: number) => `alert:${kind}:${window}`;
const claimKey = (kind: OperatorAlertKind, window: number) => `alert-summary:${kind}:${window}`;

/**
 * Counts one failure of `kind` at `now`: true when it is the first of its window (mail it), false
 * when it is counted for a later mail.
 */
async function countFailure(
  counters: AlertCounters,
  kind: OperatorAlertKind,
  now: number,
): Promise<boolean> {
  const { count } = await counters.hit(eventsKey(kind, windowOf(now)), COUNTER_LIFE_MS, now);
  return count === 1;
}

/**
 * The failures of `kind` counted and not yet mailed in the windows that ended before `now`'s (up to
 * ALERT_LOOKBACK_WINDOWS back): each window's report is claimed once (an atomic counter), so of
 * two instances only one reports it. Answers how many, and since when.
 */
async function takeUnreported(
  counters: AlertCounters,
  kind: OperatorAlertKind,
  now: number,
): Promise<{ count: number; since: number } | null> {
  const current = windowOf(now);
  let count = 0;
  let since = Infinity;
  for (let window = current - 1; window >= current - ALERT_LOOKBACK_WINDOWS; window--) {
    const claim = await counters.hit(claimKey(kind, window), COUNTER_LIFE_MS, now);
    if (claim.count !== 1) continue;
    // Reads the window's count without changing it: a hit answers it plus one, a release takes it back.
    const key = eventsKey(kind, window);
    const events = (await counters.hit(key, COUNTER_LIFE_MS, now)).count - 1;
    await counters.release(key, now);
    // The window's first failure was mailed when it happened; the rest were only counted.
    if (events > 1) {
      count += events - 1;
      since = window * ALERT_WINDOW_MS;
    }
  }
  return count > 0 ? { count, since } : null;
}

/** "37 more since 14:00" (Karachi time). */
export function moreSince(count: number, since: number): string {
  const time = karachiTime(since).split(' ').at(-1);
  return `${count} more since ${time}`;
}

/**
 * A run of digits that is an order's number (`#` and its 8 characters, which are all digits for
 * about one order in 40), not a card or wallet number: the owner finds the order by it.
 */
const orderNumberAt = (text: string, offset: number, match: string) =>
  text[offset - 1] === '#' && /^\d{8}$/.test(match);

// Anything that looks like a secret is cut out of an alert before it is logged or mailed.
const SECRET_PATTERNS: [RegExp, string][] = [
  // Credentials in a URL (mongodb+srv://user:password@…, smtp://user:password@…).
  [/\b([a-z][\w+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, '$1***:***@'],
  // JSON web tokens (a shopper's or staff member's session).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // Bearer tokens, and values given to password-like fields ("password=…", "token: …").
  [/\b(bearer\s+)[\w.~+/-]+=*/gi, '$1[hidden]'],
  [/\b(token|password|passwd|pwd|secret)(\s*[=:]\s*)"?[^\s",;]+/gi, '$1$2[hidden]'],
];
// Card and wallet numbers: a run of 8 or more digits keeps its last 4 (an order's number stays).
const LONG_NUMBER = /\b(?:\d[ -]?){4,}(\d{4})\b/g;

/** `text` with credentials, tokens, the configured secrets and long card or wallet numbers removed. */
export function withoutSecrets(text: string, config: AlertDeps['config'] = {}): string {
  let out = text;
  for (const secret of [config.JWT_SECRET, config.JWT_SECRET_PREVIOUS, config.MONGODB_URI])
    if (secret) out = out.split(secret).join('[hidden]');
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(LONG_NUMBER, (match, last4: string, offset: number, whole: string) =>
    orderNumberAt(whole, offset, match) ? match : `…${last4}`,
  );
}

/**
 * The address alerts go to: the shop settings' orders address, or, when the store cannot be read,
 * ALERT_EMAIL, else the shop's default address.
 */
export async function alertAddress(deps: AlertDeps): Promise<string> {
  const fallback = deps.config.ALERT_EMAIL ?? DEFAULT_SETTINGS.ordersEmail;
  if (!deps.store) return fallback;
  try {
    return (await readSettings({ store: deps.store })).ordersEmail;
  } catch (error) {
    logEvent('warn', '[alert] settings unreadable, mailing the fallback address', { error });
    return fallback;
  }
}

async function mailAlert(
  deps: AlertDeps,
  kind: OperatorAlertKind,
  subject: string,
  lines: string[],
): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR, MAIL_RETRY_WAITS } = deps.config;
  if (!MAIL_FROM || !DATA_DIR) return;
  const to = await alertAddress(deps);
  await sendMailWithRetry(
    { SMTP_URL, MAIL_FROM, DATA_DIR, MAIL_RETRY_WAITS },
    { to, subject, text: lines.join('\n'), summary: `alert: ${kind}` },
  );
}

const FOOTER = [
  '',
  `At most one mail per kind every ${ALERT_WINDOW_MS / 60_000} minutes: later ones are counted and the next mail says how many.`,
];

/** Counts on the store's shared counters, or this instance's when the store is down (shared: false). */
async function onCounters<T>(
  deps: AlertDeps,
  kind: OperatorAlertKind,
  work: (counters: AlertCounters) => Promise<T>,
): Promise<{ value: T; shared: boolean }> {
  if (deps.store && kind !== 'store-unreachable') {
    try {
      return { value: await work(deps.store.limits), shared: true };
    } catch (error) {
      logEvent('warn', '[alert] store counters unreachable, counting in memory', { error });
    }
  }
  return { value: await work(local), shared: false };
}

/**
 * Raises an operator alert: logs it now (one JSON line with the request id), then, after the
 * answer, mails the alert address if it is the first of its kind in this window, with the count of
 * earlier failures not yet reported; otherwise counts it. Never throws; resolves when done.
 */
export function alertOperator(
  deps: AlertDeps,
  kind: OperatorAlertKind,
  detail: AlertDetail,
  opts: { waitUntil?: WaitUntil; now?: number } = {},
): Promise<void> {
  const now = opts.now ?? Date.now();
  // What the caller supplied (error messages, addresses) is cleaned; the fixed wording is not.
  const clean = (text: string) => withoutSecrets(text, deps.config);
  const summary = clean(detail.summary);
  logEvent('error', `[alert] ${summary}`, { alert: kind });
  const request = currentRequest();
  return inBackground(
    `${kind} alert`,
    async () => {
      const { value, shared } = await onCounters(deps, kind, async (counters) => {
        const first = await countFailure(counters, kind, now);
        return { first, earlier: first ? await takeUnreported(counters, kind, now) : null };
      });
      if (!value.first) {
        unreported.set(`${kind}:${shared}:${windowOf(now)}`, {
          kind,
          shared,
          window: windowOf(now),
        });
        return;
      }
      const heading = HEADINGS[kind];
      const more = value.earlier ? moreSince(value.earlier.count, value.earlier.since) : null;
      const subject = `${detail.subject ? clean(detail.subject) : heading.subject}${more ? ` (and ${more})` : ''}`;
      await mailAlert(deps, kind, subject, [
        summary,
        ...(detail.lines ?? []).map(clean),
        ...(heading.action.length ? ['', ...heading.action] : []),
        ...(more ? ['', `Not mailed one by one: ${more} (Karachi time).`] : []),
        ...(request ? ['', `Request id: ${request.requestId} (reference ${request.ref})`] : []),
        `When: ${karachiTime(now)} (Karachi time)`,
        ...FOOTER,
      ]);
    },
    opts.waitUntil,
  );
}

/**
 * After a window in which this instance counted failures without mailing them has ended, mails one
 * summary per kind ("37 more since 14:00") unless another mail already reported them. Cheap when
 * nothing is due (no store access); the web layer calls it after every answer.
 */
export function reportCountedAlerts(
  loadDeps: () => Promise<AlertDeps>,
  opts: { waitUntil?: WaitUntil; now?: number } = {},
): Promise<void> | null {
  const now = opts.now ?? Date.now();
  const due = [...unreported.entries()].filter(([, u]) => u.window < windowOf(now));
  if (due.length === 0) return null;
  for (const [key] of due) unreported.delete(key);
  return inBackground(
    'alert summary',
    async () => {
      const deps = await loadDeps();
      const kinds = new Map<string, { kind: OperatorAlertKind; shared: boolean }>();
      for (const [, u] of due) kinds.set(`${u.kind}:${u.shared}`, u);
      for (const { kind, shared } of kinds.values()) {
        const counters = shared && deps.store ? deps.store.limits : local;
        const earlier = await takeUnreported(counters, kind, now);
        if (!earlier) continue;
        const more = moreSince(earlier.count, earlier.since);
        logEvent('error', `[alert] ${kind}: ${more}`, { alert: kind, count: earlier.count });
        await mailAlert(deps, kind, `${HEADINGS[kind].subject}: ${more}`, [
          `${HEADINGS[kind].subject}: ${more} (Karachi time), after the mail that reported the first one.`,
          ...(HEADINGS[kind].action.length ? ['', ...HEADINGS[kind].action] : []),
          ...FOOTER,
        ]);
      }
    },
    opts.waitUntil,
  );
}
