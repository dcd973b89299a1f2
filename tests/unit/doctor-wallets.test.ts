import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { checkWallets } from '../../src/server/doctor/doctor.ts';

const live = (env: Partial<Config> = {}) =>
  ({ SITE_URL: 'https://bastaa.pk', production: true, ...env }) as Config;
const jazzCash = {
  JAZZCASH_MERCHANT_ID: 'MC10042',
  JAZZCASH_PASSWORD: 'live-pass',
  JAZZCASH_INTEGRITY_SALT: 'live-salt-123',
};

describe('checkWallets', () => {
  it('says each wallet without keys is recorded by hand', () => {
    expect(checkWallets(live())).toEqual([
      {
        ok: true,
        text: "JazzCash: by hand (JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT unset, and no JazzCash connection in the desk's Settings), so staff record its payments at the desk",
      },
      {
        ok: true,
        text: "EasyPaisa: by hand (EASYPAISA_STORE_ID, EASYPAISA_USERNAME, EASYPAISA_PASSWORD unset, and no EasyPaisa connection in the desk's Settings), so staff record its payments at the desk",
      },
    ]);
  });

  it('refuses sandbox keys beside the live site', () => {
    expect(checkWallets(live({ ...jazzCash, JAZZCASH_ENVIRONMENT: 'sandbox' }))[0]).toEqual({
      ok: false,
      text: "JazzCash, from the environment (JAZZCASH_ENVIRONMENT, JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT): JAZZCASH_ENVIRONMENT is sandbox beside the live site https://bastaa.pk; sandbox keys move no money, so JazzCash orders would never be paid. Set JAZZCASH_ENVIRONMENT=production with the keys from JazzCash's live portal",
    });
  });

  it('says a wallet with production keys is on, and where its notices must go', () => {
    expect(checkWallets(live({ ...jazzCash, JAZZCASH_ENVIRONMENT: 'production' }))[0]).toEqual({
      ok: true,
      text: 'JazzCash, from the environment (JAZZCASH_ENVIRONMENT, JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT): on (production); its payment notices must go to https://bastaa.pk/api/payments/jazzcash/webhook',
    });
  });
});
