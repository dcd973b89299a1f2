import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A reset code lives 10 minutes, works once and allows 5 wrong attempts. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

const CODES = 1_000_000;
// The largest multiple of a million below 2^32: a 32-bit value under it maps onto the codes evenly.
const ACCEPT_BELOW = Math.floor(2 ** 32 / CODES) * CODES;

/** A fresh random nonce for one code (from the CSPRNG); the code itself is derived from it. */
export function newOtpNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Six uniform digits from a MAC by rejection sampling: the first 32-bit chunk below ACCEPT_BELOW,
 * modulo a million. Null when every chunk is rejected (each is, with probability 2.3e-4).
 */
export function sixDigits(mac: Buffer): string | null {
  for (let offset = 0; offset + 4 <= mac.length; offset += 4) {
    const value = mac.readUInt32BE(offset);
    if (value < ACCEPT_BELOW) return String(value % CODES).padStart(6, '0');
  }
  return null;
}

/**
 * The code of one reset, HMAC(server key, e-mail | nonce) reduced to six digits. Only the nonce is
 * kept, so a repeated request can mail the same code again instead of replacing it.
 */
export function otpFor(email: string, nonce: string, key: Uint8Array): string {
  for (let round = 0; ; round++) {
    const mac = createHmac('sha256', key)
      .update(`otp-code\u0000${round}\u0000${email.toLowerCase()}\u0000${nonce}`)
      .digest();
    const code = sixDigits(mac);
    if (code) return code;
  }
}

/**
 * The stored form of a code: an HMAC keyed by the server secret (a plain hash of 6 digits could be
 * reversed by trying all million), bound to its e-mail so hashes cannot be swapped between accounts.
 */
export function hashOtp(email: string, code: string, key: Uint8Array): string {
  return createHmac('sha256', key)
    .update(`${email.toLowerCase()}\u0000${code}`)
    .digest('base64url');
}

/** Compares a submitted code with a stored hash in constant time. */
export function otpMatches(
  email: string,
  code: string,
  storedHash: string,
  key: Uint8Array,
): boolean {
  const a = Buffer.from(hashOtp(email, code, key));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
