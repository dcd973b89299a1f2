// One contract, every registered payment provider against its own stand-in, on 127.0.0.1 with
// random ports: a payment starts, is confirmed by a signed delivery the adapter accepts, and a
// forged, stale or replayed delivery, or one of another amount or currency, is told apart; the
// payment reads back, and refunds. The shared steps above the adapters (once per event, match the
// order, record) rely on exactly these answers. A new provider adds one harness here.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEasypaisaStandIn } from '../../src/demo/easypaisa-stand-in.ts';
import { startJazzCashStandIn } from '../../src/demo/jazzcash-stand-in.ts';
import { startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import { money } from '../../src/lib/money.ts';
import {
  easypaisaGateway,
  jazzCashGateway,
  PROVIDERS,
  safepayGateway,
  type CreatedPayment,
  type PaymentGateway,
  type PaymentRequest,
} from '../../src/server/payments/index.ts';

/** One delivery as the shop's webhook receives it: bytes and headers. */
interface Delivery {
  raw: string;
  headers: Record<string, string>;
}

/** What the contract needs of a provider and its stand-in. */
interface Harness {
  gateway: PaymentGateway;
  request(orderId: string, minor: number): PaymentRequest;
  /** The payer completes the payment (the hosted page's Pay, the phone's Approve). */
  confirm(created: CreatedPayment): Promise<Delivery>;
  /** For a provider whose events are signed: */
  forge?(d: Delivery): Delivery;
  /** The same delivery, genuinely signed, two hours ago. */
  stale?(d: Delivery): Delivery;
  /** The same delivery, genuinely signed, saying another amount or currency. */
  alter?(d: Delivery, change: { minor?: number; currency?: string }): Delivery;
  close(): Promise<void>;
}

/** A plain recorder of what reaches the shop's webhook address. */
async function startReceiver() {
  const received: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      );
      received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TWO_HOURS = 2 * 3_600_000;

async function safepayHarness(): Promise<Harness> {
  const keys = {
    apiKey: 'sec_contract-test-0001',
    secretKey: 'stand-in-secret-key-0001',
    webhookSecret: Buffer.alloc(32, 0x33).toString('base64'),
  };
  const receiver = await startReceiver();
  const stand = await startSafepayStandIn({ ...keys, webhookUrl: receiver.url, retryDelaysMs: [] });
  const gateway = safepayGateway({ environment: 'sandbox', ...keys, apiUrl: stand.url });
  const key = Buffer.from(keys.webhookSecret, 'base64');
  const sign = (raw: string, at = new Date()): Delivery => {
    const timestamp = at.toISOString();
    const signature = createHmac('sha256', key).update(`${timestamp}.${raw}`).digest('hex');
    return { raw, headers: { 'x-sfpy-signature': signature, 'x-sfpy-timestamp': timestamp } };
  };
  return {
    gateway,
    request: (orderId, minor) => ({
      orderId,
      amount: money(minor, 'PKR'),
      returnUrl: 'https://bastaa.pk/back',
      cancelUrl: 'https://bastaa.pk/cancel',
    }),
    async confirm(created) {
      const page = await (await fetch(created.redirectUrl!)).text();
      const form = new URLSearchParams();
      for (const [, name, value] of page.matchAll(
        /<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g,
      ))
        form.set(
          name!,
          value!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(+n)),
        );
      form.set('choice', 'pay');
      await fetch(`${stand.url}/embedded/`, { method: 'POST', body: form, redirect: 'manual' });
      await stand.idle();
      return receiver.received.at(-1)!;
    },
    forge: (d) => ({ ...d, headers: { ...d.headers, 'x-sfpy-signature': 'ab'.repeat(32) } }),
    stale: (d) => sign(d.raw, new Date(Date.now() - TWO_HOURS)),
    alter(d, change) {
      const body = JSON.parse(d.raw) as { data: { amount: number; currency: string } };
      if (change.minor !== undefined) body.data.amount = change.minor;
      if (change.currency !== undefined) body.data.currency = change.currency;
      return sign(JSON.stringify(body));
    },
    close: async () => {
      await stand.close();
      await receiver.close();
    },
  };
}

async function jazzCashHarness(): Promise<Harness> {
  const creds = {
    merchantId: 'MC20001',
    password: 'contract-pass',
    integritySalt: 'salt-contract',
  };
  const receiver = await startReceiver();
  const stand = await startJazzCashStandIn({ ...creds, ipnUrl: receiver.url });
  stand.state.phone = 'never';
  const gateway = jazzCashGateway({ environment: 'sandbox', ...creds, apiUrl: stand.url });
  const fieldsOf = (d: Delivery) => JSON.parse(d.raw) as Record<string, string>;
  const deliveryOf = (fields: Record<string, string>): Delivery => ({
    raw: JSON.stringify(fields),
    headers: { 'content-type': 'application/json' },
  });
  const pkTime = (at: Date) =>
    new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return {
    gateway,
    request: (orderId, minor) => ({
      orderId,
      amount: money(minor, 'PKR'),
      returnUrl: 'https://bastaa.pk/back',
      cancelUrl: 'https://bastaa.pk/cancel',
      payer: { mobile: '03012345678', cnicLast6: '345678' },
    }),
    async confirm(created) {
      expect(stand.answer(created.reference, true)).toBe(true);
      await stand.settled();
      return receiver.received.at(-1)!;
    },
    forge: (d) => deliveryOf({ ...fieldsOf(d), pp_SecureHash: 'AB'.repeat(32) }),
    stale: (d) =>
      deliveryOf(
        stand.sign({ ...fieldsOf(d), pp_TxnDateTime: pkTime(new Date(Date.now() - TWO_HOURS)) }),
      ),
    alter: (d, change) =>
      deliveryOf(
        stand.sign({
          ...fieldsOf(d),
          ...(change.minor === undefined ? {} : { pp_Amount: String(change.minor) }),
          ...(change.currency === undefined ? {} : { pp_TxnCurrency: change.currency }),
        }),
      ),
    close: async () => {
      await stand.close();
      await receiver.close();
    },
  };
}

async function easypaisaHarness(): Promise<Harness> {
  const creds = { storeId: '40412', username: 'contract-user', password: 'contract-pass' };
  const receiver = await startReceiver();
  const stand = await startEasypaisaStandIn({ ...creds, ipnUrl: receiver.url });
  stand.state.phone = 'never';
  const gateway = easypaisaGateway({ environment: 'sandbox', ...creds, apiUrl: stand.url });
  return {
    gateway,
    request: (orderId, minor) => ({
      orderId,
      amount: money(minor, 'PKR'),
      returnUrl: 'https://bastaa.pk/back',
      cancelUrl: 'https://bastaa.pk/cancel',
      payer: { mobile: '03451234567', cnicLast6: '' },
    }),
    async confirm(created) {
      expect(stand.answer(created.reference, true)).toBe(true);
      await stand.settled();
      return receiver.received.at(-1)!;
    },
    close: async () => {
      await stand.close();
      await receiver.close();
    },
  };
}

const HARNESSES: Record<keyof typeof PROVIDERS, () => Promise<Harness>> = {
  safepay: safepayHarness,
  jazzcash: jazzCashHarness,
  easypaisa: easypaisaHarness,
};
const NAMES = Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[];
const SIGNED = NAMES.filter((n) => PROVIDERS[n].confirms === 'signed-event');
const NOTICES = NAMES.filter((n) => PROVIDERS[n].confirms === 'notice-read-back');
const BY_API = NAMES.filter((n) => PROVIDERS[n].refunds === 'api');
const BY_HAND = NAMES.filter((n) => PROVIDERS[n].refunds === 'by-hand');

/** A provider's harness with one payment started and confirmed, for one describe block. */
function confirmedPayment(name: keyof typeof PROVIDERS, charge: number) {
  const it = {} as { h: Harness; created: CreatedPayment; delivery: Delivery };
  beforeAll(async () => {
    it.h = await HARNESSES[name]();
    it.created = await it.h.gateway.createPayment(it.h.request('ORDER-CONTRACT-1', charge));
    it.delivery = await it.h.confirm(it.created);
  });
  afterAll(() => it.h.close());
  return it;
}

const charge = 1_225_000;

describe.each(NAMES)('the %s provider against its stand-in', (name) => {
  const p = confirmedPayment(name, charge);

  it('starts as the registry says: on a hosted page, or as a request to the phone', () => {
    expect(typeof p.created.reference).toBe('string');
    expect(p.created.redirectUrl === null ? 'phone-request' : 'hosted-page').toBe(
      PROVIDERS[name].start,
    );
  });

  it('names a replayed delivery by the same event id, so the shared step takes it once', () => {
    const first = p.h.gateway.verifyWebhook(p.delivery.raw, p.delivery.headers, new Date());
    const again = p.h.gateway.verifyWebhook(p.delivery.raw, p.delivery.headers, new Date());
    expect(first.ok && again.ok && first.event.id === again.event.id).toBe(true);
  });

  it('reads the payment back as paid for the charge', async () => {
    expect(await p.h.gateway.readPayment(p.created.reference)).toMatchObject({
      reference: p.created.reference,
      state: 'paid',
      amountMinor: charge,
      currency: 'PKR',
    });
  });

  it('refuses bad input before calling the provider: another currency', async () => {
    await expect(
      p.h.gateway.createPayment({
        ...p.h.request('ORDER-CONTRACT-2', 100),
        amount: money(100, 'XXX'),
      }),
    ).rejects.toMatchObject({ kind: 'invalid-input' });
  });
});

describe.each(SIGNED)('the %s provider’s signed events', (name) => {
  const p = confirmedPayment(name, charge);

  it('are accepted as a payment of the charge, by reference', () => {
    expect(p.h.gateway.verifyWebhook(p.delivery.raw, p.delivery.headers, new Date())).toMatchObject(
      {
        ok: true,
        event: {
          kind: 'payment.paid',
          reference: p.created.reference,
          amountMinor: charge,
          currency: 'PKR',
        },
      },
    );
  });

  it('are refused with a forged signature', () => {
    const forged = p.h.forge!(p.delivery);
    expect(p.h.gateway.verifyWebhook(forged.raw, forged.headers, new Date())).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('are refused as stale when genuinely signed two hours ago', () => {
    const stale = p.h.stale!(p.delivery);
    expect(p.h.gateway.verifyWebhook(stale.raw, stale.headers, new Date())).toMatchObject({
      ok: false,
      reason: 'stale-timestamp',
    });
  });

  it('report the amount and currency they say, for the shared match to refuse', () => {
    const less = p.h.alter!(p.delivery, { minor: charge - 100 });
    const usd = p.h.alter!(p.delivery, { currency: 'USD' });
    expect(p.h.gateway.verifyWebhook(less.raw, less.headers, new Date())).toMatchObject({
      ok: true,
      event: { amountMinor: charge - 100, currency: 'PKR' },
    });
    expect(p.h.gateway.verifyWebhook(usd.raw, usd.headers, new Date())).toMatchObject({
      ok: true,
      event: { amountMinor: charge, currency: 'USD' },
    });
  });
});

describe.each(NOTICES)('the %s provider’s unsigned notices', (name) => {
  const p = confirmedPayment(name, charge);

  it('name the payment and carry no amount, currency or state to trust', () => {
    expect(p.h.gateway.verifyWebhook(p.delivery.raw, p.delivery.headers, new Date())).toMatchObject(
      {
        ok: true,
        event: {
          kind: 'payment.notice',
          reference: p.created.reference,
          amountMinor: null,
          currency: null,
        },
      },
    );
  });

  it('are refused when they name no payment', () => {
    expect(p.h.gateway.verifyWebhook('{"orderId":{"$ne":1}}', {}, new Date())).toMatchObject({
      ok: false,
      reason: 'malformed-body',
    });
  });
});

describe.each(BY_API)('refunds through the %s provider’s API', (name) => {
  const p = confirmedPayment(name, charge);

  it('refund part of a payment, and read back what was refunded', async () => {
    await p.h.gateway.refund(p.created.reference, money(charge / 2, 'PKR'), 'contract-refund-1');
    expect((await p.h.gateway.readPayment(p.created.reference)).refundedMinor).toBe(charge / 2);
  });
});

describe.each(BY_HAND)('refunds for the %s provider', (name) => {
  const p = confirmedPayment(name, charge);

  it('are refused by the adapter, for staff to send by hand and record', async () => {
    await expect(
      p.h.gateway.refund(p.created.reference, money(charge / 2, 'PKR'), 'contract-refund-1'),
    ).rejects.toMatchObject({ kind: 'rejected' });
  });
});
