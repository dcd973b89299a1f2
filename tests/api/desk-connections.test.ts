// The owner's connections from the desk's Settings, through the desk router with real Requests,
// against the PostEx, Leopards and WhatsApp stand-ins (src/demo/*-stand-in.ts) on 127.0.0.1: only
// the owner reads or changes them, a secret is never answered (only whether it is set and its last
// characters) nor stored in clear, every value is checked with the environment's own rule and a
// refused save changes nothing, keys are tried on the provider's harmless call, each change is
// audited without its secret, and a connection saved here wins over the environment's.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shop from '../../netlify/functions/shop.mts';
import { startLeopardsStandIn } from '../../src/demo/leopards-stand-in.ts';
import { startPostexStandIn } from '../../src/demo/postex-stand-in.ts';
import { startWhatsappStandIn } from '../../src/demo/whatsapp-stand-in.ts';
import { CONNECTION_MESSAGES } from '../../src/lib/contract/desk-connections.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { loadConfig } from '../../src/server/config.ts';
import { getDeps } from '../../src/server/deps.ts';
import { saveConnection } from '../../src/server/operations/connections.ts';
import { connectedInDesk } from '../../src/server/connections.ts';
import { cnicWalletsAtCheckout } from '../../src/server/payments/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';

const POSTEX_TOKEN = 'owner-postex-token-9f3c';
const LEOPARDS = { apiKey: 'env-leopards-key-1234', apiPassword: 'env-leopards-pass' };
const WHATSAPP = { token: 'EAAG-owner-whatsapp-token-77aa', phoneNumberId: '109876543210' };

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let postex: Awaited<ReturnType<typeof startPostexStandIn>>;
let leopards: Awaited<ReturnType<typeof startLeopardsStandIn>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsappStandIn>>;
let restoreEnv: () => void;
let owner: Member;
let staff: Member;
let shopperToken: string;

beforeAll(async () => {
  env = await useTempDataDir();
  postex = await startPostexStandIn({ token: POSTEX_TOKEN });
  leopards = await startLeopardsStandIn(LEOPARDS);
  whatsapp = await startWhatsappStandIn(WHATSAPP);
  // The environment connects Leopards (as a deployment configured by variables would); the API
  // addresses point at the stand-ins and stay the environment's whatever the owner saves.
  restoreEnv = setEnv({
    DEFAULT_COURIER: 'leopards',
    LEOPARDS_API_KEY: LEOPARDS.apiKey,
    LEOPARDS_API_PASSWORD: LEOPARDS.apiPassword,
    LEOPARDS_API_URL: leopards.apiUrl,
    POSTEX_API_URL: postex.apiUrl,
    WHATSAPP_API_URL: whatsapp.apiUrl,
    COURIER_TIMEOUT_MS: '3000',
  });
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Packer');
  shopperToken = (await signUp('Connections Shopper')).token;
}, 60_000);
afterAll(async () => {
  restoreEnv();
  await Promise.all([postex.close(), leopards.close(), whatsapp.close()]);
  await env.cleanup();
});

const read = (token = owner.token) => deskCall('settings/connections', { token });
const save = (body: unknown, token = owner.token) =>
  deskCall('settings/connections/save', { body, token });
const connectPostex = () =>
  save({
    connection: 'courier',
    set: { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: POSTEX_TOKEN },
  });
/** The stored record as the database holds it, read past the adapter. */
const rawRow = () => {
  const db = new DatabaseSync(path.join(env.dir, 'shop.db'));
  try {
    return (db.prepare('SELECT doc FROM connections WHERE id = 1').get() as { doc: string })?.doc;
  } finally {
    db.close();
  }
};

describe('deskConnections and deskConnectionSave', { timeout: 60_000 }, () => {
  it('shows the environment’s courier before the owner saves one, its secrets only as set with their last characters', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.live).toBe(false);
    expect(answer.body.connections.courier).toEqual({
      source: 'environment',
      fields: {
        DEFAULT_COURIER: { set: true, value: 'leopards' },
        POSTEX_API_TOKEN: { set: false },
        POSTEX_PICKUP_ADDRESS_CODE: { set: false },
        LEOPARDS_API_KEY: { set: true, endsIn: '1234' },
        LEOPARDS_API_PASSWORD: { set: true, endsIn: 'pass' },
        LEOPARDS_WEBHOOK_SECRET: { set: false },
      },
    });
    expect(answer.body.connections.jazzcash.source).toBe('none');
    expect(JSON.stringify(answer.body)).not.toContain(LEOPARDS.apiKey);
    expect(JSON.stringify(answer.body)).not.toContain(LEOPARDS.apiPassword);
  });

  it.each([
    ['no token', undefined, 401, DESK_ANSWERS.signInRequired],
    ['a shopper token', () => shopperToken, 403, DESK_ANSWERS.shopperToken],
    ['a member’s token', () => staff.token, 403, DESK_ANSWERS.ownerOnly],
  ] as const)(
    'refuses a read and a save with %s, changing nothing',
    async (_, token, status, message) => {
      const seen = await deskCall('settings/connections', { token: token?.() });
      expect(seen.status).toBe(status);
      expect(seen.body.message).toBe(message);
      const saved = await deskCall('settings/connections/save', {
        body: { connection: 'courier', set: { POSTEX_API_TOKEN: 'thief-token-1234' } },
        token: token?.(),
      });
      expect(saved.status).toBe(status);
      expect(saved.body.message).toBe(message);
      expect(rawRow()).toBeUndefined();
    },
  );

  it('connects PostEx for the owner after PostEx accepts the token on its cities call, and audits it without the token', async () => {
    const answer = await connectPostex();
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CONNECTION_MESSAGES.saved('Couriers'));
    expect(answer.body.check).toEqual({
      ok: true,
      text: expect.stringMatching(/^PostEx accepts the keys and serves \d+ cities\.$/),
    });
    expect(answer.body.connections.courier).toEqual({
      source: 'desk',
      fields: {
        DEFAULT_COURIER: { set: true, value: 'postex' },
        POSTEX_API_TOKEN: { set: true, endsIn: '9f3c' },
        POSTEX_PICKUP_ADDRESS_CODE: { set: false },
        LEOPARDS_API_KEY: { set: false },
        LEOPARDS_API_PASSWORD: { set: false },
        LEOPARDS_WEBHOOK_SECRET: { set: false },
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(POSTEX_TOKEN);
    const [entry] = await (await getStore()).audit.list({ action: 'connections.save', limit: 1 });
    expect(entry).toMatchObject({
      actor: { id: owner.id, email: owner.email },
      target: 'connection:courier',
      before: { DEFAULT_COURIER: 'not set', POSTEX_API_TOKEN: 'not set' },
      after: { DEFAULT_COURIER: 'postex', POSTEX_API_TOKEN: 'set' },
    });
    expect(JSON.stringify(entry)).not.toContain(POSTEX_TOKEN);
  });

  it('keeps the token sealed at rest: the database row holds no key text', async () => {
    const row = rawRow()!;
    expect(row).not.toContain(POSTEX_TOKEN);
    expect(JSON.parse(row).courier).toEqual({
      DEFAULT_COURIER: 'postex',
      POSTEX_API_TOKEN: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/),
    });
  });

  it('books with the courier the owner saved, not the environment’s', async () => {
    const order = await seedOrder({
      status: 'Packing',
      address: lahoreAddress({ firstName: 'Ayesha', lastName: 'Khan' }),
    });
    const answer = await deskCall('orders/book-courier', {
      body: { order: order.id },
      token: staff.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.booking.courier).toBe('postex');
    expect(postex.book.parcels.has(answer.body.booking.trackingNumber)).toBe(true);
    expect(leopards.book.parcels.size).toBe(0);
    expect((await getDeps()).config.POSTEX_API_TOKEN).toBe(POSTEX_TOKEN);
    expect(loadConfig().POSTEX_API_TOKEN).toBeUndefined();
  });

  it('refuses a token PostEx refuses, saying so, and keeps the one that works', async () => {
    const before = rawRow();
    const answer = await save({
      connection: 'courier',
      set: { POSTEX_API_TOKEN: 'wrong-token-0000' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^Not saved: PostEx refused the keys: .*\(HTTP 401\): check PostEx API token/,
    );
    expect(rawRow()).toBe(before);
  });

  it.each([
    [
      'a value its variable’s rule refuses',
      { connection: 'courier', set: { POSTEX_PICKUP_ADDRESS_CODE: 'no spaces allowed' } },
      'PostEx pickup address code: must be a pickup address code',
    ],
    [
      'a Leopards key without its password',
      { connection: 'courier', set: { LEOPARDS_API_KEY: 'lonely-key-5678' } },
      'Leopards API password: required beside Leopards API key (set both Leopards keys, or neither)',
    ],
    [
      'a field of another connection',
      { connection: 'courier', set: { WHATSAPP_TOKEN: 'x'.repeat(30) } },
      CONNECTION_MESSAGES.unknownField('Couriers', 'WHATSAPP_TOKEN', [
        'DEFAULT_COURIER',
        'POSTEX_API_TOKEN',
        'POSTEX_PICKUP_ADDRESS_CODE',
        'LEOPARDS_API_KEY',
        'LEOPARDS_API_PASSWORD',
        'LEOPARDS_WEBHOOK_SECRET',
      ]),
    ],
    [
      'a wallet without all its keys',
      { connection: 'jazzcash', set: { JAZZCASH_ENVIRONMENT: 'sandbox' } },
      CONNECTION_MESSAGES.incomplete('JazzCash', ['Merchant id', 'API password', 'Integrity salt']),
    ],
    [
      'an unknown connection',
      { connection: 'bank', set: {} },
      CONNECTION_MESSAGES.unknownConnection,
    ],
    [
      'a value of 1,001 characters',
      { connection: 'courier', set: { POSTEX_API_TOKEN: 'x'.repeat(1001) } },
      CONNECTION_MESSAGES.valueTooLong,
    ],
    [
      'an empty value',
      { connection: 'courier', set: { POSTEX_API_TOKEN: '  ' } },
      CONNECTION_MESSAGES.valueEmpty,
    ],
    [
      'a field both set and removed',
      {
        connection: 'courier',
        set: { POSTEX_API_TOKEN: POSTEX_TOKEN },
        remove: ['POSTEX_API_TOKEN'],
      },
      CONNECTION_MESSAGES.bothWays('POSTEX_API_TOKEN'),
    ],
    [
      'a field it does not know in the body',
      { connection: 'courier', set: {}, apiUrl: 'https://evil.example' },
      expect.stringContaining('apiUrl'),
    ],
  ])('refuses %s and changes nothing', async (_, body, message) => {
    const before = rawRow();
    const logged = (await (await getStore()).audit.list({ action: 'connections.save' })).length;
    const answer = await save(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(message);
    expect(rawRow()).toBe(before);
    expect(await (await getStore()).audit.list({ action: 'connections.save' })).toHaveLength(
      logged,
    );
  });

  it('refuses an oversized body with 413 and changes nothing', async () => {
    const before = rawRow();
    const answer = await save({
      connection: 'courier',
      set: { POSTEX_API_TOKEN: 'x'.repeat(2_000_000) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(SERVER_MESSAGES.bodyTooLarge);
    expect(rawRow()).toBe(before);
  });

  it('connects WhatsApp after reading its number, and says it is a test number', async () => {
    const answer = await save({
      connection: 'whatsapp',
      set: { WHATSAPP_TOKEN: WHATSAPP.token, WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.check).toEqual({
      ok: true,
      text: 'WhatsApp accepts the token: it sends from +1 555 010 0100 (Test Number), a test number that messages only the numbers added to it.',
    });
    expect(answer.body.connections.whatsapp).toEqual({
      source: 'desk',
      fields: {
        WHATSAPP_TOKEN: { set: true, endsIn: '77aa' },
        WHATSAPP_PHONE_NUMBER_ID: { set: true, value: WHATSAPP.phoneNumberId },
        WHATSAPP_TEMPLATE: { set: true, value: 'cod_order_confirmation' },
        WHATSAPP_TEMPLATE_LANGUAGE: { set: true, value: 'en' },
      },
    });
    expect(rawRow()).not.toContain(WHATSAPP.token);
  });

  it('refuses a WhatsApp token the Graph API refuses', async () => {
    const answer = await save({
      connection: 'whatsapp',
      set: { WHATSAPP_TOKEN: 'EAAG-not-the-token-000000' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'Not saved: WhatsApp refused the access token: HTTP 401: Invalid OAuth access token - Cannot parse access token (code 190)',
    );
  });

  it('connects a wallet’s sandbox off the live site, checking form only', async () => {
    const answer = await save({
      connection: 'jazzcash',
      set: {
        JAZZCASH_ENVIRONMENT: 'sandbox',
        JAZZCASH_MERCHANT_ID: 'MC12345',
        JAZZCASH_PASSWORD: 'jc-password-abcd',
        JAZZCASH_INTEGRITY_SALT: 'jc-salt-0123456789',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.check).toEqual({
      ok: true,
      text: 'JazzCash has no call that proves keys without a payment: they are checked for form only, and the first payment tries them.',
    });
    expect(answer.body.connections.jazzcash.fields.JAZZCASH_PASSWORD).toEqual({
      set: true,
      endsIn: 'abcd',
    });
    expect(rawRow()).not.toContain('jc-password-abcd');
    expect(rawRow()).not.toContain('jc-salt-0123456789');
  });

  it('saves nothing and logs nothing when the values are the ones already saved', async () => {
    const logged = (await (await getStore()).audit.list({ action: 'connections.save' })).length;
    const answer = await connectPostex();
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CONNECTION_MESSAGES.unchanged);
    expect(await (await getStore()).audit.list({ action: 'connections.save' })).toHaveLength(
      logged,
    );
  });

  it('removes the courier connection when its last field is removed: the environment’s Leopards is used again', async () => {
    const answer = await save({
      connection: 'courier',
      remove: ['DEFAULT_COURIER', 'POSTEX_API_TOKEN'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(CONNECTION_MESSAGES.removed('Couriers'));
    expect(answer.body.connections.courier.source).toBe('environment');
    expect(answer.body.connections.courier.fields.DEFAULT_COURIER).toEqual({
      set: true,
      value: 'leopards',
    });
    expect(JSON.parse(rawRow()!).courier).toBeUndefined();
    expect((await getDeps()).config.DEFAULT_COURIER).toBe('leopards');
  });
});

describe('the Leopards push secret saved on its own', { timeout: 60_000 }, () => {
  const PUSH_SECRET = 'owner-chose-this-push-secret-7d1e';
  const pushStep = (cn: string, key: string) =>
    call(shop, '/api/couriers/leopards/webhook', {
      body: {
        data: [{ cn_number: cn, status: 'SP', reason: '', activity_date: '2031-03-02 10:15:00' }],
      },
      headers: { 'content-type': 'application/json', 'x-api-key': key },
    });
  const savesLogged = async () =>
    (await (await getStore()).audit.list({ action: 'connections.save' })).length;

  it('saves the push secret alone, trying no keys, while the environment’s Leopards keys stay in force', async () => {
    const calls = leopards.state.calls;
    const answer = await save({
      connection: 'courier',
      set: { LEOPARDS_WEBHOOK_SECRET: PUSH_SECRET },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(
      "Saved the Leopards push secret on its own; the rest of Couriers comes from the site's environment variables (if any).",
    );
    expect(answer.body.check).toBeNull();
    expect(leopards.state.calls).toBe(calls);
    expect(answer.body.connections.courier).toEqual({
      source: 'environment',
      fields: {
        DEFAULT_COURIER: { set: true, value: 'leopards' },
        POSTEX_API_TOKEN: { set: false },
        POSTEX_PICKUP_ADDRESS_CODE: { set: false },
        LEOPARDS_API_KEY: { set: true, endsIn: '1234' },
        LEOPARDS_API_PASSWORD: { set: true, endsIn: 'pass' },
        LEOPARDS_WEBHOOK_SECRET: { set: true, endsIn: '7d1e', from: 'desk' },
      },
    });
    expect(JSON.stringify(answer.body)).not.toContain(PUSH_SECRET);
    const row = rawRow()!;
    expect(row).not.toContain(PUSH_SECRET);
    expect(JSON.parse(row).courier).toEqual({
      LEOPARDS_WEBHOOK_SECRET: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    const [entry] = await (await getStore()).audit.list({ action: 'connections.save', limit: 1 });
    expect(entry).toMatchObject({
      target: 'connection:courier',
      before: { LEOPARDS_WEBHOOK_SECRET: 'not set' },
      after: { LEOPARDS_WEBHOOK_SECRET: 'set' },
    });
    const { config } = await getDeps();
    expect(config.LEOPARDS_WEBHOOK_SECRET).toBe(PUSH_SECRET);
    expect(config.LEOPARDS_API_KEY).toBe(LEOPARDS.apiKey);
    expect(config.DEFAULT_COURIER).toBe('leopards');
  });

  it('books with the environment’s Leopards, and takes Leopards’ push of that parcel with the secret saved here', async () => {
    const order = await seedOrder({
      status: 'Packing',
      address: lahoreAddress({ firstName: 'Sana', lastName: 'Malik' }),
    });
    const booked = await deskCall('orders/book-courier', {
      body: { order: order.id },
      token: staff.token,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.booking.courier).toBe('leopards');
    const cn = booked.body.booking.trackingNumber as string;
    expect(leopards.book.parcels.has(cn)).toBe(true);
    expect((await pushStep(cn, 'not-the-secret-the-owner-saved')).status).toBe(401);
    expect((await (await getStore()).orders.get(order.id))!.status).toBe('Packing');
    const pushed = await pushStep(cn, PUSH_SECRET);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(202);
    expect((await (await getStore()).orders.get(order.id))!.status).toBe('Out for Delivery');
  });

  it.each([
    ['23 characters', 'a'.repeat(23)],
    ['129 characters', 'a'.repeat(129)],
    ['a space inside', 'owner chose this push secret'],
    ['a letter outside ASCII', 'owner-chose-this-push-sécret'],
    ['a control character', 'owner-chose-this-push-secret\u0007'],
  ])('refuses a push secret of %s, naming the rule, and changes nothing', async (_, secret) => {
    const before = rawRow();
    const logged = await savesLogged();
    const answer = await save({ connection: 'courier', set: { LEOPARDS_WEBHOOK_SECRET: secret } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'Leopards push secret: must be 24 to 128 letters, digits or punctuation marks, without spaces (a random secret you give Leopards, e.g. `openssl rand -hex 24`)',
    );
    expect(rawRow()).toBe(before);
    expect(await savesLogged()).toBe(logged);
    expect((await getDeps()).config.LEOPARDS_WEBHOOK_SECRET).toBe(PUSH_SECRET);
  });

  it('keeps the push secret saved here when the owner saves the courier keys, and only it when they are removed', async () => {
    expect((await connectPostex()).body.message).toBe(CONNECTION_MESSAGES.saved('Couriers'));
    expect((await getDeps()).config).toMatchObject({
      DEFAULT_COURIER: 'postex',
      LEOPARDS_API_KEY: undefined,
      LEOPARDS_WEBHOOK_SECRET: PUSH_SECRET,
    });
    const removed = await save({
      connection: 'courier',
      remove: ['DEFAULT_COURIER', 'POSTEX_API_TOKEN'],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.connections.courier.source).toBe('environment');
    expect((await getDeps()).config).toMatchObject({
      DEFAULT_COURIER: 'leopards',
      LEOPARDS_API_KEY: LEOPARDS.apiKey,
      LEOPARDS_WEBHOOK_SECRET: PUSH_SECRET,
    });
  });

  it('uses the environment’s push secret again once the one saved here is removed', async () => {
    const restore = setEnv({ LEOPARDS_WEBHOOK_SECRET: 'environment-push-secret-0f0f0f' });
    try {
      const answer = await save({ connection: 'courier', remove: ['LEOPARDS_WEBHOOK_SECRET'] });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(CONNECTION_MESSAGES.removed('Couriers'));
      expect(answer.body.connections.courier.fields.LEOPARDS_WEBHOOK_SECRET).toEqual({
        set: true,
        endsIn: '0f0f',
        from: 'environment',
      });
      expect(JSON.parse(rawRow()!).courier).toBeUndefined();
      expect((await getDeps()).config.LEOPARDS_WEBHOOK_SECRET).toBe(
        'environment-push-secret-0f0f0f',
      );
    } finally {
      restore();
    }
  });
});

describe('deskConnectionSave on the live site', { timeout: 60_000 }, () => {
  it('refuses sandbox wallet keys, naming the fix, and changes nothing', async () => {
    const deps = await getDeps();
    const before = rawRow();
    await expect(
      saveConnection(
        { ...deps, config: { ...deps.config, production: true } },
        await ownerRecord(),
        {
          connection: 'easypaisa',
          set: {
            EASYPAISA_ENVIRONMENT: 'sandbox',
            EASYPAISA_STORE_ID: '12345',
            EASYPAISA_USERNAME: 'merchant01',
            EASYPAISA_PASSWORD: 'ep-password-1',
          },
          remove: [],
        },
      ),
    ).rejects.toThrow(CONNECTION_MESSAGES.sandboxLive('EasyPaisa'));
    expect(rawRow()).toBe(before);
  });

  it('refuses a WhatsApp test number', async () => {
    const deps = await getDeps();
    await expect(
      saveConnection(
        { ...deps, config: { ...deps.config, production: true } },
        await ownerRecord(),
        {
          connection: 'whatsapp',
          // A new template, so the save is a change and the number is read again.
          set: {
            WHATSAPP_TOKEN: WHATSAPP.token,
            WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
            WHATSAPP_TEMPLATE: 'cod_confirm_live',
          },
          remove: [],
        },
      ),
    ).rejects.toThrow(CONNECTION_MESSAGES.refused(CONNECTION_MESSAGES.whatsappTestNumber));
  });
});

describe('the checkout a build renders', () => {
  it('asks the CNIC digits of a wallet the owner connected in the desk, and of no other', async () => {
    const restore = setEnv({ WALLET_STAND_INS: '0' });
    try {
      expect(await connectedInDesk(getStore)).toEqual(['whatsapp', 'jazzcash']);
      expect(cnicWalletsAtCheckout()).toEqual([]);
      expect(cnicWalletsAtCheckout(await connectedInDesk(getStore))).toEqual(['JazzCash']);
    } finally {
      restore();
    }
  });
});

const ownerRecord = async () => (await (await getStore()).staff.findById(owner.id))!;
