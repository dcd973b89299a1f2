// Time-based one-time passwords (RFC 6238, over HOTP of RFC 4226) for the staff desk's
// authenticator apps, on node:crypto alone: the algorithm is forty lines, and a dependency would
// add a package for the browser-free server only. The RFC's own test vectors are its unit tests
// (tests/unit/totp.test.ts). Secrets are kept encrypted at rest (AES-256-GCM under a key derived
// from the server's signing key), so a copy of the database alone cannot mint codes.
import { createHmac, randomBytes } from 'node:crypto';
import { DESK_NAME } from '../../../lib/desk-manifest.ts';
import { openSecret, sealSecret } from '../../secret.ts';

/** Codes have 6 digits and change every 30 seconds; one step either side is accepted (clock drift). */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_WINDOW = 1;
/** The issuer shown in the authenticator app. */
export const TOTP_ISSUER = DESK_NAME;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (any case, spaces and padding ignored); throws on another character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226): the code of one counter value. */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** TOTP (RFC 6238): the code at a moment. */
export function totpAt(
  secret: Uint8Array,
  nowMs: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return hotp(secret, totpStep(nowMs), digits, algorithm);
}

/**
 * The step a submitted code matches, within ±TOTP_WINDOW steps of now and later than `lastStep`
 * (a code once used, or an older one, never works again); null when none does. Every candidate is
 * computed and compared, so the time taken does not say which step matched.
 */
export function matchTotp(
  secret: Uint8Array,
  code: string,
  nowMs: number,
  lastStep: number,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const same = hotp(secret, step) === code;
    if (same && step > lastStep && found === null) found = step;
  }
  return found;
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The otpauth:// URI an authenticator app scans (as a QR code) or takes pasted. */
export function otpauthUri(secret: string, account: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

const PURPOSE = 'bastaa-desk-totp-secret-v1';

/** Encrypts a base32 secret for storage (src/server/secret.ts sealSecret). */
export function sealTotpSecret(secret: string, signingKey: Uint8Array): string {
  return sealSecret(secret, signingKey, PURPOSE);
}

/** Decrypts a stored secret to its bytes; null when it was not sealed with this key. */
export function openTotpSecret(sealed: string, signingKey: Uint8Array): Buffer | null {
  const text = openSecret(sealed, signingKey, PURPOSE);
  if (text === null) return null;
  try {
    return base32Decode(text);
  } catch {
    return null;
  }
}

/**
 * Opens a stored secret with the first of `keys` that sealed it (current key first). `stale` says it
 * was sealed with an older key: the caller re-seals it with the current one, so a rotated
 * JWT_SECRET never locks anybody out of their authenticator app.
 */
export function openTotpSecretWithKeys(
  sealed: string,
  keys: readonly Uint8Array[],
): { secret: Buffer; stale: boolean } | null {
  for (const [index, key] of keys.entries()) {
    const secret = openTotpSecret(sealed, key);
    if (secret) return { secret, stale: index > 0 };
  }
  return null;
}
