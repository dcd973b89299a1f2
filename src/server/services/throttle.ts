import { HttpError } from '../http.ts';
import type { Store } from '../store/port.ts';

/** A throttling rule: at most `max` hits per `windowMs` for one key. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** Per client address: scaled by THROTTLE_ADDRESS_FACTOR, since many shoppers can share one address. */
  perAddress?: boolean;
}

const MINUTE = 60_000;
/** Login: 5 failed tries per e-mail and 20 per client address in 15 minutes (a success does not count). */
export const LOGIN_PER_EMAIL: Limit = { name: 'login-email', max: 5, windowMs: 15 * MINUTE };
export const LOGIN_PER_ADDRESS: Limit = { name: 'login-ip', max: 20, windowMs: 15 * MINUTE, perAddress: true };
/** Reset codes: 3 requests per e-mail and 10 per address in 15 minutes. */
export const RESET_PER_EMAIL: Limit = { name: 'reset-email', max: 3, windowMs: 15 * MINUTE };
export const RESET_PER_ADDRESS: Limit = { name: 'reset-ip', max: 10, windowMs: 15 * MINUTE, perAddress: true };
/** Registrations: 10 per address per hour. */
export const REGISTER_PER_ADDRESS: Limit = { name: 'register-ip', max: 10, windowMs: 60 * MINUTE, perAddress: true };

/** Counts a hit for each (limit, key) pair and throws 429 with Retry-After when one is over. */
export async function throttle(
  store: Store,
  checks: [Limit, string][],
  message: string,
  opts: { addressFactor?: number; now?: number } = {},
): Promise<void> {
  const now = opts.now ?? Date.now();
  for (const [limit, key] of checks) {
    const { count, resetAt } = await store.limits.hit(`${limit.name}:${key}`, limit.windowMs, now);
    const max = limit.perAddress ? limit.max * (opts.addressFactor ?? 1) : limit.max;
    if (count > max) {
      const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new HttpError(429, message, { 'Retry-After': String(seconds) });
    }
  }
}

/** Takes back this attempt's hit on one (limit, key) pair, e.g. a login that succeeded. */
export function releaseThrottle(store: Store, limit: Limit, key: string): Promise<void> {
  return store.limits.release(`${limit.name}:${key}`);
}

/** Forgets the counter of one (limit, key) pair, e.g. after a successful login. */
export function clearThrottle(store: Store, limit: Limit, key: string): Promise<void> {
  return store.limits.reset(`${limit.name}:${key}`);
}

/** The client's address as the platform reports it. */
export function clientAddress(req: Request, contextIp?: string): string {
  return (
    contextIp ||
    req.headers.get('x-nf-client-connection-ip') ||
    req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown'
  );
}
