// EasyPaisa at checkout through Easypay's mobile-account API, end to end in one process: the
// shop's handlers with real Request objects, the Easypay stand-in on 127.0.0.1, its unsigned
// notices delivered over HTTP to /api/payments/easypaisa/webhook. A notice only names a payment:
// the shop books what the inquiry, asked with its own credentials, answers.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { startEasypaisaStandIn } from '../../src/demo/easypaisa-stand-in.ts';
import { WALLET_DECLINED_NOTE } from '../../src/lib/wallet-api.ts';
import { isPaidInFull } from '../../src/lib/orders/ledger.ts';
import { settleBackground } from '../../src/server/background.ts';
import { EASYPAISA_PROVIDER } from '../../src/server/payments/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { startShopOverHttp } from '../fixtures/shop-server.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { captureLogLines } from '../fixtures/log-lines.ts';

const creds = { storeId: '40412', username: 'store-user', password: 'store-pass' };
const EASYPAISA_ENV = {
  EASYPAISA_ENVIRONMENT: 'sandbox',
  EASYPAISA_STORE_ID: creds.storeId,
  EASYPAISA_USERNAME: creds.username,
  EASYPAISA_PASSWORD: creds.password,
};
const WEBHOOK = 'http://localhost/api/payments/easypaisa/webhook';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let stand: Awaited<ReturnType<typeof startEasypaisaStandIn>>;
let shopServer: Awaited<ReturnType<typeof startShopOverHttp>>;
let logLines: Record<string, unknown>[];

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  shopServer = await startShopOverHttp();
  stand = await startEasypaisaStandIn({
    ...creds,
    ipnUrl: `${shopServer.origin}${EASYPAISA_PROVIDER.webhookPath}`,
  });
  Object.assign(process.env, EASYPAISA_ENV, {
    EASYPAISA_API_URL: stand.url,
    RATES_URL: rates.url,
    SMTP_URL: smtp.url,
    THROTTLE_ADDRESS_FACTOR: '100',
  });
  await stockShelves([
    makeProduct({
      _id: 'city-tote',
      productName: 'City Tote',
      price: 12_000,
      discountPercent: 0,
      wholesalePrice: null,
    }),
  ]);
});
afterAll(async () => {
  for (const name of [...Object.keys(EASYPAISA_ENV), 'EASYPAISA_API_URL']) delete process.env[name];
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  delete process.env.THROTTLE_ADDRESS_FACTOR;
  await stand.close();
  await shopServer.close();
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});
beforeEach(() => {
  logLines = captureLogLines();
  stand.state.phone = 'never';
});
afterEach(async () => {
  await stand.settled();
  await settleBackground();
  vi.restoreAllMocks();
});

const stored = async (id: string) => (await (await getStore()).orders.get(id)) as OrderRecord;
const webhookLines = () => logLines.filter((l) => l.msg === 'easypaisa webhook');

async function placeEasypaisaOrder() {
  const who = await signUp('Easypaisa Payer');
  const placed = await call(account, '/api/order/COD', {
    token: who.token,
    headers: { 'idempotency-key': `ep-${randomUUID()}` },
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: lahoreAddress({ email: who.email }),
      currency: 'PKR',
      paymentMethod: 'EasyPaisa',
      walletNumber: '0345 1234567',
    },
  });
  expect(placed.status).toBe(201);
  return { who, order: await stored(placed.body.orderId) };
}

async function notice(orderId: string) {
  const res = await shop(
    new Request(WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    }),
  );
  await settleBackground();
  return res.status;
}

describe('checkout with EasyPaisa through Easypay', () => {
  it('sends the request for the total in rupees with two decimals to the number, without a CNIC', async () => {
    const { order } = await placeEasypaisaOrder();
    expect(stand.state.transactions.get(order.card!.reference)).toEqual({
      orderId: order.card!.reference,
      amount: order.total * 100,
      mobile: '03451234567',
      status: 'PENDING',
    });
  });

  it('is paid once the phone approves: the notice is read back and recorded by EasyPaisa', async () => {
    const { order } = await placeEasypaisaOrder();
    expect(stand.answer(order.card!.reference, true)).toBe(true);
    await stand.settled();
    await settleBackground();
    const paid = await stored(order.id);
    expect(isPaidInFull(paid)).toBe(true);
    expect(paid.payments!.map((e) => [e.method, e.reference, e.by.email])).toEqual([
      ['EasyPaisa', order.card!.reference, 'EasyPaisa'],
    ]);
  });

  it('records nothing for a notice while the phone has not answered, and takes a later one', async () => {
    const { order } = await placeEasypaisaOrder();
    expect(await notice(order.card!.reference)).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(stand.answer(order.card!.reference, true)).toBe(true);
    await stand.settled();
    await settleBackground();
    expect(isPaidInFull(await stored(order.id))).toBe(true);
    expect(webhookLines().map((l) => l.outcome)).toEqual(['pending', 'recorded payment']);
  });

  it('notes a rejection on the timeline and keeps the order unpaid', async () => {
    const { order } = await placeEasypaisaOrder();
    stand.answer(order.card!.reference, false);
    await stand.settled();
    await settleBackground();
    const after = await stored(order.id);
    expect(isPaidInFull(after)).toBe(false);
    expect(after.history!.at(-1)).toMatchObject({ note: WALLET_DECLINED_NOTE });
  });

  it('records nothing for a notice naming a payment the shop never asked for', async () => {
    const { order } = await placeEasypaisaOrder();
    expect(await notice(`${order.id}-forged1`)).toBe(200);
    expect(isPaidInFull(await stored(order.id))).toBe(false);
    expect(webhookLines().at(-1)).toMatchObject({
      verdict: 'mismatch',
      outcome: 'payment reference not opened for this order',
    });
  });

  it('refuses a malformed notice with 400', async () => {
    expect(await notice('')).toBe(400);
  });
});
