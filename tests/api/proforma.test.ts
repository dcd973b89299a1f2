// The pro-forma invoice of a wholesale order paid by bank transfer (src/server/orders/proforma.ts):
// which orders get one, what its one page says (read back from the PDF), and the order call with
// real Requests mailing it as a PDF attachment beside the confirmation, kept with a failed mail so
// the resend carries it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { shortNumber } from '../../src/lib/desk.ts';
import {
  PROFORMA_ATTACHED,
  drawable,
  proformaAmount,
  proformaPdf,
  wantsProforma,
} from '../../src/server/orders/proforma.ts';
import { sendShopperMail, retryDueMails } from '../../src/server/operations/mail-failures.ts';
import { getDeps } from '../../src/server/deps.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { signUp, stockShelves } from '../fixtures/api.ts';
import { enrol, deskCall, type Member } from '../fixtures/desk.ts';
import { apiRequest, setEnv, useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mimeParts, pdfText } from '../fixtures/pdf-text.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { orderRecord } from '../fixtures/store.ts';

const MEEZAN = {
  accountTitle: 'Bastaa Bags (Private) Limited',
  bank: 'Meezan Bank',
  iban: 'PK36SCBL0000001123456702',
  swift: 'MEZNPKKA',
  bankAddress: 'Meezan House, C-25 Estate Avenue, SITE, Karachi',
};

/** A line of `quantity` of the tote, at the wholesale price from 50. */
const toteLine = (quantity: number, unitPrice = quantity >= 50 ? 4000 : 4500) => ({
  productId: 'city-tote',
  productName: 'City Tote',
  selectedColor: 'Black',
  imageIndex: '0',
  image: '/photos/city-tote.jpg',
  price: 4500,
  discountPercent: 0,
  wholesalePrice: 4000,
  unitPrice,
  quantity,
  lineTotal: unitPrice * quantity,
});

const wholesaleOrder = (overrides: Partial<OrderRecord> = {}) =>
  orderRecord({
    paymentMethod: 'Bank Transfer',
    items: [toteLine(60)],
    amount: 240_000,
    amountPkr: 240_000,
    deliveryFee: 250,
    total: 240_250,
    ...overrides,
  });

describe('which orders get a pro-forma invoice', () => {
  it('is a bank-transfer order with lines at the wholesale price: 50 or more of a product, across its colours', () => {
    expect(wantsProforma(wholesaleOrder())).toBe(true);
    expect(wantsProforma(wholesaleOrder({ items: [toteLine(50)] }))).toBe(true);
    expect(wantsProforma(wholesaleOrder({ items: [toteLine(49)] }))).toBe(false);
    // 30 Black and 30 Navy are 60 of the tote, each line at the wholesale price.
    const navy = { ...toteLine(30, 4000), selectedColor: 'Navy' };
    expect(wantsProforma(wholesaleOrder({ items: [toteLine(30, 4000), navy] }))).toBe(true);
    expect(wantsProforma(wholesaleOrder({ paymentMethod: 'COD' }))).toBe(false);
    expect(wantsProforma(wholesaleOrder({ paymentMethod: 'JazzCash' }))).toBe(false);
    // 60 at the retail price (a product with no wholesale price at the time) is no wholesale order.
    expect(
      wantsProforma(wholesaleOrder({ items: [{ ...toteLine(60, 4500), wholesalePrice: null }] })),
    ).toBe(false);
  });

  it('writes money with its currency code and digits, and only what Helvetica can draw', () => {
    expect(proformaAmount(8350, 'PKR')).toBe('PKR 8,350');
    expect(proformaAmount(2172.9, 'AED')).toBe('AED 2,172.90');
    expect(proformaAmount(1234567, 'JPY')).toBe('JPY 1,234,567');
    expect(proformaAmount(12.345, 'KWD')).toBe('KWD 12.345');
    expect(drawable('Zara خان\u0007 Müller')).toBe('Zara ???  Müller');
  });
});

describe('what the invoice says', () => {
  it('names the seller, the buyer, each line, the totals, the bank details abroad and the reference, valid for 7 days', async () => {
    const order = wholesaleOrder({
      address: lahoreAddress({
        firstName: 'Omar',
        lastName: 'Haddad',
        email: 'omar@reseller.ae',
        country: 'United Arab Emirates',
        city: 'Dubai',
        state: '',
        zip: '',
      }),
    });
    const number = shortNumber(order.id);
    const text = pdfText(
      await proformaPdf(order, { bankDetails: MEEZAN }, new Date('2026-11-29T10:00:00Z')),
    );
    expect(text.slice(0, 4)).toEqual([
      'PRO-FORMA INVOICE',
      `Number: PF-${number} (order #${number})`,
      'Issued: 2026-11-29',
      'Valid until: 2026-12-06',
    ]);
    for (const line of [
      'Bastaa Bags (Private) Limited',
      'Omar Haddad',
      'United Arab Emirates',
      'omar@reseller.ae',
      'City Tote (Black)',
      '60',
      'PKR 4,000',
      'PKR 240,000',
      'Items: PKR 240,000',
      'Delivery: PKR 250',
      'Total: PKR 240,250',
      'IBAN: PK36 SCBL 0000 0011 2345 6702',
      'SWIFT/BIC: MEZNPKKA',
      `Payment reference: #${number}`,
    ])
      expect(text).toContain(line);
  });

  it('leaves a line’s unit price out where unit × quantity would not be its amount in a converted currency', async () => {
    // 30 at ₨4,500 (₨135,000) in dirhams at 0.01317 a rupee: AED 1,777.95 for the line, which 30
    // does not divide to the fils.
    const order = wholesaleOrder({
      items: [toteLine(30, 4500)],
      currency: 'AED',
      rate: 0.01317,
      amount: 1777.95,
      amountPkr: 135_000,
      deliveryFee: 50,
      total: 1827.95,
    });
    const text = pdfText(await proformaPdf(order, { bankDetails: MEEZAN }));
    const at = text.indexOf('City Tote (Black)');
    expect(text.slice(at, at + 3)).toEqual(['City Tote (Black)', '30', 'AED 1,777.95']);
    expect(text).toContain('Total: AED 1,827.95');
  });
});

describe('the confirmation mail of a wholesale bank-transfer order', { timeout: 60_000 }, () => {
  let env: Awaited<ReturnType<typeof useTempDataDir>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let shopper: { token: string; email: string };
  let owner: Member;
  let restore: () => void;
  beforeAll(async () => {
    env = await useTempDataDir();
    smtp = await startSmtpCatcher();
    restore = setEnv({ SMTP_URL: smtp.url });
    await stockShelves([
      makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 0, wholesalePrice: 4000 }),
    ]);
    owner = await enrol('owner', 'Owner');
    shopper = await signUp('Reseller');
    const saved = await deskCall('settings/save', {
      body: { bankDetails: MEEZAN },
      token: owner.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 60_000);
  afterAll(async () => {
    restore();
    await Promise.all([smtp.close(), env.cleanup()]);
  });

  let placed = 0;
  async function place(quantity: number, paymentMethod = 'Bank Transfer') {
    placed++;
    const email = `reseller${placed}@example.com`;
    const pending: Promise<unknown>[] = [];
    const res = await account(
      apiRequest('/api/order/COD', {
        body: {
          items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity }],
          currency: 'PKR',
          paymentMethod,
          address: { ...lahoreAddress(), email },
        },
        headers: { token: shopper.token },
      }),
      { ip: `192.0.2.${placed}`, waitUntil: (p) => pending.push(p) },
    );
    await Promise.all(pending);
    const body = (await res.json()) as { orderId: string };
    expect(res.status, JSON.stringify(body)).toBe(201);
    const mail = smtp.mails.find((m) => m.to.includes(email));
    return { orderId: body.orderId, parts: mail ? mimeParts(mail.raw) : [] };
  }

  it('carries the invoice as a PDF attachment and says so', async () => {
    const { orderId, parts } = await place(60);
    const number = shortNumber(orderId);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
    expect(text?.body.toString('utf8')).toContain(PROFORMA_ATTACHED(number));
    const pdf = parts.find((p) => p.headers['content-type']?.startsWith('application/pdf'));
    expect(pdf?.headers['content-disposition']).toContain(`filename=proforma-PF-${number}.pdf`);
    const lines = pdfText(pdf!.body);
    expect(lines).toContain('Total: PKR 240,250');
    expect(lines).toContain('SWIFT/BIC: MEZNPKKA');
  });

  it('carries none for a retail bank-transfer order or a wholesale COD order', async () => {
    for (const [quantity, method] of [
      [2, 'Bank Transfer'],
      [60, 'COD'],
    ] as const) {
      const { parts } = await place(quantity, method);
      expect(parts).toHaveLength(1);
      expect(parts[0]!.body.toString('utf8')).not.toContain('pro-forma');
    }
  });

  it('keeps the invoice with a mail that failed, so the retry sends the same mail with it', async () => {
    const deps = await getDeps();
    const order = wholesaleOrder({ address: lahoreAddress({ email: 'kept@example.com' }) });
    const mail = {
      to: 'kept@example.com',
      subject: 'Your Bastaa order is placed',
      text: 'The confirmation.',
      attachments: [
        {
          filename: 'proforma-PF-TEST.pdf',
          contentType: 'application/pdf',
          base64: Buffer.from(await proformaPdf(order, { bankDetails: MEEZAN })).toString('base64'),
        },
      ],
    };
    const down = setEnv({ SMTP_URL: 'smtp://127.0.0.1:9' });
    let failure;
    try {
      failure = await sendShopperMail(await getDeps(), mail, {
        kind: 'order-confirmation',
        orderId: order.id,
      });
    } finally {
      down();
    }
    expect(failure?.attachments).toEqual(mail.attachments);
    expect((await (await getStore()).mailFailures.get(failure!.id))?.attachments).toEqual(
      mail.attachments,
    );
    await retryDueMails(deps, Date.now() + 24 * 60 * 60 * 1000);
    const resent = smtp.mails.find((m) => m.to.includes('kept@example.com'));
    const pdf = mimeParts(resent!.raw).find((p) =>
      p.headers['content-type']?.startsWith('application/pdf'),
    );
    expect(pdfText(pdf!.body)).toContain('Total: PKR 240,250');
  });
});
