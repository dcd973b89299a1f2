import { rateLimited } from '../errors.ts';
import type { Store } from '../store/port.ts';
import { logEvent } from '../request-log.ts';

/** A throttling rule: at most `max` hits per `windowMs` for one key. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** Per client address: scaled by THROTTLE_ADDRESS_FACTOR, since many shoppers can share one address. */
  perAddress?: boolean;
}

/**
 * A progressive delay for one account: `free` attempts per `windowMs`, then one attempt per gap
 * that doubles from `firstDelayMs` up to `maxDelayMs`. It slows a guesser down without ever
 * locking the owner out for longer than `maxDelayMs`.
 */
export interface Slowdown {
  name: string;
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const SECOND = 1000;
const MINUTE = 60_000;
/** Login: 20 failed tries per client address in 15 minutes (a success does not count). */
export const LOGIN_PER_ADDRESS: Limit = {
  name: 'login-ip',
  max: 20,
  windowMs: 15 * MINUTE,
  perAddress: true,
};
/**
 * Login: 5 wrong passwords for one e-mail from one address in 15 minutes. Keyed on the pair, never
 * on the e-mail alone: someone failing at an account from their address never keeps its owner,
 * elsewhere, out.
 */
export const LOGIN_PER_EMAIL_ADDRESS: Limit = {
  name: 'login-email-ip',
  max: 5,
  windowMs: 15 * MINUTE,
};
/** Failed logins to one account from any address: its owner is mailed at the 5th in an hour (once an hour). */
export const LOGIN_FAILURE_ALERT: Limit = { name: 'login-failed', max: 5, windowMs: 60 * MINUTE };
/** Reset codes: 10 requests per address in 15 minutes. */
export const RESET_PER_ADDRESS: Limit = {
  name: 'reset-ip',
  max: 10,
  windowMs: 15 * MINUTE,
  perAddress: true,
};
/** Reset mails: at most one a minute per e-mail (a request within it is answered alike and mails nothing). */
export const RESET_MAIL_PER_EMAIL: Limit = { name: 'reset-mail', max: 1, windowMs: MINUTE };
/** Code checks: 30 per address in 15 minutes. */
export const VERIFY_PER_ADDRESS: Limit = {
  name: 'verify-ip',
  max: 30,
  windowMs: 15 * MINUTE,
  perAddress: true,
};
/** Code checks per e-mail: 10 tries an hour (two codes' worth), then 1 s, 2 s, 4 s … up to 60 s between tries. */
export const VERIFY_SLOWDOWN: Slowdown = {
  name: 'verify-email',
  free: 10,
  windowMs: 60 * MINUTE,
  firstDelayMs: SECOND,
  maxDelayMs: MINUTE,
};
/** Newsletter sign-ups: 10 requests per address in 15 minutes; at most one mail per e-mail in 10 minutes. */
export const NEWSLETTER_PER_ADDRESS: Limit = {
  name: 'newsletter-ip',
  max: 10,
  windowMs: 15 * MINUTE,
  perAddress: true,
};
export const NEWSLETTER_MAIL_PER_EMAIL: Limit = {
  name: 'newsletter-mail',
  max: 1,
  windowMs: 10 * MINUTE,
};
/** Registrations: 10 per address per hour. */
export const REGISTER_PER_ADDRESS: Limit = {
  name: 'register-ip',
  max: 10,
  windowMs: 60 * MINUTE,
  perAddress: true,
};

/** The key of a limit on one e-mail from one address. */
export function emailAtAddress(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}

/**
 * Counts a failure on `key` and answers whether it is the one that reaches `limit.max` in the
 * window: true once per window, so whoever is told (by mail) is told once, not at every attempt.
 */
export async function failureAlertDue(
  store: Store,
  limit: Limit,
  key: string,
  now = Date.now(),
): Promise<boolean> {
  return (await store.limits.hit(`${limit.name}:${key}`, limit.windowMs, now)).count === limit.max;
}

/** How often an instance deletes expired counters, at most. */
export const PURGE_EVERY_MS = MINUTE;
const lastPurge = new WeakMap<Store, number>();

/** Deletes expired counters when this instance has not done so for PURGE_EVERY_MS (a row is made per e-mail tried). */
export async function purgeExpired(store: Store, now: number): Promise<void> {
  if (now - (lastPurge.get(store) ?? -Infinity) < PURGE_EVERY_MS) return;
  lastPurge.set(store, now);
  try {
    await store.limits.purge(now);
  } catch (error) {
    // Housekeeping: a failed purge is tried again next time and never fails the request.
    logEvent('error', '[throttle] purge failed', { error });
  }
}

const retryAfterSeconds = (resetAt: number, now: number) =>
  Math.max(1, Math.ceil((resetAt - now) / 1000));

/** Counts a hit for each (limit, key) pair and throws 429 with Retry-After when one is over. */
export async function throttle(
  store: Store,
  checks: [Limit, string][],
  message: string,
  opts: { addressFactor?: number; now?: number } = {},
): Promise<void> {
  const now = opts.now ?? Date.now();
  await purgeExpired(store, now);
  for (const [limit, key] of checks) {
    const { count, resetAt } = await store.limits.hit(`${limit.name}:${key}`, limit.windowMs, now);
    const max = limit.perAddress ? limit.max * (opts.addressFactor ?? 1) : limit.max;
    if (count > max) throw rateLimited(message, retryAfterSeconds(resetAt, now));
  }
}

/** Counts a hit on one (limit, key) pair; true while it is within the limit. Never throws 429. */
export async function withinLimit(
  store: Store,
  limit: Limit,
  key: string,
  now = Date.now(),
): Promise<boolean> {
  return (await store.limits.hit(`${limit.name}:${key}`, limit.windowMs, now)).count <= limit.max;
}

/** The gap a slowdown imposes after its `attempt`-th attempt in the window (0 while attempts are free). */
export function slowdownDelay(rule: Slowdown, attempt: number): number {
  if (attempt < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (attempt - rule.free));
}

/**
 * Counts an attempt on `key` and lets it through, or throws 429 with Retry-After while the gap
 * the previous attempt opened is still running. From the `free`-th attempt on, an attempt opens a
 * gap (a counter whose window is the delay): the hit is atomic, so of parallel attempts only one
 * gets through per gap. A refused attempt is not counted.
 */
export async function slowDown(
  store: Store,
  rule: Slowdown,
  key: string,
  message: (seconds: number) => string,
  now = Date.now(),
): Promise<void> {
  await purgeExpired(store, now);
  const attempts = `${rule.name}:${key}`;
  const { count } = await store.limits.hit(attempts, rule.windowMs, now);
  const delay = slowdownDelay(rule, count);
  if (delay === 0) return;
  const gap = await store.limits.hit(`${rule.name}-gap:${key}`, delay, now);
  if (gap.count === 1) return;
  await store.limits.release(attempts, now);
  const seconds = retryAfterSeconds(gap.resetAt, now);
  throw rateLimited(message(seconds), seconds);
}

/** Takes back one attempt of a slowdown, e.g. one the server could not serve. */
export function releaseSlowdown(
  store: Store,
  rule: Slowdown,
  key: string,
  now = Date.now(),
): Promise<void> {
  return store.limits.release(`${rule.name}:${key}`, now);
}

/** Forgets a slowdown's attempts and gap for `key`, e.g. after a successful login or reset. */
export async function clearSlowdown(store: Store, rule: Slowdown, key: string): Promise<void> {
  await Promise.all([
    store.limits.reset(`${rule.name}:${key}`),
    store.limits.reset(`${rule.name}-gap:${key}`),
  ]);
}

/** Takes back this attempt's hit on one (limit, key) pair, e.g. a login that succeeded. */
export function releaseThrottle(store: Store, limit: Limit, key: string): Promise<void> {
  return store.limits.release(`${limit.name}:${key}`);
}
