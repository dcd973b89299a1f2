// Verifies a webhook signed as HMAC-SHA256 over `timestamp + '.' + raw body`, the scheme Safepay
// documents (and Stripe-like gateways share). The bytes checked are the bytes received: parsing
// and re-serialising JSON would change key order, spacing or escapes and make a genuine signature
// fail, or let two different bodies share one signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookRefusal } from './port.ts';

/** Deliveries older or newer than this are refused: a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** A genuine event is about a kilobyte; anything past this is refused before it is hashed. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/** What a signed delivery carries, besides its body. */
export interface SignedDelivery {
  rawBody: Uint8Array | string;
  signature: string | null;
  timestamp: string | null;
}

/** The outcome of the signature and timestamp checks; the body is parsed only after both pass. */
export type SignatureCheck =
  | { ok: true; body: string; signedAt: Date }
  | { ok: false; reason: WebhookRefusal; detail: string };

const SHA256_BYTES = 32;

/**
 * Checks a delivery against `key` (the decoded secret bytes) at time `now`, in the order that
 * costs least and says most: size, headers, signature, then the signed timestamp's age.
 */
export function checkSignedDelivery(
  delivery: SignedDelivery,
  key: Uint8Array,
  now: Date,
  toleranceMs = WEBHOOK_TOLERANCE_MS,
): SignatureCheck {
  const bytes =
    typeof delivery.rawBody === 'string'
      ? Buffer.from(delivery.rawBody, 'utf8')
      : Buffer.from(delivery.rawBody.buffer, delivery.rawBody.byteOffset, delivery.rawBody.length);
  if (bytes.length > WEBHOOK_MAX_BYTES)
    return refuse('body-too-large', `body of ${bytes.length} bytes (limit ${WEBHOOK_MAX_BYTES})`);
  const { signature, timestamp } = delivery;
  if (!signature || !timestamp) {
    const missing = [!signature && 'signature', !timestamp && 'timestamp'].filter(Boolean);
    return refuse('missing-headers', `no single ${missing.join(' or ')} header`);
  }
  const given = decodeMac(signature.trim());
  const expected = createHmac('sha256', key).update(`${timestamp}.`).update(bytes).digest();
  // timingSafeEqual throws on unequal lengths, so the length is checked first (it is no secret).
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse('bad-signature', 'signature does not match the body and timestamp');
  const signedAt = parseTimestamp(timestamp);
  if (!signedAt) return refuse('malformed-timestamp', `timestamp ${JSON.stringify(timestamp)}`);
  const age = now.getTime() - signedAt.getTime();
  if (age > toleranceMs)
    return refuse(
      'stale-timestamp',
      `signed ${Math.round(age / 1000)} s ago (limit ${toleranceMs / 1000} s)`,
    );
  if (-age > toleranceMs)
    return refuse(
      'future-timestamp',
      `signed ${Math.round(-age / 1000)} s ahead (limit ${toleranceMs / 1000} s)`,
    );
  return { ok: true, body: new TextDecoder('utf-8', { fatal: false }).decode(bytes), signedAt };
}

/** The HMAC-SHA256 of `timestamp + '.' + body` under `key`, hex: what a sender puts in its header. */
export function signDelivery(key: Uint8Array, timestamp: string, body: string | Uint8Array) {
  return createHmac('sha256', key).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The 32 MAC bytes of a signature header. The documentation does not name the encoding, so both
 * encodings of the same 32 bytes are read: 64 hex digits, or base64 (with or without padding).
 * Either way the comparison is of the full 256-bit MAC, so accepting both weakens nothing.
 */
function decodeMac(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    return bytes.length === SHA256_BYTES ? bytes : null;
  }
  return null;
}

/**
 * The signed time: RFC 3339 with a zone (Safepay's sample parses it as RFC3339Nano), or whole Unix
 * seconds. Anything else (milliseconds, a date without a zone) is refused rather than guessed.
 */
function parseTimestamp(text: string): Date | null {
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
  if (!rfc3339.test(text)) return null;
  // Date keeps milliseconds only; nanoseconds beyond them do not matter at a 5-minute tolerance.
  const date = new Date(text.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(date.getTime()) ? null : date;
}

function refuse(reason: WebhookRefusal, detail: string): SignatureCheck {
  return { ok: false, reason, detail };
}
