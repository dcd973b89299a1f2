// `npm run shop -- doctor` explains: one line per problem saying what to change. DNS is
// a table (tests/fixtures/fake-dns.ts), HTTP a local server: nothing here reaches the internet.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainEnvironment } from '../../src/server/doctor/doctor-explain.ts';
import { runDoctor } from '../../src/server/doctor/doctor.ts';
import { explainFetchError } from '../../src/server/fetch-error.ts';
import {
  migrateMongo,
  openMongoStore,
  type MongoDriver,
} from '../../src/server/store/mongo/index.ts';
import { importCatalogue } from '../../src/server/catalogue/catalogue.ts';
import { fakeDns, goodMailRecords, startFakeSite } from '../fixtures/fake-dns.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { mongoDouble, mongoDoubleDriver } from '../fixtures/mongo-double.ts';
import { makeProduct } from '../fixtures/products.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import { startLeopardsStandIn } from '../../src/demo/leopards-stand-in.ts';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { startWhatsappStandIn } from '../../src/demo/whatsapp-stand-in.ts';
import { sealConnection } from '../../src/server/connections.ts';
import type { ConnectionName } from '../../src/lib/connections.ts';

const driver = mongoDoubleDriver as unknown as MongoDriver;
const texts = (env: Record<string, string>) => explainEnvironment(env).map((p) => p.text);

describe('explainEnvironment', () => {
  it('names a URL without its scheme, and shows the value to write', () => {
    expect(texts({ SITE_URL: 'bastaa.pk' })).toEqual([
      'SITE_URL: bastaa.pk has no scheme; write https://bastaa.pk',
    ]);
  });

  it('asks for a scheme on a secret URL without printing it', () => {
    expect(texts({ MONGODB_URI: 'shop:pw@cluster0.ab1cd.mongodb.net/' })).toEqual([
      'MONGODB_URI: has no scheme; start it with mongodb+srv://',
    ]);
    expect(texts({ SMTP_URL: 'shop:pw@smtp.zoho.com' })).toEqual([
      'SMTP_URL: has no scheme; start it with smtps:// (port 465) or smtp:// (port 587)',
    ]);
  });

  it('points at a pasted space before a secret value, without printing the value', () => {
    expect(texts({ MONGODB_URI: ' mongodb+srv://shop:pw@cluster0.ab1cd.mongodb.net/' })).toEqual([
      'MONGODB_URI: a space before the value; delete it (pasted values often carry one)',
    ]);
  });

  it('points at whitespace on both sides of a plain value, showing where', () => {
    expect(texts({ SITE_URL: '\thttps://bastaa.pk\n' })).toEqual([
      'SITE_URL: a tab before the value and a line break after it ("␠https://bastaa.pk␠"); delete them (pasted values often carry one)',
    ]);
  });

  it('names Atlas’s placeholders left in the connection string', () => {
    expect(
      texts({ MONGODB_URI: 'mongodb+srv://<username>:<db_password>@cluster0.ab1cd.mongodb.net/' }),
    ).toEqual([
      'MONGODB_URI: the placeholder <username> and <db_password> is still in the value; replace it with the real value (the database user’s password, URL-encoded)',
    ]);
  });

  it('names the password’s characters that need URL-encoding, showing the encoded shape but not the password', () => {
    const found = texts({ SMTP_URL: 'smtps://shop%40bastaa.pk:p@ss#word@smtp.zoho.com:465' });
    expect(found).toEqual([
      "SMTP_URL: the password holds '@' and '#', which must be URL-encoded: write %40 for '@', %23 for '#' (the password then reads •%40••%23••••, • being its other characters)",
    ]);
    expect(found.join()).not.toContain('ss#wo');
  });

  it('names a user name with a raw @, showing it encoded', () => {
    expect(texts({ SMTP_URL: 'smtps://shop@bastaa.pk:secret@smtp.zoho.com:465' })).toEqual([
      "SMTP_URL: the user name holds '@', which must be URL-encoded: write shop%40bastaa.pk",
    ]);
  });

  it('passes an encoded password and clean values', () => {
    expect(
      texts({
        SMTP_URL: 'smtps://shop%40bastaa.pk:p%40ss%23word@smtp.zoho.com:465',
        MONGODB_URI: 'mongodb+srv://shop:s3cret@cluster0.ab1cd.mongodb.net/?retryWrites=true',
        SITE_URL: 'https://bastaa.pk',
      }),
    ).toEqual([]);
  });
});

describe('explainFetchError', () => {
  const failed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  it('says what `fetch failed` was', () => {
    const url = 'https://open.er-api.com/v6/latest/PKR';
    expect(explainFetchError(failed('ENOTFOUND'), url)).toBe(
      'the name open.er-api.com does not resolve (ENOTFOUND): check the spelling and DNS',
    );
    expect(explainFetchError(failed('ECONNREFUSED'), url)).toBe(
      'open.er-api.com refused the connection (ECONNREFUSED): nothing listens there',
    );
    expect(explainFetchError(failed('UND_ERR_CONNECT_TIMEOUT'), url)).toBe(
      'connecting to open.er-api.com timed out',
    );
    expect(explainFetchError(new DOMException('timed out', 'TimeoutError'), url)).toBe(
      'open.er-api.com did not answer in time (timeout)',
    );
  });
});

describe('runDoctor', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let rates: Awaited<ReturnType<typeof startFakeRates>>;
  let site: Awaited<ReturnType<typeof startFakeSite>>;
  const uri = 'mongodb://doctor-explains.test';
  const dns = fakeDns({ hosts: ['doctor-explains.test'], txt: goodMailRecords('bastaa.pk') });
  // The catalogue names two photos in the store: one per colour of the one product.
  const photos = mkdtempSync(path.join(tmpdir(), 'shop-doctor-photos-'));
  const photo = (text: string) => {
    const bytes = Buffer.from(text);
    return { name: `${createHash('sha256').update(bytes).digest('hex')}.jpg`, bytes };
  };
  const black = photo('black bag');
  const navy = photo('navy bag');
  const bag = makeProduct({
    colors: ['Black', 'Navy'],
    colorImages: [
      { color: 'Black', images: [`/photos/${black.name}`] },
      { color: 'Navy', images: [`/photos/${navy.name}`] },
    ],
  });
  beforeAll(async () => {
    writeFileSync(path.join(photos, black.name), black.bytes);
    writeFileSync(path.join(photos, navy.name), navy.bytes);
    smtp = await startSmtpCatcher();
    rates = await startFakeRates('ok');
    site = await startFakeSite({ status: 200, body: JSON.stringify({ status: 'ok' }) });
    await migrateMongo(uri, 'shop', driver);
    await importCatalogue(await openMongoStore(uri, 'shop', driver), [bag]);
  });
  afterAll(async () => {
    rmSync(photos, { recursive: true, force: true });
    await Promise.all([smtp.close(), rates.close(), site.close()]);
    mongoDouble.reset();
  });
  const env = (overrides: Record<string, string> = {}) => ({
    MONGODB_URI: uri,
    JWT_SECRET: 'x'.repeat(48),
    SMTP_URL: smtp.url,
    SITE_URL: 'https://bastaa.pk',
    RATES_URL: rates.url,
    PHOTO_STORE: 'folder',
    PHOTOS_DIR: photos,
    ...overrides,
  });
  const doctor = (
    overrides: Record<string, string> = {},
    opts: {
      dns?: typeof dns;
      safepayApiUrl?: string;
      courierApiUrl?: string;
      whatsappApiUrl?: string;
    } = {},
  ) =>
    runDoctor(env(overrides), {
      driver,
      dns: opts.dns ?? dns,
      fetch: site.fetchAs('https://bastaa.pk'),
      safepayApiUrl: opts.safepayApiUrl,
      courierApiUrl: opts.courierApiUrl,
      whatsappApiUrl: opts.whatsappApiUrl,
    });
  const failures = async (...args: Parameters<typeof doctor>) =>
    (await doctor(...args)).filter((l) => !l.ok).map((l) => l.text);

  it('passes a complete setup, with the health call, SPF, DKIM and DMARC found', async () => {
    const lines = await doctor();
    expect(lines.filter((l) => !l.ok)).toEqual([]);
    expect(lines.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        'MONGODB_URI: doctor-explains.test resolves',
        `Photo store (the folder ${photos}): all 2 photos the catalogue names are there`,
        'https://bastaa.pk/api/health: ok',
        'SPF: v=spf1 include:_spf.google.com ~all',
        'DKIM: key published under selector google',
        'DMARC: v=DMARC1; p=quarantine; rua=mailto:dmarc@bastaa.pk',
      ]),
    );
  });

  it('names each photo the next build would miss by its product and colour, and how to add it', async () => {
    rmSync(path.join(photos, navy.name));
    try {
      expect(await failures()).toEqual([
        `Photo store (the folder ${photos}): 1 of 2 photos the catalogue names are missing, so the next build stops: Photo /photos/${navy.name} of "Test Commuter Backpack" (Navy) is missing from the photo store. Import them with \`npm run shop -- catalogue import <file> --images <folder>\`.`,
      ]);
    } finally {
      writeFileSync(path.join(photos, navy.name), navy.bytes);
    }
  });

  it('asks for a Netlify token and the site id to check the photos in Netlify Blobs from here', async () => {
    expect(await failures({ PHOTO_STORE: '' })).toEqual([
      'Photo store: set NETLIFY_BLOBS_TOKEN (a Netlify personal access token) and NETLIFY_SITE_ID to check the photos the site builds from',
    ]);
    expect(await failures({ PHOTO_STORE: '', NETLIFY_BLOBS_TOKEN: 'nfp_token' })).toEqual([
      'Photo store: NETLIFY_BLOBS_TOKEN is set; also set NETLIFY_SITE_ID (the site id) beside NETLIFY_BLOBS_TOKEN.',
    ]);
  });

  it("refuses the test suites' password cost where shoppers sign up", async () => {
    expect(await failures({ PASSWORD_HASH_COST: 'test' })).toEqual([
      'PASSWORD_HASH_COST: "test" weakens every stored password; it is for the test suites only, so remove it here',
    ]);
  });

  it('says "add https://" for a SITE_URL without a scheme, instead of "Invalid URL"', async () => {
    expect(await failures({ SITE_URL: 'bastaa.pk' })).toEqual([
      'SITE_URL: bastaa.pk has no scheme; write https://bastaa.pk',
    ]);
  });

  it('points at the space before MONGODB_URI instead of "must start with mongodb://"', async () => {
    expect(await failures({ MONGODB_URI: ` ${uri}` })).toEqual([
      'MONGODB_URI: a space before the value; delete it (pasted values often carry one)',
    ]);
  });

  it('names a MongoDB host that does not resolve, and does not try to connect', async () => {
    expect(
      await failures({ MONGODB_URI: 'mongodb+srv://shop:pw@cluster0.nothere.mongodb.net/' }),
    ).toEqual([
      'MONGODB_URI: the host cluster0.nothere.mongodb.net does not resolve (no _mongodb._tcp SRV record); copy the connection string again from Atlas (Connect → Drivers) and check the cluster name',
    ]);
  });

  it('names the characters to encode in an SMTP password with a raw #, instead of "ENOTFOUND"', async () => {
    expect(await failures({ SMTP_URL: 'smtps://shop:ab#cd@smtp.mailhost.example:465' })).toEqual([
      "SMTP_URL: the password holds '#', which must be URL-encoded: write %23 for '#' (the password then reads ••%23••, • being its other characters)",
    ]);
  });

  it('names an SMTP host that does not resolve, and does not try to connect', async () => {
    expect(await failures({ SMTP_URL: 'smtps://shop:pw@smtp.mailhost.example:465' })).toEqual([
      "SMTP_URL: the host smtp.mailhost.example does not resolve; check the SMTP server's name with your mail provider (a '#' or '@' in the password that is not URL-encoded also cuts the host short)",
    ]);
  });

  it('says so once when DNS itself does not answer, and skips the lookups', async () => {
    expect(await failures({}, { dns: fakeDns({ down: 'ECONNREFUSED' }) })).toEqual([
      'DNS: no answer (ECONNREFUSED); this machine cannot look names up, so host and mail-record checks are skipped',
    ]);
  });

  it('gives the rates service’s real error: refused connection, timeout, HTTP status', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failures({ RATES_URL: `http://127.0.0.1:${port}/latest/PKR` })).toEqual([
      `exchange-rate source answers: 127.0.0.1:${port} refused the connection (ECONNREFUSED): nothing listens there`,
    ]);
    rates.state.mode = 'hang';
    try {
      expect(await failures({ RATES_TIMEOUT_MS: '300' })).toEqual([
        `exchange-rate source answers: ${new URL(rates.url).host} did not answer in time (timeout)`,
      ]);
      rates.state.mode = 'fail';
      expect(await failures()).toEqual([
        'exchange-rate source answers: exchange-rate service answered HTTP 500',
      ]);
    } finally {
      rates.state.mode = 'ok';
    }
  });

  it('reports the deployed site’s health call when it is down, degraded or missing', async () => {
    site.state.status = 503;
    site.state.body = JSON.stringify({ status: 'down' });
    try {
      expect(await failures()).toEqual(['https://bastaa.pk/api/health answered HTTP 503: down']);
      site.state.status = 200;
      site.state.body = JSON.stringify({ status: 'degraded' });
      expect(await failures()).toEqual([
        'https://bastaa.pk/api/health: degraded (the exchange rates need attention; read the answer)',
      ]);
      site.state.status = 404;
      site.state.body = '<html>Page not found</html>';
      expect(await failures()).toEqual([
        'https://bastaa.pk/api/health answered HTTP 404 without the health answer; is the site deployed with its functions?',
      ]);
    } finally {
      site.state.status = 200;
      site.state.body = JSON.stringify({ status: 'ok' });
    }
  });

  it('says which of SPF, DKIM and DMARC the mail domain lacks, and what to add', async () => {
    const bare = fakeDns({ hosts: ['doctor-explains.test'], txt: {} });
    expect(await failures({}, { dns: bare })).toEqual([
      'SPF: bastaa.pk has no TXT record starting v=spf1; add the one your mail provider gives (Google Workspace: v=spf1 include:_spf.google.com ~all; Microsoft 365: v=spf1 include:spf.protection.outlook.com -all)',
      "DKIM: no key under the common selectors (google, selector1, selector2, default, k1, s1, s2, mail, dkim, zoho, mxvault, resend); set DKIM_SELECTOR to your provider's selector, or publish the DKIM record it gives",
      'DMARC: _dmarc.bastaa.pk has no v=DMARC1 record; add TXT "v=DMARC1; p=none; rua=mailto:you@bastaa.pk" and tighten p= to quarantine once reports look clean',
    ]);
  });

  it('finds two SPF records, and looks for DKIM only under DKIM_SELECTOR when it is set', async () => {
    const records = goodMailRecords('shop.example');
    records['shop.example'] = [
      'v=spf1 include:zoho.com ~all',
      'v=spf1 include:_spf.google.com ~all',
    ];
    const twice = fakeDns({ hosts: ['doctor-explains.test'], txt: records });
    expect(
      await failures(
        { MAIL_FROM: 'Shop <orders@shop.example>', DKIM_SELECTOR: 'brevo' },
        { dns: twice },
      ),
    ).toEqual([
      'SPF: shop.example has 2 v=spf1 records; receivers then ignore them all: merge them into one',
      'DKIM: no key at brevo._domainkey.shop.example; publish the DKIM record your mail provider gives',
    ]);
  });

  describe('cards', () => {
    const safepay = {
      SAFEPAY_ENVIRONMENT: 'production',
      SAFEPAY_API_KEY: 'sec_ed8fa26a-e36d-49d2-89bd-1c72c8b5c133',
      SAFEPAY_SECRET_KEY: 'a73e5dad7cd8b1e7fea2f6d93f4c8e01',
      SAFEPAY_WEBHOOK_SECRET: Buffer.alloc(32, 3).toString('base64'),
    };
    let stand: Awaited<ReturnType<typeof startSafepayStandIn>>;
    beforeAll(async () => {
      stand = await startSafepayStandIn({
        apiKey: safepay.SAFEPAY_API_KEY,
        secretKey: safepay.SAFEPAY_SECRET_KEY,
        webhookSecret: safepay.SAFEPAY_WEBHOOK_SECRET,
      });
    });
    afterAll(() => stand.close());
    const cardLine = async (overrides: Record<string, string>) =>
      (await doctor(overrides, { safepayApiUrl: stand.url })).find((l) =>
        l.text.startsWith('Cards'),
      );

    it('says cards are off when no Safepay key is set', async () => {
      expect(await cardLine({})).toEqual({
        ok: true,
        text: 'Cards: off (SAFEPAY_API_KEY, SAFEPAY_SECRET_KEY and SAFEPAY_WEBHOOK_SECRET unset), so checkout offers no card payment',
      });
    });

    it('says cards are on when Safepay accepts the live keys, and names the webhook address', async () => {
      expect(await cardLine(safepay)).toEqual({
        ok: true,
        text: 'Cards: on (Safepay production): Safepay accepts the keys; its webhook endpoint must be https://bastaa.pk/api/payments/safepay/webhook',
      });
    });

    it('refuses sandbox keys beside the live site', async () => {
      expect(await cardLine({ ...safepay, SAFEPAY_ENVIRONMENT: 'sandbox' })).toEqual({
        ok: false,
        text: "Cards: SAFEPAY_ENVIRONMENT is sandbox beside the live site https://bastaa.pk; sandbox keys take test cards only, so card orders would never be paid. Set SAFEPAY_ENVIRONMENT=production with the keys from Safepay's live dashboard",
      });
    });

    it('says Safepay refused keys that are not its live ones', async () => {
      expect(
        await cardLine({ ...safepay, SAFEPAY_SECRET_KEY: 'a-sandbox-secret-key-0001' }),
      ).toEqual({
        ok: false,
        text: 'Cards: on (Safepay production): Safepay (POST /client/passport/v1/token) refused the keys (HTTP 401: invalid merchant secret): check SAFEPAY_SECRET_KEY and SAFEPAY_ENVIRONMENT (sandbox keys work on sandbox only)',
      });
    });

    it('names a missing key instead of a half-configured gateway', async () => {
      const { SAFEPAY_WEBHOOK_SECRET: _, ...twoKeys } = safepay;
      expect(await failures(twoKeys)).toEqual([
        'SAFEPAY_WEBHOOK_SECRET: required beside SAFEPAY_API_KEY and SAFEPAY_SECRET_KEY (set all three Safepay keys for card payments, or none)',
      ]);
    });
  });

  describe('couriers', () => {
    const TOKEN = 'live-postex-token-8f2a';
    let stand: Awaited<ReturnType<typeof startPostexStandIn>>;
    beforeAll(async () => {
      stand = await startPostexStandIn({ token: TOKEN });
    });
    afterAll(() => stand.close());
    const courierLine = async (overrides: Record<string, string>, apiUrl?: string) =>
      (await doctor(overrides, { courierApiUrl: apiUrl ?? stand.apiUrl })).find((l) =>
        l.text.startsWith('Couriers'),
      );

    it('says no courier is connected when no courier key is set', async () => {
      expect(await courierLine({})).toEqual({
        ok: true,
        text: "Couriers: none connected (POSTEX_API_TOKEN, or LEOPARDS_API_KEY and LEOPARDS_API_PASSWORD, unset, and no courier keys in the desk's Settings), so staff book parcels on the courier's portal",
      });
    });

    it('says the courier accepts the keys from the environment, naming the variable, and counting the cities it serves', async () => {
      const line = await courierLine({ POSTEX_API_TOKEN: TOKEN });
      expect(line?.ok).toBe(true);
      expect(line?.text).toMatch(
        /^Couriers, from the environment \(POSTEX_API_TOKEN\): PostEx accepts the keys and serves \d+ cities$/,
      );
    });

    it('says the courier refused a token that is not its own', async () => {
      const line = await courierLine({ POSTEX_API_TOKEN: 'someone-elses-token' });
      expect(line?.ok).toBe(false);
      expect(line?.text).toMatch(
        /^Couriers, from the environment \(POSTEX_API_TOKEN\): PostEx refused or failed the cities call: /,
      );
    });

    it('refuses a courier stand-in beside the live site: no rider would come', async () => {
      expect(
        await failures({ POSTEX_API_TOKEN: TOKEN, POSTEX_API_URL: 'http://127.0.0.1:8893' }),
      ).toEqual(['POSTEX_API_URL: points at a local stand-in; a deployed site must not set it']);
    });
  });

  describe('connections saved in the desk', () => {
    const TOKEN = 'desk-postex-token-51c0';
    const WHATSAPP = { token: 'EAAG-doctor-whatsapp-token-0001', phoneNumberId: '100200300400' };
    const key = new TextEncoder().encode('x'.repeat(48));
    let postex: Awaited<ReturnType<typeof startPostexStandIn>>;
    let whatsapp: Awaited<ReturnType<typeof startWhatsappStandIn>>;
    beforeAll(async () => {
      postex = await startPostexStandIn({ token: TOKEN });
      whatsapp = await startWhatsappStandIn(WHATSAPP);
    });
    afterAll(async () => {
      await Promise.all([postex.close(), whatsapp.close()]);
    });
    const connect = async (name: ConnectionName, values: Record<string, string> | null) =>
      (await openMongoStore(uri, 'shop', driver)).connections.save(
        name,
        values && sealConnection(name, values, key),
      );
    const run = () => doctor({}, { courierApiUrl: postex.apiUrl, whatsappApiUrl: whatsapp.apiUrl });
    const line = (lines: { ok: boolean; text: string }[], start: string) =>
      lines.find((l) => l.text.startsWith(start));

    it('checks the courier the owner saved in the desk, its token opened with JWT_SECRET', async () => {
      await connect('courier', { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: TOKEN });
      try {
        const lines = await run();
        expect(line(lines, 'Connections saved')).toEqual({
          ok: true,
          text: "Connections saved in the desk's Settings (they win over the environment's): Couriers",
        });
        expect(line(lines, 'Couriers')?.ok).toBe(true);
        expect(line(lines, 'Couriers')?.text).toMatch(
          /^Couriers, from the desk's Settings: PostEx accepts the keys and serves \d+ cities$/,
        );
      } finally {
        await connect('courier', null);
      }
    });

    it('fails on sandbox wallet keys saved in the desk beside the live site, naming the desk’s Settings and the fix there', async () => {
      await connect('jazzcash', {
        JAZZCASH_ENVIRONMENT: 'sandbox',
        JAZZCASH_MERCHANT_ID: 'MC12345',
        JAZZCASH_PASSWORD: 'jc-password-1',
        JAZZCASH_INTEGRITY_SALT: 'jc-salt-012345',
      });
      try {
        expect(await failures()).toEqual([
          "JazzCash, from the desk's Settings: its Environment is Sandbox beside the live site https://bastaa.pk; sandbox keys move no money, so JazzCash orders would never be paid. Choose Production in the desk's Settings, Connections, JazzCash, with the keys from JazzCash's live portal",
        ]);
      } finally {
        await connect('jazzcash', null);
      }
    });

    it('names the environment’s variables as the source of sandbox wallet keys set there', async () => {
      expect(
        await failures({
          JAZZCASH_ENVIRONMENT: 'sandbox',
          JAZZCASH_MERCHANT_ID: 'MC12345',
          JAZZCASH_PASSWORD: 'jc-password-1',
          JAZZCASH_INTEGRITY_SALT: 'jc-salt-012345',
        }),
      ).toEqual([
        "JazzCash, from the environment (JAZZCASH_ENVIRONMENT, JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD, JAZZCASH_INTEGRITY_SALT): JAZZCASH_ENVIRONMENT is sandbox beside the live site https://bastaa.pk; sandbox keys move no money, so JazzCash orders would never be paid. Set JAZZCASH_ENVIRONMENT=production with the keys from JazzCash's live portal",
      ]);
    });

    it('names the desk’s Settings for live wallet keys saved there, though the environment holds others', async () => {
      await connect('easypaisa', {
        EASYPAISA_ENVIRONMENT: 'production',
        EASYPAISA_STORE_ID: '40042',
        EASYPAISA_USERNAME: 'desk-user',
        EASYPAISA_PASSWORD: 'desk-password',
      });
      try {
        const lines = await doctor({
          EASYPAISA_ENVIRONMENT: 'sandbox',
          EASYPAISA_STORE_ID: '10001',
          EASYPAISA_USERNAME: 'env-user',
          EASYPAISA_PASSWORD: 'env-password',
        });
        expect(line(lines, 'EasyPaisa')).toEqual({
          ok: true,
          text: "EasyPaisa, from the desk's Settings: on (production); its payment notices must go to https://bastaa.pk/api/payments/easypaisa/webhook",
        });
      } finally {
        await connect('easypaisa', null);
      }
    });

    it('fails on a WhatsApp test number beside the live site, and says WhatsApp is off without keys', async () => {
      expect(line(await run(), 'WhatsApp')).toEqual({
        ok: true,
        text: "WhatsApp: not connected (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID unset, and no WhatsApp connection in the desk's Settings), so COD confirmations go by e-mail",
      });
      await connect('whatsapp', {
        WHATSAPP_TOKEN: WHATSAPP.token,
        WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      });
      try {
        expect(line(await run(), 'WhatsApp')).toEqual({
          ok: false,
          text: "WhatsApp, from the desk's Settings: +1 555 010 0100 is a test number (Meta's sandbox), which messages only the numbers added to it, beside the live site; connect the shop's registered number",
        });
      } finally {
        await connect('whatsapp', null);
      }
    });

    it('names the environment’s WhatsApp variables when the number comes from there', async () => {
      const lines = await doctor(
        { WHATSAPP_TOKEN: WHATSAPP.token, WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId },
        { whatsappApiUrl: whatsapp.apiUrl },
      );
      expect(line(lines, 'WhatsApp')).toEqual({
        ok: false,
        text: "WhatsApp, from the environment (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID): +1 555 010 0100 is a test number (Meta's sandbox), which messages only the numbers added to it, beside the live site; connect the shop's registered number",
      });
    });

    it('names the environment for Leopards’ keys and the desk’s Settings for the push secret saved there alone', async () => {
      const keys = { apiKey: 'env-leopards-key-5150', apiPassword: 'env-leopards-pass' };
      const leopards = await startLeopardsStandIn(keys);
      await connect('courier', { LEOPARDS_WEBHOOK_SECRET: 'push-secret-saved-in-the-desk-01' });
      try {
        const lines = await doctor(
          { LEOPARDS_API_KEY: keys.apiKey, LEOPARDS_API_PASSWORD: keys.apiPassword },
          { courierApiUrl: leopards.apiUrl },
        );
        expect(line(lines, 'Connections saved')).toEqual({
          ok: true,
          text: "Connections saved in the desk's Settings (they win over the environment's): Couriers (Leopards push secret only)",
        });
        expect(line(lines, 'Couriers')?.text).toMatch(
          /^Couriers, from the environment \(LEOPARDS_API_KEY, LEOPARDS_API_PASSWORD\): Leopards accepts the keys and serves \d+ cities$/,
        );
        expect(line(lines, 'Leopards push')).toEqual({
          ok: true,
          text: "Leopards push, its secret from the desk's Settings: on; give Leopards the address https://bastaa.pk/api/couriers/leopards/webhook and that secret in the X-Api-Key header",
        });
      } finally {
        await connect('courier', null);
        await leopards.close();
      }
    });

    it('names LEOPARDS_WEBHOOK_SECRET for a push secret from the environment, and says the push is off without one', async () => {
      const keys = { apiKey: 'env-leopards-key-5150', apiPassword: 'env-leopards-pass' };
      const leopards = await startLeopardsStandIn(keys);
      try {
        const leopardsEnv = {
          LEOPARDS_API_KEY: keys.apiKey,
          LEOPARDS_API_PASSWORD: keys.apiPassword,
        };
        const opts = { courierApiUrl: leopards.apiUrl };
        expect(line(await doctor(leopardsEnv, opts), 'Leopards push')).toEqual({
          ok: true,
          text: "Leopards push: off (LEOPARDS_WEBHOOK_SECRET unset, and no push secret in the desk's Settings), so Leopards' parcels are followed by the poll alone",
        });
        const pushEnv = {
          ...leopardsEnv,
          LEOPARDS_WEBHOOK_SECRET: 'push-secret-of-the-environment-02',
        };
        expect(line(await doctor(pushEnv, opts), 'Leopards push')).toEqual({
          ok: true,
          text: 'Leopards push, its secret from the environment (LEOPARDS_WEBHOOK_SECRET): on; give Leopards the address https://bastaa.pk/api/couriers/leopards/webhook and that secret in the X-Api-Key header',
        });
      } finally {
        await leopards.close();
      }
    });

    it('names a key saved under another JWT_SECRET, which no function could open', async () => {
      await (
        await openMongoStore(uri, 'shop', driver)
      ).connections.save(
        'courier',
        sealConnection(
          'courier',
          { POSTEX_API_TOKEN: TOKEN },
          new TextEncoder().encode('y'.repeat(48)),
        ),
      );
      try {
        expect(await failures()).toContain(
          "Couriers: POSTEX_API_TOKEN saved in the desk's Settings opens with neither JWT_SECRET nor JWT_SECRET_PREVIOUS; set JWT_SECRET_PREVIOUS to the secret it was saved under, or enter it again in Settings, Connections",
        );
      } finally {
        await connect('courier', null);
      }
    });
  });

  describe('push alerts', () => {
    // Two real pairs, as `npx web-push generate-vapid-keys` makes them.
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const vapid = {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:care@bastaa.pk',
    };
    const pushLine = async (overrides: Record<string, string>) =>
      (await doctor(overrides)).find((l) => l.text.startsWith('Push alerts'));

    it('says push alerts are off when no VAPID variable is set, and how to make a pair', async () => {
      expect(await pushLine({})).toEqual({
        ok: true,
        text: 'Push alerts: off (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT unset), so alerts go by mail only; make a pair once with `npx web-push generate-vapid-keys`',
      });
    });

    it('says push alerts are on when the public key is the private key’s, naming the contact', async () => {
      expect(await pushLine(vapid)).toEqual({
        ok: true,
        text: 'Push alerts: on (one VAPID pair; contact mailto:care@bastaa.pk)',
      });
    });

    it('refuses a public key from another pair, which every push service would refuse', async () => {
      expect(await pushLine({ ...vapid, VAPID_PUBLIC_KEY: other.publicKey })).toEqual({
        ok: false,
        text: 'Push alerts: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY, so push services would refuse every push; set both from one run of `npx web-push generate-vapid-keys` (devices then turn alerts on again)',
      });
    });

    it('refuses a push stand-in on a deployed site: the server would send to it', async () => {
      expect(await failures({ ...vapid, PUSH_SERVICE_STAND_IN: 'http://localhost:8890' })).toEqual([
        'PUSH_SERVICE_STAND_IN: names a local push stand-in the server would send to; a deployed site must not set it',
      ]);
    });

    it('names a missing VAPID variable instead of half-configured push', async () => {
      const { VAPID_SUBJECT: _, ...twoKeys } = vapid;
      expect(await failures(twoKeys)).toEqual([
        'VAPID_SUBJECT: required beside VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (set all three VAPID variables for push alerts, or none)',
      ]);
    });
  });
});
