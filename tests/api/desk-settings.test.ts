// The shop settings through the desk router with real Requests: staff read them (defaults until
// set), only the owner saves them, every value is validated with a clear message and a refused
// save changes nothing, each save is audited with the values before and after, and mails read the
// settings live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { DEFAULT_SETTINGS } from '../../src/lib/shop-settings.ts';
import { readSettings } from '../../src/server/operations/settings.ts';
import { getStore } from '../../src/server/store/index.ts';
import { signUp } from '../fixtures/api.ts';
import { deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';

const BANK = {
  accountTitle: 'Bastaa Bags (Private) Limited',
  bank: 'Meezan Bank',
  iban: 'PK36 SCBL 0000 0011 2345 6702',
};

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let staff: Member;
let shopperToken: string;

beforeAll(async () => {
  env = await useTempDataDir();
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  shopperToken = (await signUp('Settings Shopper')).token;
}, 60_000);
afterAll(async () => env.cleanup());

const read = () => deskCall('settings', { token: staff.token });
const save = (body: unknown, token = owner.token) => deskCall('settings/save', { body, token });

describe('deskSettings and deskSettingsSave', { timeout: 60_000 }, () => {
  it('answers the defaults from shop-info before anything is set, every key marked default', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      settings: DEFAULT_SETTINGS,
      defaults: [
        'whatsappNumber',
        'supportEmail',
        'ordersEmail',
        'bankDetails',
        'supportHours',
        'deliveryDays',
        'codConfirmation',
      ],
    });
  });

  it.each([
    ['no token', undefined, 401, DESK_ANSWERS.signInRequired],
    ['a shopper token', () => shopperToken, 403, DESK_ANSWERS.shopperToken],
    ['a staff token', () => staff.token, 403, DESK_ANSWERS.ownerOnly],
  ] as const)('refuses a save with %s and changes nothing', async (_, token, status, message) => {
    const answer = await deskCall('settings/save', {
      body: { ordersEmail: 'thief@example.com' },
      token: token?.(),
    });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect((await readSettings({ store: await getStore() })).ordersEmail).toBe(
      DEFAULT_SETTINGS.ordersEmail,
    );
  });

  it.each([
    ['no token', undefined, 401, DESK_ANSWERS.signInRequired],
    ['a shopper token', () => shopperToken, 403, DESK_ANSWERS.shopperToken],
  ] as const)('refuses a read with %s', async (_, token, status, message) => {
    const answer = await deskCall('settings', { token: token?.() });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('saves bank details for the owner, compacting the IBAN, and audits before and after', async () => {
    const answer = await save({ bankDetails: BANK, ordersEmail: ' Orders@Bastaa.pk ' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Saved the orders alert address and the bank details.');
    expect(answer.body.settings.bankDetails).toEqual({
      ...BANK,
      iban: 'PK36SCBL0000001123456702',
    });
    expect(answer.body.settings.ordersEmail).toBe('orders@bastaa.pk');
    expect(answer.body.defaults).toEqual([
      'whatsappNumber',
      'supportEmail',
      'supportHours',
      'deliveryDays',
      'codConfirmation',
    ]);
    const [entry] = await (await getStore()).audit.list({ action: 'settings.save', limit: 1 });
    expect(entry).toMatchObject({
      actor: { id: owner.id, email: owner.email },
      target: 'settings',
      before: { ordersEmail: DEFAULT_SETTINGS.ordersEmail, bankDetails: null },
      after: {
        ordersEmail: 'orders@bastaa.pk',
        bankDetails: { ...BANK, iban: 'PK36SCBL0000001123456702' },
      },
    });
    expect((await read()).body.settings.ordersEmail).toBe('orders@bastaa.pk');
  });

  it('saves the SWIFT/BIC as the bank writes it, whatever the spaces and case typed, with the bank address', async () => {
    const answer = await save({
      bankDetails: { ...BANK, swift: ' scbl pk kx ', bankAddress: 'I.I. Chundrigar Road, Karachi' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.settings.bankDetails).toEqual({
      ...BANK,
      iban: 'PK36SCBL0000001123456702',
      swift: 'SCBLPKKX',
      bankAddress: 'I.I. Chundrigar Road, Karachi',
    });
  });

  it('stores the WhatsApp number in international digits whichever way it was typed', async () => {
    const answer = await save({ whatsappNumber: '0321-7654321' });
    expect(answer.status).toBe(200);
    expect(answer.body.settings.whatsappNumber).toBe('923217654321');
    expect((await save({ whatsappNumber: '+92 300 1234567' })).body.settings.whatsappNumber).toBe(
      '923001234567',
    );
  });

  it('saves nothing and logs nothing when the values are the ones already stored', async () => {
    const store = await getStore();
    const logged = (await store.audit.list({ action: 'settings.save' })).length;
    const answer = await save({ ordersEmail: 'orders@bastaa.pk' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(SETTINGS_MESSAGES.unchanged);
    expect(await store.audit.list({ action: 'settings.save' })).toHaveLength(logged);
  });

  it.each([
    [
      'an IBAN of another country',
      { bankDetails: { ...BANK, iban: 'GB29NWBK60161331926819' } },
      'IBAN must start with PK',
    ],
    [
      'an IBAN one character short',
      { bankDetails: { ...BANK, iban: 'PK36SCBL000000112345670' } },
      'IBAN must be PK followed by 22 letters and digits',
    ],
    [
      'an IBAN with a mistyped digit',
      { bankDetails: { ...BANK, iban: 'PK36SCBL0000001123456703' } },
      'IBAN check digits do not match: please check for a typo',
    ],
    [
      'an IBAN with digits where the bank code goes',
      { bankDetails: { ...BANK, iban: 'PK3612340000001123456702' } },
      'IBAN must be PK, 2 check digits, a 4-letter bank code and 16 digits or letters',
    ],
    [
      'bank details without an IBAN',
      { bankDetails: { accountTitle: 'A', bank: 'B' } },
      'IBAN is required',
    ],
    [
      'bank details without a title',
      { bankDetails: { bank: 'B', iban: BANK.iban } },
      'Account title is required',
    ],
    [
      'bank details with an unknown field',
      { bankDetails: { ...BANK, branchCode: '0101' } },
      'Bank details have no field "branchCode": use accountTitle, bank, iban, accountNumber, swift, bankAddress',
    ],
    [
      'a SWIFT/BIC of 9 characters',
      { bankDetails: { ...BANK, swift: 'MEZNPKKA1' } },
      SETTINGS_MESSAGES.swiftInvalid,
    ],
    [
      "a SWIFT/BIC of another country's bank",
      { bankDetails: { ...BANK, swift: 'BARCGB22' } },
      SETTINGS_MESSAGES.swiftInvalid,
    ],
    [
      'an empty bank address',
      { bankDetails: { ...BANK, bankAddress: '  ' } },
      'Bank address is required',
    ],
    [
      'bank details as text',
      { bankDetails: 'Meezan PK36…' },
      'Bank details must be an object with accountTitle, bank, iban, accountNumber, swift, bankAddress',
    ],
    [
      'a letter in the account number',
      { bankDetails: { ...BANK, accountNumber: '01234A6789' } },
      SETTINGS_MESSAGES.accountNumberInvalid,
    ],
    [
      'a landline as WhatsApp number',
      { whatsappNumber: '042 35761234' },
      SETTINGS_MESSAGES.whatsappInvalid,
    ],
    [
      'a foreign mobile as WhatsApp number',
      { whatsappNumber: '+44 7700 900123' },
      SETTINGS_MESSAGES.whatsappInvalid,
    ],
    [
      'a WhatsApp number of 2,000 digits',
      { whatsappNumber: '3'.repeat(2000) },
      SETTINGS_MESSAGES.whatsappInvalid,
    ],
    ['a malformed orders address', { ordersEmail: 'orders-at-bastaa' }, 'Invalid email'],
    ['an orders address as an object', { ordersEmail: { $ne: null } }, 'Must be text'],
    [
      'support hours of 5,000 characters',
      { supportHours: { open: 'x'.repeat(5000), closed: 'Sunday' } },
      'Must be at most 100 characters',
    ],
    ['an unknown setting', { shopName: 'Evil' }, SETTINGS_MESSAGES.unknownKey('shopName')],
    ['an empty save', {}, SETTINGS_MESSAGES.nothingToSave],
  ])('refuses %s with a clear message and changes nothing', async (_, body, message) => {
    const store = await getStore();
    const before = await store.settings.get();
    const logged = (await store.audit.list({ action: 'settings.save' })).length;
    const answer = await save(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await store.settings.get()).toEqual(before);
    expect(await store.audit.list({ action: 'settings.save' })).toHaveLength(logged);
  });

  it('keeps both keys when two owners save different settings at once', async () => {
    const second = await enrol('owner', 'Second Owner');
    const [a, b] = await Promise.all([
      save({ supportEmail: 'help@bastaa.pk' }),
      save({ supportHours: { open: 'Every day, 9 to 9', closed: 'Closed on Eid' } }, second.token),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const settings = (await read()).body.settings;
    expect(settings.supportEmail).toBe('help@bastaa.pk');
    expect(settings.supportHours).toEqual({ open: 'Every day, 9 to 9', closed: 'Closed on Eid' });
  });

  it('falls back to the default for a value a hand edit broke in the store', async () => {
    const store = await getStore();
    await store.settings.save({ supportEmail: 'not an address' as string });
    const answer = await read();
    expect(answer.body.settings.supportEmail).toBe(DEFAULT_SETTINGS.supportEmail);
    expect(answer.body.defaults).toContain('supportEmail');
  });
});
