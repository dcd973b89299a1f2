// What an order carries for its payment, through the order call with real Requests: JazzCash and
// EasyPaisa orders keep the wallet number (required, a Pakistani mobile, refused for other
// methods) and the desk shows it while the shopper's own answer does not; a Bank Transfer
// confirmation carries the bank details the settings hold at the moment it is sent, and account
// mails name the support address the settings hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { shortNumber } from '../../src/lib/desk.ts';
import { WALLET_MESSAGES } from '../../src/lib/wallet.ts';
import { getStore } from '../../src/server/store/index.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, type Member } from '../fixtures/desk.ts';
import { apiRequest, useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { codeIn, mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { settleBackground } from '../../src/server/background.ts';
import { BANK_DETAILS_TO_SEND } from '../../src/server/orders/shop-alerts.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { BANK_DETAILS_LATER } from '../../src/lib/shop-settings.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let owner: Member;
let shopper: { token: string; email: string };

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  rates = await startFakeRates('ok');
  process.env.SMTP_URL = smtp.url;
  process.env.RATES_URL = rates.url;
  await stockShelves([makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 0 })]);
  owner = await enrol('owner', 'Owner');
  shopper = await signUp('Wallet Shopper');
}, 60_000);
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.RATES_URL;
  await Promise.all([smtp.close(), rates.close(), env.cleanup()]);
});

const MEEZAN = {
  accountTitle: 'Bastaa Bags (Private) Limited',
  bank: 'Meezan Bank',
  iban: 'PK36SCBL0000001123456702',
};

/** An address in the United Kingdom, where a bank transfer comes from abroad. */
const leedsAddress = () =>
  lahoreAddress({
    email: `leeds${placed}@example.com`,
    country: 'United Kingdom',
    state: 'England',
    city: 'Leeds',
    zip: 'LS1 4AP',
  });

let placed = 0;
/** Places an order from its own address and mailbox, waiting for the confirmation mail. */
async function place(extra: Record<string, unknown>) {
  placed++;
  const email = `payer${placed}@example.com`;
  const pending: Promise<unknown>[] = [];
  const req = apiRequest('/api/order/COD', {
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      currency: 'PKR',
      ...extra,
      address: { ...((extra.address as object | undefined) ?? lahoreAddress()), email },
    },
    headers: { token: shopper.token },
  });
  const res = await account(req, { ip: `192.0.2.${placed}`, waitUntil: (p) => pending.push(p) });
  await Promise.all(pending);
  const body = (await res.json()) as Record<string, any>;
  const mail = smtp.mails.find((m) => m.to.includes(email));
  return { status: res.status, body, mail: mail ? mailText(mail.raw) : null };
}

describe('the wallet number of a JazzCash or EasyPaisa order', { timeout: 60_000 }, () => {
  it('is stored in its local form and shown at the desk, never in the shopper’s answer', async () => {
    const answer = await place({ paymentMethod: 'JazzCash', walletNumber: '+92 300-1234567' });
    expect(answer.status).toBe(201);
    expect(answer.body.order).not.toHaveProperty('walletNumber');
    const id = answer.body.orderId as string;
    expect((await (await getStore()).orders.get(id))?.walletNumber).toBe('03001234567');
    const desk = await deskCall('orders/show', { body: { order: id }, token: owner.token });
    expect(desk.body.order.walletNumber).toBe('03001234567');
    expect(answer.mail).toContain(
      'We will send a JazzCash payment request to 03001234567. Your order ships once it is paid.',
    );
  });

  it('says "an EasyPaisa" payment request, as it is said', async () => {
    const answer = await place({ paymentMethod: 'EasyPaisa', walletNumber: '0345 1234567' });
    expect(answer.status).toBe(201);
    expect(answer.mail).toContain(
      'We will send an EasyPaisa payment request to 03451234567. Your order ships once it is paid.',
    );
  });

  it.each([
    ['missing', { paymentMethod: 'EasyPaisa' }, WALLET_MESSAGES.required('EasyPaisa')],
    [
      'a landline',
      { paymentMethod: 'JazzCash', walletNumber: '042 35761234' },
      WALLET_MESSAGES.invalid('JazzCash'),
    ],
    [
      'too long',
      { paymentMethod: 'JazzCash', walletNumber: '0'.repeat(21) },
      'Wallet number must be at most 20 characters',
    ],
    ['an object', { paymentMethod: 'JazzCash', walletNumber: { $ne: '' } }, 'Must be text'],
    [
      'sent with COD',
      { paymentMethod: 'COD', walletNumber: '03001234567' },
      WALLET_MESSAGES.notTaken,
    ],
    [
      'sent with Bank Transfer',
      { paymentMethod: 'Bank Transfer', walletNumber: '03001234567' },
      WALLET_MESSAGES.notTaken,
    ],
  ])('is refused when %s, and no order is placed', async (_, extra, message) => {
    const store = await getStore();
    const before = (await store.orders.list()).length;
    const answer = await place(extra);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await store.orders.list()).toHaveLength(before);
  });
});

/** The new-order alert the shop's orders address got for an order. */
function alertFor(orderId: string): string {
  const mail = smtp.mails.find((m) =>
    m.raw.includes(`Subject: New order #${shortNumber(orderId)}`),
  );
  if (!mail) throw new Error(`no new-order alert for ${orderId}`);
  return mailText(mail.raw);
}

describe('the Bank Transfer confirmation', { timeout: 60_000 }, () => {
  it('says the bank details follow separately while the owner has not set them, and the owner is asked to send them', async () => {
    const answer = await place({ paymentMethod: 'Bank Transfer' });
    expect(answer.status).toBe(201);
    expect(answer.mail).toContain('Our bank details follow in a separate e-mail from our team.');
    expect(alertFor(answer.body.orderId)).toContain(BANK_DETAILS_TO_SEND.all);
  });

  it('carries the bank details the settings hold when it is sent, with the order as reference', async () => {
    const saved = await deskCall('settings/save', {
      token: owner.token,
      body: {
        bankDetails: {
          accountTitle: 'Bastaa Bags (Private) Limited',
          bank: 'Meezan Bank',
          iban: 'PK36SCBL0000001123456702',
          accountNumber: '0123-4567890',
        },
      },
    });
    expect(saved.status).toBe(200);
    const answer = await place({ paymentMethod: 'Bank Transfer' });
    expect(answer.mail).toContain(
      [
        'Please transfer the total to:',
        'Account title: Bastaa Bags (Private) Limited',
        'Bank: Meezan Bank',
        'IBAN: PK36 SCBL 0000 0011 2345 6702',
        'Account number: 0123-4567890',
        `Please quote your order number #${shortNumber(answer.body.orderId)} as the payment reference. Your order ships once the transfer arrives.`,
      ].join('\n'),
    );
  });

  it("gives a shopper abroad the SWIFT/BIC and the bank's address once the owner sets them", async () => {
    const saved = await deskCall('settings/save', {
      token: owner.token,
      body: { bankDetails: { ...MEEZAN, swift: 'MEZNPKKA', bankAddress: 'Meezan House, Karachi' } },
    });
    expect(saved.status).toBe(200);
    const answer = await place({
      paymentMethod: 'Bank Transfer',
      address: leedsAddress(),
      currency: 'GBP',
    });
    expect(answer.status).toBe(201);
    expect(answer.mail).toContain(
      [
        'IBAN: PK36 SCBL 0000 0011 2345 6702',
        'SWIFT/BIC: MEZNPKKA',
        'Bank address: Meezan House, Karachi',
        `Please quote your order number #${shortNumber(answer.body.orderId)} as the payment reference.`,
      ].join('\n'),
    );
    expect(alertFor(answer.body.orderId)).not.toContain('SWIFT');
  });

  it('tells a shopper abroad the SWIFT/BIC follows, and asks the owner to send it, while it is unset', async () => {
    await deskCall('settings/save', { token: owner.token, body: { bankDetails: MEEZAN } });
    const abroad = await place({
      paymentMethod: 'Bank Transfer',
      address: leedsAddress(),
      currency: 'GBP',
    });
    expect(abroad.status).toBe(201);
    expect(abroad.mail).toContain(`Account title: Bastaa Bags (Private) Limited`);
    expect(abroad.mail).toContain(BANK_DETAILS_LATER.swift);
    expect(alertFor(abroad.body.orderId)).toContain(BANK_DETAILS_TO_SEND.swift);
    // A transfer within Pakistan needs no SWIFT/BIC: nothing is said of it.
    const home = await place({ paymentMethod: 'Bank Transfer' });
    expect(home.mail).not.toContain('SWIFT');
    expect(alertFor(home.body.orderId)).not.toContain('SWIFT');
  });

  it('is not added to a COD confirmation', async () => {
    const answer = await place({ paymentMethod: 'COD' });
    expect(answer.mail).not.toContain('IBAN');
    expect(answer.mail).not.toContain('bank details');
  });
});

describe('the password-changed mail', { timeout: 60_000 }, () => {
  it('names the support address the settings hold when it is sent', async () => {
    const saved = await deskCall('settings/save', {
      token: owner.token,
      body: { supportEmail: 'help@bastaa.pk' },
    });
    expect(saved.status).toBe(200);
    const { email } = await signUp('Forgetful Shopper');
    await call(account, '/api/user/reset-password-request', { body: { email }, ip: '10.9.0.1' });
    await settleBackground();
    const code = codeIn(smtp.mails.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '');
    const verified = await call(account, '/api/user/verify-otp-reset-password', {
      body: { email, otp: code, newPassword: 'a brand new secret' },
      ip: '10.9.0.2',
    });
    expect(verified.status).toBe(200);
    await settleBackground();
    const changed = smtp.mails.filter((m) => m.to.includes(email)).at(-1)!;
    expect(mailText(changed.raw)).toContain('and tell us at help@bastaa.pk.');
  });
});
