// The VAPID_* variables that sign the desk's push alerts: validated with the rest of the
// environment, all three or none; a deployed shop uses them, a local one generates a pair once in
// DATA_DIR, and a deployed shop without them sends no push rather than signing with a passing key.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { configProblems } from '../fixtures/config.ts';
import { vapidKeys } from '../../src/server/operations/push/vapid.ts';

// `npx web-push generate-vapid-keys` made this pair for the tests.
const pair = {
  VAPID_PUBLIC_KEY:
    'BJVwrGQF8uLbGgVHmPCl-oTAdsnllFVn5RWOakxe5DbVXOLi_C63wDisGlLpRmqV7rawxnsFa23hqI8COLEWgCo',
  VAPID_PRIVATE_KEY: 'FRfD6CuWZS2HzBF-6vAtgtXW_88NFYawbREPJXJL3EY',
  VAPID_SUBJECT: 'mailto:owner@bastaa.pk',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('VAPID_* configuration', () => {
  it('takes the three together and signs with them', () => {
    const config = parseConfig(pair);
    expect(vapidKeys(config)).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: pair.VAPID_SUBJECT,
    });
  });

  it('names each missing variable when only some are set', () => {
    expect(configProblems({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PRIVATE_KEY: required beside VAPID_PUBLIC_KEY (set all three VAPID variables for push alerts, or none)',
      'VAPID_SUBJECT: required beside VAPID_PUBLIC_KEY (set all three VAPID variables for push alerts, or none)',
    ]);
  });

  it('refuses keys of the wrong shape and a subject that is no mailto: or https: address', () => {
    expect(
      configProblems({
        VAPID_PUBLIC_KEY: pair.VAPID_PRIVATE_KEY,
        VAPID_PRIVATE_KEY: `${pair.VAPID_PRIVATE_KEY}==`,
        VAPID_SUBJECT: 'http://bastaa.pk',
      }),
    ).toEqual([
      'VAPID_PUBLIC_KEY: must be the base64url public key `npx web-push generate-vapid-keys` prints (65 bytes, starting 0x04)',
      'VAPID_PRIVATE_KEY: must be the base64url private key `npx web-push generate-vapid-keys` prints (32 bytes)',
      'VAPID_SUBJECT: must be a mailto: or https: address, e.g. mailto:owner@example.com',
    ]);
  });

  it('generates a local pair once in DATA_DIR and signs with it ever after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    dirs.push(dir);
    const config = parseConfig({ DATA_DIR: dir });
    const made = vapidKeys(config);
    const kept = JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8')) as unknown;
    expect(made).toEqual(kept);
    expect(Buffer.from(made!.publicKey, 'base64url')).toHaveLength(65);
    expect(made!.subject).toBe('mailto:care@bastaa.pk');
    expect(vapidKeys(parseConfig({ DATA_DIR: dir }))).toEqual(made);
  });

  it('sends no push on a deployed shop without the variables', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    dirs.push(dir);
    expect(vapidKeys({ ...parseConfig({ DATA_DIR: dir }), production: true })).toBeNull();
  });
});
