import { tmpdir } from 'node:os';
import path from 'node:path';
import { referenceOf } from '../../src/server/request-log.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, parseConfig, runsOnNetlify } from '../../src/server/config.ts';
import { runDoctor } from '../../src/server/doctor/doctor.ts';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import {
  migrateMongo,
  missingMongoIndexes,
  type MongoDriver,
} from '../../src/server/store/mongo/index.ts';
import { importCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { openMongoStore } from '../../src/server/store/mongo/index.ts';
import { mongoDouble, mongoDoubleDriver } from '../fixtures/mongo-double.ts';
import { makeProduct } from '../fixtures/products.ts';
import { signUp } from '../fixtures/api.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { getStore } from '../../src/server/store/index.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { fakeDns, goodMailRecords, startFakeSite } from '../fixtures/fake-dns.ts';

const driver = mongoDoubleDriver as unknown as MongoDriver;
const SECRET = 'x'.repeat(48);
/** What Netlify hands a deployed function: its read-only variables and the Functions-scope ones. */
const deployed = { SITE_ID: 'site-1234', SITE_NAME: 'bastaa', URL: 'https://bastaa.netlify.app' };

describe('runsOnNetlify', () => {
  it('is true in a deployed function, which has SITE_ID but no CONTEXT', () => {
    expect(runsOnNetlify(deployed)).toBe(true);
  });

  it('is true in a Netlify build', () => {
    expect(runsOnNetlify({ NETLIFY: 'true', CONTEXT: 'production', SITE_ID: 'site-1234' })).toBe(
      true,
    );
  });

  it('is false under npm start, tests and netlify dev', () => {
    expect(runsOnNetlify({})).toBe(false);
    expect(runsOnNetlify({ ...deployed, NETLIFY_DEV: 'true' })).toBe(false);
  });
});

describe('parseConfig in production', () => {
  it('names every missing required variable of a deployed function in one error', () => {
    const error = (() => {
      try {
        parseConfig(deployed);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toEqual([
      'MONGODB_URI: required in production',
      'JWT_SECRET: required in production',
      'SMTP_URL: required in production',
      'SITE_URL: required in production',
    ]);
  });

  it('asks a Netlify build only for MONGODB_URI, where it reads the catalogue', () => {
    expect(() => parseConfig({ NETLIFY: 'true', CONTEXT: 'production' })).toThrow(
      'MONGODB_URI: required in production',
    );
    expect(
      parseConfig({ NETLIFY: 'true', CONTEXT: 'production', MONGODB_URI: 'mongodb://db.example' })
        .production,
    ).toBe(true);
  });

  it('accepts a complete production environment', () => {
    const config = parseConfig({
      ...deployed,
      MONGODB_URI: 'mongodb+srv://db.example',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtp://mail.example:587',
      SITE_URL: 'https://bastaa.pk',
    });
    expect(config).toMatchObject({ production: true, MONGODB_DB: 'shop' });
  });

  it('requires nothing locally', () => {
    expect(parseConfig({}).production).toBe(false);
  });
});

describe('a handler in a misconfigured deployment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('answers 503 JSON and logs one line naming the missing variables, once per instance', async () => {
    process.env = { PATH: saved.PATH, ...deployed, JWT_SECRET: SECRET };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        account(new Request('http://localhost/api/cart/get', { method: 'POST' })),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({
        success: false,
        message: 'The shop is temporarily unavailable. Please try again shortly.',
        reference: referenceOf(res.headers.get('x-request-id')!),
      });
    }
    const lines = errors.mock.calls
      .map((c) => JSON.parse(String(c[0])) as { msg: string })
      .map((line) => line.msg)
      .filter((msg) => msg.startsWith('[config]'));
    errors.mockRestore();
    expect(lines).toEqual([
      '[config] refusing to serve: MONGODB_URI: required in production; SMTP_URL: required in production; SITE_URL: required in production',
    ]);
  });
});

describe('API answers', () => {
  let data: Awaited<ReturnType<typeof useTempDataDir>>;
  beforeAll(async () => {
    data = await useTempDataDir();
    await importCatalogue(await getStore(), [makeProduct({ _id: 'bag-1' })]);
  });
  afterAll(() => data.cleanup());

  it('carry nosniff, HSTS, a default-src none CSP and no-store on personal answers', async () => {
    const { token } = await signUp();
    const res = await account(
      apiRequest('/api/cart/get', { method: 'POST', body: {}, headers: { token } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('carry the same headers on a cacheable read, keeping its Cache-Control', async () => {
    const res = await shop(new Request('http://localhost/api/product/list'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
  });
});

describe('db migrate (migrateMongo)', () => {
  const uri = 'mongodb://migrate.test';
  afterAll(() => mongoDouble.reset());

  it('creates every index the adapter relies on, and a second run changes nothing', async () => {
    expect(await missingMongoIndexes(uri, 'shop', driver)).toHaveLength(18);
    const names = await migrateMongo(uri, 'shop', driver);
    expect(names).toContain('users.users_email');
    expect(await migrateMongo(uri, 'shop', driver)).toEqual(names);
    expect(await missingMongoIndexes(uri, 'shop', driver)).toEqual([]);
  });

  it('is what makes a second account with the same e-mail impossible', async () => {
    const store = await openMongoStore(uri, 'shop', driver);
    const user = {
      id: 'u1',
      email: 'same@example.com',
      name: 'A',
      passwordHash: null,
      googleSub: null,
      tokenVersion: 0,
      createdAt: '',
    };
    expect(await store.users.create(user)).not.toBeNull();
    expect(await store.users.create({ ...user, id: 'u2' })).toBeNull();
  });
});

describe('shop doctor (runDoctor)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let rates: Awaited<ReturnType<typeof startFakeRates>>;
  let site: Awaited<ReturnType<typeof startFakeSite>>;
  const uri = 'mongodb://doctor.test';
  // Names answer from a table and the site's health call from a local server: no internet.
  const dns = fakeDns({ hosts: ['doctor.test', 'unreachable'], txt: goodMailRecords('bastaa.pk') });
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    rates = await startFakeRates('ok');
    site = await startFakeSite({ status: 200, body: JSON.stringify({ status: 'ok' }) });
  });
  afterAll(async () => {
    await smtp.close();
    await rates.close();
    await site.close();
    mongoDouble.reset();
  });
  const offline = (siteUrl = 'https://bastaa.pk') => ({
    driver,
    dns,
    fetch: site.fetchAs(siteUrl),
  });
  const env = () => ({
    MONGODB_URI: uri,
    JWT_SECRET: SECRET,
    SMTP_URL: smtp.url,
    SITE_URL: 'https://bastaa.pk',
    RATES_URL: rates.url,
    // The test catalogue names no stored photo; an empty local folder stands for the photo store.
    PHOTO_STORE: 'folder',
    PHOTOS_DIR: path.join(tmpdir(), 'shop-doctor-no-photos'),
  });

  it('says every missing variable, one line each', async () => {
    const lines = await runDoctor({});
    expect(lines.map((l) => l.text)).toEqual([
      'MONGODB_URI: required in production',
      'JWT_SECRET: required in production',
      'SMTP_URL: required in production',
      'SITE_URL: required in production',
    ]);
    expect(lines.every((l) => !l.ok)).toBe(true);
  });

  it('finds an empty catalogue and missing indexes, and says which command fixes each', async () => {
    const lines = await runDoctor(env(), offline());
    const failures = lines.filter((l) => !l.ok).map((l) => l.text);
    expect(failures).toEqual([
      'MongoDB reachable (database shop): connected, but the catalogue is empty: run `npm run shop -- catalogue import <file>`',
      'MongoDB indexes: missing products.products_position, users.users_email, orders.orders_user_date, orders.orders_idempotency, otps.otps_ttl, limits.limits_ttl, subscribers.subscribers_token, staff.staff_email, staff.staff_invite, audit.audit_at, mailFailures.mail_failures_due, mailFailures.mail_failures_at, orders.orders_date, catalogueVersions.catalogue_versions_state, pushSubscriptions.push_subscriptions_endpoint, pushSubscriptions.push_subscriptions_staff, passkeys.passkeys_staff, passkeyChallenges.passkey_challenges_ttl: run `npm run shop -- db migrate`',
    ]);
  });

  it('passes a complete, reachable production setup', async () => {
    await migrateMongo(uri, 'shop', driver);
    const imported = await importCatalogue(await openMongoStore(uri, 'shop', driver), [
      makeProduct({ _id: 'doctor-bag' }),
    ]);
    expect(imported.ok).toBe(true);
    const lines = await runDoctor(env(), offline());
    expect(lines.filter((l) => !l.ok)).toEqual([]);
    expect(lines.map((l) => l.text)).toContain('MongoDB reachable (database shop): 1 products');
    expect(lines.map((l) => l.text)).toContain(
      `Photo store (the folder ${path.join(tmpdir(), 'shop-doctor-no-photos')}): the catalogue names no stored photo`,
    );
  });

  it('reports a short secret, an http site, an unreachable database, a dead SMTP server and a failing rates source', async () => {
    rates.state.mode = 'fail';
    const lines = await runDoctor(
      {
        ...env(),
        JWT_SECRET: 'y'.repeat(32),
        SITE_URL: 'http://bastaa.pk',
        MONGODB_URI: 'mongodb://unreachable',
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
      offline('http://bastaa.pk'),
    );
    rates.state.mode = 'ok';
    const failures = lines.filter((l) => !l.ok).map((l) => l.text.split(':')[0]);
    expect(failures).toEqual([
      'JWT_SECRET',
      'SITE_URL',
      'MongoDB reachable (database shop)',
      'SMTP answers',
      'exchange-rate source answers',
    ]);
  });
});
