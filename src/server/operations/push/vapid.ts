// The shop's VAPID keys, which sign every push (RFC 8292) and which each device subscribes with:
// the VAPID_* variables when set (a deployed shop), otherwise a pair generated once and kept in
// DATA_DIR, as the token signing key is, so every worker and restart signs with the same pair and
// devices stay subscribed. A deployed shop without them sends no push: its folder is read-only, and
// keys that changed with each instance would unsubscribe every device.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { SHOP } from '../../../lib/shop-info.ts';
import type { Config } from '../../config.ts';

/** The pair that signs the shop's pushes, and whom push services may contact about them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The file in DATA_DIR that keeps a local shop's generated pair. */
export const VAPID_FILE = 'vapid-keys.json';

const cache = new Map<string, VapidKeys>();

type VapidConfig = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'production'
>;

/** The shop's VAPID keys (see the top of this file), or null when a deployed shop has none. */
export function vapidKeys(config: VapidConfig): VapidKeys | null {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT)
    return {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    };
  if (config.production) return null;
  const file = path.resolve(config.DATA_DIR, VAPID_FILE);
  let keys = cache.get(file);
  if (keys) return keys;
  try {
    keys = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const pair = webpush.generateVAPIDKeys();
    const made = { ...pair, subject: `mailto:${SHOP.email}` };
    try {
      writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another worker wrote its pair first; read theirs below.
    }
    keys = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  }
  cache.set(file, keys);
  return keys;
}
