// The SAFEPAY_* variables: validated with the rest of the environment, all three keys or none, and
// whether checkout may offer a card: with keys, or locally through the stand-in, never in
// production without keys.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { configProblems } from '../fixtures/config.ts';
import {
  cardGatewayMode,
  cardPaymentsAvailable,
  safepayFromConfig,
} from '../../src/server/payments/index.ts';

const keys = {
  SAFEPAY_ENVIRONMENT: 'production',
  SAFEPAY_API_KEY: 'sec_ed8fa26a-e36d-49d2-89bd-1c72c8b5c133',
  SAFEPAY_SECRET_KEY: 'a73e5dad7cd8b1e7fea2f6d93f4c8e01',
  SAFEPAY_WEBHOOK_SECRET: Buffer.alloc(32, 3).toString('base64'),
};
const live = {
  SITE_ID: 'site-1234',
  MONGODB_URI: 'mongodb://db.example',
  JWT_SECRET: 'x'.repeat(48),
  SMTP_URL: 'smtps://shop:pw@smtp.example:465',
  SITE_URL: 'https://bastaa.pk',
};

describe('SAFEPAY_* configuration', () => {
  it('takes the three keys with an environment, and defaults the timeout to 10 s', () => {
    const config = parseConfig(keys);
    expect(config.SAFEPAY_ENVIRONMENT).toBe('production');
    expect(config.SAFEPAY_TIMEOUT_MS).toBe(10_000);
  });

  it('names each missing key when only some are set', () => {
    expect(
      configProblems({ SAFEPAY_API_KEY: keys.SAFEPAY_API_KEY, SAFEPAY_ENVIRONMENT: 'sandbox' }),
    ).toEqual([
      'SAFEPAY_SECRET_KEY: required beside SAFEPAY_API_KEY (set all three Safepay keys for card payments, or none)',
      'SAFEPAY_WEBHOOK_SECRET: required beside SAFEPAY_API_KEY (set all three Safepay keys for card payments, or none)',
    ]);
  });

  it('asks which dashboard the keys come from rather than guessing sandbox or production', () => {
    const { SAFEPAY_ENVIRONMENT: _, ...withoutEnvironment } = keys;
    expect(configProblems(withoutEnvironment)).toEqual([
      'SAFEPAY_ENVIRONMENT: set sandbox or production beside the Safepay keys (the dashboard the keys come from)',
    ]);
    expect(configProblems({ ...keys, SAFEPAY_ENVIRONMENT: 'live' })).toEqual([
      'SAFEPAY_ENVIRONMENT: must be sandbox or production',
    ]);
  });

  it('refuses a webhook secret that is not base64 of at least 16 bytes, and an API key without sec_', () => {
    expect(
      configProblems({
        ...keys,
        SAFEPAY_WEBHOOK_SECRET: 'not base64!',
        SAFEPAY_API_KEY: 'pk_123456789',
      }),
    ).toEqual([
      "SAFEPAY_API_KEY: must be the API key from Safepay's dashboard, starting sec_",
      'SAFEPAY_WEBHOOK_SECRET: must be the base64 shared secret from Safepay’s webhook settings',
    ]);
    expect(
      configProblems({ ...keys, SAFEPAY_WEBHOOK_SECRET: Buffer.alloc(8).toString('base64') }),
    ).toHaveLength(1);
  });

  it('lets SAFEPAY_API_URL point only at a local stand-in, and never on a deployed site', () => {
    expect(configProblems({ ...keys, SAFEPAY_API_URL: 'https://evil.example' })).toEqual([
      'SAFEPAY_API_URL: may only point at a local stand-in (127.0.0.1, localhost or [::1])',
    ]);
    expect(configProblems({ ...keys, SAFEPAY_API_URL: 'http://127.0.0.1:9911' })).toEqual([]);
    expect(configProblems({ ...live, ...keys, SAFEPAY_API_URL: 'http://127.0.0.1:9911' })).toEqual([
      'SAFEPAY_API_URL: points at a local stand-in; a deployed site must not set it',
    ]);
  });
});

describe('cardPaymentsAvailable', () => {
  it('offers cards on a deployed site with the keys, through Safepay', () => {
    const config = parseConfig({ ...live, ...keys });
    expect(cardGatewayMode(config)).toBe('safepay');
    expect(cardPaymentsAvailable(config)).toBe(true);
    expect(safepayFromConfig(config)?.name).toBe('safepay');
  });

  it('offers no card on a deployed site without keys', () => {
    const config = parseConfig(live);
    expect(cardGatewayMode(config)).toBe('off');
    expect(cardPaymentsAvailable(config)).toBe(false);
    expect(safepayFromConfig(config)).toBeNull();
  });

  it('offers cards through the local stand-in on a machine without keys', () => {
    const config = parseConfig({});
    expect(cardGatewayMode(config)).toBe('stand-in');
    expect(cardPaymentsAvailable(config)).toBe(true);
    expect(safepayFromConfig(config)).toBeNull();
  });
});
