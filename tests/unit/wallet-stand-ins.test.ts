// The wallets on a fresh clone: `npm start` without wallet keys takes JazzCash and EasyPaisa
// through local stand-ins with credentials made up for the run (scripts/local-wallets.ts), the same
// rule tells a local build's checkout to ask what they ask, and a deployed site refuses a wallet
// API address on loopback.
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { configProblems } from '../fixtures/config.ts';
import { walletsByStandIn } from '../../src/server/payments/index.ts';
import { startLocalWallets } from '../../scripts/local-wallets.ts';

const live = {
  SITE_ID: 'site-1234',
  MONGODB_URI: 'mongodb://db.example',
  JWT_SECRET: 'x'.repeat(48),
  SMTP_URL: 'smtps://shop:pw@smtp.example:465',
  SITE_URL: 'https://bastaa.pk',
};
const names = (env: Record<string, string>) => walletsByStandIn(env).map((p) => p.label);

describe('which wallets a local run takes through a stand-in', () => {
  it('takes both wallets through stand-ins on a fresh clone (no wallet keys)', () => {
    expect(names({})).toEqual(['JazzCash', 'EasyPaisa']);
  });

  it('leaves a wallet with any of its keys set to those keys', () => {
    expect(names({ JAZZCASH_MERCHANT_ID: 'MC10042' })).toEqual(['EasyPaisa']);
    expect(names({ EASYPAISA_STORE_ID: '12345' })).toEqual(['JazzCash']);
  });

  it('starts none on Netlify, nor with WALLET_STAND_INS=0 (wallets recorded by hand)', () => {
    expect(names({ SITE_ID: 'site-1234' })).toEqual([]);
    expect(names({ NETLIFY: 'true' })).toEqual([]);
    expect(names({ WALLET_STAND_INS: '0' })).toEqual([]);
  });

  it('refuses a loopback wallet API address on a deployed site', () => {
    const jazzcash = {
      JAZZCASH_ENVIRONMENT: 'sandbox',
      JAZZCASH_MERCHANT_ID: 'MC10042',
      JAZZCASH_PASSWORD: 'pass-1234',
      JAZZCASH_INTEGRITY_SALT: 'salt-12345',
      JAZZCASH_API_URL: 'http://127.0.0.1:9911',
    };
    const easypaisa = {
      EASYPAISA_ENVIRONMENT: 'sandbox',
      EASYPAISA_STORE_ID: '12345',
      EASYPAISA_USERNAME: 'local-user',
      EASYPAISA_PASSWORD: 'pass-1234',
      EASYPAISA_API_URL: 'http://127.0.0.1:9912',
    };
    expect(configProblems({ ...jazzcash, ...easypaisa })).toEqual([]);
    expect(configProblems({ ...live, ...jazzcash, ...easypaisa })).toEqual([
      'EASYPAISA_API_URL: points at a local stand-in; a deployed site must not set it',
      'JAZZCASH_API_URL: points at a local stand-in; a deployed site must not set it',
    ]);
  });
});

describe('startLocalWallets', () => {
  const WALLET_VARIABLES = [
    'JAZZCASH_ENVIRONMENT',
    'JAZZCASH_MERCHANT_ID',
    'JAZZCASH_PASSWORD',
    'JAZZCASH_INTEGRITY_SALT',
    'JAZZCASH_API_URL',
    'EASYPAISA_ENVIRONMENT',
    'EASYPAISA_STORE_ID',
    'EASYPAISA_USERNAME',
    'EASYPAISA_PASSWORD',
    'EASYPAISA_API_URL',
  ];
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
    for (const name of WALLET_VARIABLES) delete process.env[name];
  });

  it('starts both stand-ins with keys made up for the run, which the shop then reads as sandbox wallets on loopback', async () => {
    const started = await startLocalWallets({ port: 8888, host: '127.0.0.1' });
    stop = started?.close;
    const config = parseConfig(process.env);
    expect(config.JAZZCASH_ENVIRONMENT).toBe('sandbox');
    expect(config.EASYPAISA_ENVIRONMENT).toBe('sandbox');
    expect(config.JAZZCASH_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.EASYPAISA_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const url of [config.JAZZCASH_API_URL, config.EASYPAISA_API_URL]) {
      const phone = await fetch(`${url}/phone`);
      expect(await phone.text()).toContain('<h1>Test wallet (TEST)</h1>');
    }
  });

  it('starts none when the wallets have keys', async () => {
    process.env.JAZZCASH_MERCHANT_ID = 'MC10042';
    process.env.EASYPAISA_STORE_ID = '12345';
    expect(await startLocalWallets({ port: 8888, host: '127.0.0.1' })).toBeNull();
    expect(process.env.JAZZCASH_API_URL).toBeUndefined();
  });
});
