// The signed key in a mailed order link (/yourOrders/order?n=…&k=…): it shows that one order to
// whoever holds the mail, without signing in, until it expires. An HMAC of the order's id and the
// expiry under the server's signing key, written here rather than as a JWT: it is made while a
// mail is composed (synchronously), carries two values and is read by this shop alone.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { signingKey, verifyingKeys } from '../secret.ts';

/** A mailed order link shows its order for 30 days from the mail (each later mail brings a fresh one). */
export const ORDER_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type KeyConfig = Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'>;

// The order's id (a UUID), the expiry in seconds, and 128 bits of the MAC.
const KEY_SHAPE = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{22})$/;

const mac = (key: Uint8Array, orderId: string, expires: number) =>
  createHmac('sha256', key)
    .update(`order-link\u0000${orderId}\u0000${expires}`)
    .digest()
    .subarray(0, 16);

/**
 * The link key of order `orderId` (its id, so the order is read in one lookup; the expiry; the
 * MAC), valid for ORDER_LINK_TTL_MS from `now`.
 */
export function orderLinkKey(config: KeyConfig, orderId: string, now = Date.now()): string {
  const expires = Math.floor((now + ORDER_LINK_TTL_MS) / 1000);
  return `${orderId}.${expires}.${mac(signingKey(config), orderId, expires).toString('base64url')}`;
}

/**
 * The order id a link key opens, when it is a key this shop made (with the current signing key
 * or, during a rotation, the previous one) and has not expired at `now`; null for anything else
 * (an altered id or expiry, an expired or malformed key).
 */
export function orderOfLinkKey(config: KeyConfig, key: string, now = Date.now()): string | null {
  const parts = KEY_SHAPE.exec(key);
  if (!parts) return null;
  const [, orderId, seconds, tag] = parts as unknown as [string, string, string, string];
  const expires = Number(seconds);
  if (expires * 1000 <= now) return null;
  const given = Buffer.from(tag, 'base64url');
  if (given.length !== 16) return null;
  const holds = verifyingKeys(config).some((k) => timingSafeEqual(mac(k, orderId, expires), given));
  return holds ? orderId : null;
}
