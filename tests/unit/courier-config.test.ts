// The courier variables: validated with the rest of the environment, both Leopards keys or
// neither, a stand-in's loopback address never on a deployed site; and which courier Book uses.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { configProblems } from '../fixtures/config.ts';
import { courierFromConfig } from '../../src/server/couriers/index.ts';

const live = {
  SITE_ID: 'site-1234',
  MONGODB_URI: 'mongodb://db.example',
  JWT_SECRET: 'x'.repeat(48),
  SMTP_URL: 'smtps://shop:pw@smtp.example:465',
  SITE_URL: 'https://bastaa.pk',
};

describe('the courier variables', () => {
  it('refuses a Leopards key without its password, and the reverse, naming the missing one', () => {
    expect(configProblems({ LEOPARDS_API_KEY: 'c7ab1d5f6b35f23b' })).toEqual([
      'LEOPARDS_API_PASSWORD: required beside LEOPARDS_API_KEY (set both Leopards keys, or neither)',
    ]);
    expect(configProblems({ LEOPARDS_API_PASSWORD: 'secret' })).toEqual([
      'LEOPARDS_API_KEY: required beside LEOPARDS_API_PASSWORD (set both Leopards keys, or neither)',
    ]);
  });

  it('refuses a stand-in address on a deployed site, and plain http anywhere but loopback', () => {
    expect(
      configProblems({ ...live, POSTEX_API_URL: 'http://127.0.0.1:9000/services/integration/api' }),
    ).toEqual(['POSTEX_API_URL: points at a local stand-in; a deployed site must not set it']);
    expect(configProblems({ LEOPARDS_API_URL: 'http://leopards.example/api' })).toEqual([
      'LEOPARDS_API_URL: must be https://, or a local stand-in',
    ]);
    expect(
      configProblems({
        ...live,
        LEOPARDS_API_URL: 'https://merchantapistaging.leopardscourier.com/api',
      }),
    ).toEqual([]);
  });
});

describe('courierFromConfig', () => {
  it('connects no courier without keys', () => {
    expect(courierFromConfig(parseConfig({}))).toBeNull();
    expect(
      courierFromConfig(
        parseConfig({ DEFAULT_COURIER: 'leopards', POSTEX_API_TOKEN: 'postex-token-1' }),
      ),
    ).toBeNull();
  });

  it('uses the courier whose keys are set, or the default one, and marks a loopback API as a test courier', () => {
    const leopards = courierFromConfig(
      parseConfig({ LEOPARDS_API_KEY: 'c7ab1d5f6b35f23b', LEOPARDS_API_PASSWORD: 'secret' }),
    );
    expect(leopards).toMatchObject({ name: 'leopards', label: 'Leopards', test: false });
    const local = courierFromConfig(
      parseConfig({
        DEFAULT_COURIER: 'postex',
        POSTEX_API_TOKEN: 'postex-token-1',
        LEOPARDS_API_KEY: 'c7ab1d5f6b35f23b',
        LEOPARDS_API_PASSWORD: 'secret',
        POSTEX_API_URL: 'http://127.0.0.1:9000/services/integration/api',
      }),
    );
    expect(local).toMatchObject({ name: 'postex', label: 'PostEx', test: true });
  });
});
