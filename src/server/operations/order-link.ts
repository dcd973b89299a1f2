// The signed key in a mailed order link (/yourOrders/order?n=…&k=…): it shows that one order to
// whoever holds the mail, without signing in, until it expires. An HMAC of the order's id and the
// expiry under the server's signing key, written here rather than as a JWT: it is made while a
// mail is composed (synchronously), carries two values and is read by this shop alone.
//
// The Confirm / Cancel links of a COD order waiting for its shopper's confirmation carry a key of
// the same shape under another purpose, expiring at the order's deadline: a view link's key does
// not confirm an order, and a confirmation key does not open the order page.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { signingKey, verifyingKeys } from '../secret.ts';

/** A mailed order link shows its order for 30 days from the mail (each later mail brings a fresh one). */
export const ORDER_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type KeyConfig = Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'>;

// The order's id (a UUID), the expiry in seconds, and 128 bits of the MAC.
const KEY_SHAPE = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{22})$/;

/** What a key opens: the order page, or the order's COD confirmation. */
type Purpose = 'order-link' | 'cod-confirm';

const mac = (key: Uint8Array, orderId: string, expires: number, purpose: Purpose = 'order-link') =>
  createHmac('sha256', key)
    .update(`${purpose}\u0000${orderId}\u0000${expires}`)
    .digest()
    .subarray(0, 16);

const keyOf = (config: KeyConfig, orderId: string, expires: number, purpose: Purpose) =>
  `${orderId}.${expires}.${mac(signingKey(config), orderId, expires, purpose).toString('base64url')}`;

/** The order id a key of `purpose` names, when this shop made it and it has not expired at `now`. */
function orderOfKey(config: KeyConfig, key: string, now: number, purpose: Purpose): string | null {
  const parts = KEY_SHAPE.exec(key);
  if (!parts) return null;
  const [, orderId, seconds, tag] = parts as unknown as [string, string, string, string];
  const expires = Number(seconds);
  if (expires * 1000 <= now) return null;
  const given = Buffer.from(tag, 'base64url');
  // Only the MAC's one spelling: the last character's low bits are not part of the 16 bytes, so
  // another letter there decodes to the same MAC, and would make two keys of one.
  if (given.length !== 16 || given.toString('base64url') !== tag) return null;
  const holds = verifyingKeys(config).some((k) =>
    timingSafeEqual(mac(k, orderId, expires, purpose), given),
  );
  return holds ? orderId : null;
}

/**
 * The link key of order `orderId` (its id, so the order is read in one lookup; the expiry; the
 * MAC), valid for ORDER_LINK_TTL_MS from `now`.
 */
export function orderLinkKey(config: KeyConfig, orderId: string, now = Date.now()): string {
  return keyOf(config, orderId, Math.floor((now + ORDER_LINK_TTL_MS) / 1000), 'order-link');
}

/**
 * The order id a link key opens, when it is a key this shop made (with the current signing key
 * or, during a rotation, the previous one) and has not expired at `now`; null for anything else
 * (an altered id or expiry, an expired or malformed key).
 */
export function orderOfLinkKey(config: KeyConfig, key: string, now = Date.now()): string | null {
  return orderOfKey(config, key, now, 'order-link');
}

/** The key of order `orderId`'s Confirm / Cancel links, valid until `deadline` (ISO 8601). */
export function codConfirmKey(config: KeyConfig, orderId: string, deadline: string): string {
  return keyOf(config, orderId, Math.floor(Date.parse(deadline) / 1000), 'cod-confirm');
}

/**
 * The order id a Confirm / Cancel key names, when this shop made it for that purpose and its
 * deadline has not passed at `now`; null for anything else (a view link's key included).
 */
export function orderOfCodConfirmKey(
  config: KeyConfig,
  key: string,
  now = Date.now(),
): string | null {
  return orderOfKey(config, key, now, 'cod-confirm');
}
