import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A reset code lives 10 minutes, works once and allows 5 wrong attempts. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

/** A 6-digit code from the CSPRNG. */
export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: an HMAC keyed by the server secret (a plain hash of 6 digits could be
 * reversed by trying all million), bound to its e-mail so hashes cannot be swapped between accounts.
 */
export function hashOtp(email: string, code: string, key: Uint8Array): string {
  return createHmac('sha256', key).update(`${email.toLowerCase()}\u0000${code}`).digest('base64url');
}

/** Compares a submitted code with a stored hash in constant time. */
export function otpMatches(email: string, code: string, storedHash: string, key: Uint8Array): boolean {
  const a = Buffer.from(hashOtp(email, code, key));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
