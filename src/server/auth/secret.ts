import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

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
