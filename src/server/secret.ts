import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

const cache = new Map<string, Uint8Array>();

/**
 * The HS256 signing key: JWT_SECRET when set (always in production); otherwise a random secret
 * generated once and kept in DATA_DIR, so local tokens survive restarts and all function workers agree.
 */
export function signingKey(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  let key = cache.get(file);
  if (key) return key;
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another worker created it first; read theirs below.
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  key = new TextEncoder().encode(secret);
  cache.set(file, key);
  return key;
}

/**
 * The keys a token or a sealed secret may have been made with: the current one first, then the
 * one JWT_SECRET_PREVIOUS names while a rotation is under way. New ones are always made with the
 * current key; the previous one only opens what it made before.
 */
export function verifyingKeys(
  config: Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_PREVIOUS' | 'DATA_DIR'>,
): Uint8Array[] {
  const current = signingKey(config);
  if (!config.JWT_SECRET_PREVIOUS || config.JWT_SECRET_PREVIOUS === config.JWT_SECRET)
    return [current];
  return [current, new TextEncoder().encode(config.JWT_SECRET_PREVIOUS)];
}

/**
 * A key's id for a token's `kid` header: a 64-bit digest of the key under a label of its own, so
 * it names which secret signed a token without saying anything that helps to guess the secret.
 */
export function keyId(key: Uint8Array): string {
  return createHash('sha256')
    .update('bastaa-key-id-v1\0')
    .update(key)
    .digest()
    .subarray(0, 8)
    .toString('base64url');
}

/**
 * What a sealed secret is for: each purpose seals under a key of its own, derived from the signing
 * key, so a value sealed for one use never opens as another's.
 */
export type SealPurpose = 'bastaa-desk-totp-secret-v1' | 'bastaa-connection-secret-v1';

/** The key that encrypts stored secrets of one purpose, derived from the signing key. */
function sealingKey(signingKey: Uint8Array, purpose: SealPurpose): Buffer {
  return createHmac('sha256', signingKey).update(purpose).digest();
}

/**
 * Encrypts a secret for storage (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>` (base64url), so a copy
 * of the database alone never holds it in clear.
 */
export function sealSecret(secret: string, signingKey: Uint8Array, purpose: SealPurpose): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(signingKey, purpose), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url')).join('.');
}

/** Decrypts a sealed secret; null when it was not sealed with this key for this purpose. */
export function openSecret(
  sealed: string,
  signingKey: Uint8Array,
  purpose: SealPurpose,
): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(signingKey, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Opens a sealed secret with the first of `keys` that sealed it (verifyingKeys: current first).
 * `stale` says an older key sealed it: the caller re-seals it with the current one, so a rotated
 * JWT_SECRET loses nothing.
 */
export function openSecretWithKeys(
  sealed: string,
  keys: readonly Uint8Array[],
  purpose: SealPurpose,
): { secret: string; stale: boolean } | null {
  for (const [index, key] of keys.entries()) {
    const secret = openSecret(sealed, key, purpose);
    if (secret !== null) return { secret, stale: index > 0 };
  }
  return null;
}
