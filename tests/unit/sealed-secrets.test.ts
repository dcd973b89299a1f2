// Secrets sealed at rest (src/server/secret.ts): AES-256-GCM under a key derived from the signing
// key for each purpose. What one key sealed opens with that key only, for that purpose only; a
// rotation opens what the previous key sealed and says it is stale; a changed byte opens nothing.
// The connections' record (src/server/connections.ts) seals its secret fields only.
import { describe, expect, it } from 'vitest';
import { openSecret, openSecretWithKeys, sealSecret } from '../../src/server/secret.ts';
import { sealTotpSecret } from '../../src/server/accounts/auth/totp.ts';
import {
  CONNECTION_PURPOSE,
  openConnection,
  sealConnection,
  withConnections,
} from '../../src/server/connections.ts';
import { parseConfig } from '../../src/server/config.ts';

const key = (c: string) => new TextEncoder().encode(c.repeat(48));
const NEW = key('n');
const OLD = key('o');

describe('sealSecret and openSecret', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const a = sealSecret('pe-token-1234', NEW, CONNECTION_PURPOSE);
    const b = sealSecret('pe-token-1234', NEW, CONNECTION_PURPOSE);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('pe-token');
    expect(openSecret(a, NEW, CONNECTION_PURPOSE)).toBe('pe-token-1234');
    expect(openSecret(b, NEW, CONNECTION_PURPOSE)).toBe('pe-token-1234');
  });

  it('opens nothing with another key', () => {
    expect(openSecret(sealSecret('s3cret', NEW, CONNECTION_PURPOSE), OLD, CONNECTION_PURPOSE)).toBe(
      null,
    );
  });

  it('opens nothing sealed for another purpose: an authenticator key is no connection key', () => {
    const totp = sealTotpSecret('JBSWY3DPEHPK3PXP', NEW);
    expect(openSecret(totp, NEW, CONNECTION_PURPOSE)).toBeNull();
    expect(openSecret(totp, NEW, 'bastaa-desk-totp-secret-v1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing when a byte of the ciphertext or the tag was changed', () => {
    const sealed = sealSecret('s3cret-value', NEW, CONNECTION_PURPOSE);
    const [v, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    expect(openSecret([v, iv, tag, flip(data)].join('.'), NEW, CONNECTION_PURPOSE)).toBeNull();
    expect(openSecret([v, iv, flip(tag), data].join('.'), NEW, CONNECTION_PURPOSE)).toBeNull();
    expect(openSecret('v2.a.b.c', NEW, CONNECTION_PURPOSE)).toBeNull();
    expect(openSecret('not sealed', NEW, CONNECTION_PURPOSE)).toBeNull();
  });
});

describe('openSecretWithKeys', () => {
  it('opens with the current key first, and says a secret the previous key sealed is stale', () => {
    const keys = [NEW, OLD];
    expect(
      openSecretWithKeys(sealSecret('a', NEW, CONNECTION_PURPOSE), keys, CONNECTION_PURPOSE),
    ).toEqual({
      secret: 'a',
      stale: false,
    });
    expect(
      openSecretWithKeys(sealSecret('b', OLD, CONNECTION_PURPOSE), keys, CONNECTION_PURPOSE),
    ).toEqual({
      secret: 'b',
      stale: true,
    });
    expect(
      openSecretWithKeys(sealSecret('c', key('z'), CONNECTION_PURPOSE), keys, CONNECTION_PURPOSE),
    ).toBeNull();
  });
});

describe('sealConnection and openConnection', () => {
  it('seals the secret fields only, and opens them again', () => {
    const values = {
      DEFAULT_COURIER: 'postex',
      POSTEX_API_TOKEN: 'pe-token-1234',
      POSTEX_PICKUP_ADDRESS_CODE: 'LHR-01',
    };
    const sealed = sealConnection('courier', values, NEW);
    expect(sealed.DEFAULT_COURIER).toBe('postex');
    expect(sealed.POSTEX_PICKUP_ADDRESS_CODE).toBe('LHR-01');
    expect(sealed.POSTEX_API_TOKEN).not.toContain('pe-token');
    expect(openConnection('courier', sealed, [NEW])).toEqual({
      values,
      stale: false,
      unreadable: [],
    });
  });

  it('names a secret no key opens, and leaves it out of the values', () => {
    const sealed = sealConnection('whatsapp', { WHATSAPP_TOKEN: 'EAAG-token-x'.repeat(3) }, OLD);
    expect(openConnection('whatsapp', sealed, [NEW])).toEqual({
      values: {},
      stale: false,
      unreadable: ['WHATSAPP_TOKEN'],
    });
    expect(openConnection('whatsapp', sealed, [NEW, OLD]).stale).toBe(true);
  });
});

describe('withConnections', () => {
  const env = parseConfig({
    DEFAULT_COURIER: 'leopards',
    LEOPARDS_API_KEY: 'env-leopards-key',
    LEOPARDS_API_PASSWORD: 'env-pass',
    WHATSAPP_TEMPLATE: 'env_template',
    POSTEX_API_URL: 'http://127.0.0.1:9999/',
  });

  it('keeps the environment’s connections when the owner saved none', () => {
    expect(withConnections(env, {})).toEqual(env);
  });

  it('replaces a saved connection whole, keeping the environment’s API address', () => {
    const config = withConnections(env, { courier: { POSTEX_API_TOKEN: 'pe-token-1234' } });
    expect(config.POSTEX_API_TOKEN).toBe('pe-token-1234');
    expect(config.DEFAULT_COURIER).toBeUndefined();
    expect(config.LEOPARDS_API_KEY).toBeUndefined();
    expect(config.POSTEX_API_URL).toBe('http://127.0.0.1:9999/');
    expect(config.WHATSAPP_TEMPLATE).toBe('env_template');
  });

  it('gives a saved connection’s unset fields their defaults, and drops a value its rule refuses', () => {
    const config = withConnections(env, {
      whatsapp: { WHATSAPP_TOKEN: 'EAAG'.repeat(6), WHATSAPP_PHONE_NUMBER_ID: 'not digits' },
    });
    expect(config.WHATSAPP_TEMPLATE).toBe('cod_order_confirmation');
    expect(config.WHATSAPP_TEMPLATE_LANGUAGE).toBe('en');
    expect(config.WHATSAPP_PHONE_NUMBER_ID).toBeUndefined();
  });
});
