import { createHash, randomBytes } from 'node:crypto';
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
