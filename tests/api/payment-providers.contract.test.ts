// One contract, every registered payment provider against its own stand-in, on 127.0.0.1 with
// random ports: a payment starts, is confirmed by a signed delivery the adapter accepts, and a
// forged, stale or replayed delivery, or one of another amount or currency, is told apart; the
// payment reads back, and refunds. The shared steps above the adapters (once per event, match the
// order, record) rely on exactly these answers. A new provider adds one harness here.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJazzCashStandIn } from '../../src/demo/jazzcash-stand-in.ts';
import { startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import { money } from '../../src/lib/money.ts';
import {
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
  forge(d: Delivery): Delivery;
  /** The same delivery, genuinely signed, two hours ago. */
  stale(d: Delivery): Delivery;
  /** The same delivery, genuinely signed, saying another amount or currency. */
  alter(d: Delivery, change: { minor?: number; currency?: string }): Delivery;
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

const HARNESSES: Record<keyof typeof PROVIDERS, () => Promise<Harness>> = {
  safepay: safepayHarness,
  jazzcash: jazzCashHarness,
};

describe.each(Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[])(
  'the %s provider against its stand-in',
  (name) => {
    let h: Harness;
    let created: CreatedPayment;
    let delivery: Delivery;
    const charge = 1_225_000;
    beforeAll(async () => {
      h = await HARNESSES[name]();
      created = await h.gateway.createPayment(h.request('ORDER-CONTRACT-1', charge));
      delivery = await h.confirm(created);
    });
    afterAll(() => h.close());

    it('starts as the registry says: on a hosted page, or as a request to the phone', () => {
      const start = PROVIDERS[name].start;
      expect(typeof created.reference).toBe('string');
      expect(created.redirectUrl === null ? 'phone-request' : 'hosted-page').toBe(start);
    });

    it('accepts the stand-in’s signed confirmation as a payment of the charge, by reference', () => {
      const verdict = h.gateway.verifyWebhook(delivery.raw, delivery.headers, new Date());
      expect(verdict).toMatchObject({
        ok: true,
        event: {
          kind: 'payment.paid',
          reference: created.reference,
          amountMinor: charge,
          currency: 'PKR',
        },
      });
    });

    it('refuses a forged signature', () => {
      const forged = h.forge(delivery);
      expect(h.gateway.verifyWebhook(forged.raw, forged.headers, new Date())).toMatchObject({
        ok: false,
        reason: 'bad-signature',
      });
    });

    it('refuses a genuine signature made two hours ago as stale', () => {
      const stale = h.stale(delivery);
      expect(h.gateway.verifyWebhook(stale.raw, stale.headers, new Date())).toMatchObject({
        ok: false,
        reason: 'stale-timestamp',
      });
    });

    it('names a replayed delivery by the same event id, so the shared step takes it once', () => {
      const first = h.gateway.verifyWebhook(delivery.raw, delivery.headers, new Date());
      const again = h.gateway.verifyWebhook(delivery.raw, delivery.headers, new Date());
      expect(first.ok && again.ok && first.event.id === again.event.id).toBe(true);
    });

    it('reports the amount and currency a signed delivery says, for the match to refuse', () => {
      const less = h.alter(delivery, { minor: charge - 100 });
      const usd = h.alter(delivery, { currency: 'USD' });
      expect(h.gateway.verifyWebhook(less.raw, less.headers, new Date())).toMatchObject({
        ok: true,
        event: { amountMinor: charge - 100, currency: 'PKR' },
      });
      expect(h.gateway.verifyWebhook(usd.raw, usd.headers, new Date())).toMatchObject({
        ok: true,
        event: { amountMinor: charge, currency: 'USD' },
      });
    });

    it('reads the payment back as paid for the charge', async () => {
      expect(await h.gateway.readPayment(created.reference)).toMatchObject({
        reference: created.reference,
        state: 'paid',
        amountMinor: charge,
        currency: 'PKR',
      });
    });

    it('refunds part of it, and reads back what was refunded', async () => {
      await h.gateway.refund(created.reference, money(charge / 2, 'PKR'), 'contract-refund-1');
      expect((await h.gateway.readPayment(created.reference)).refundedMinor).toBe(charge / 2);
    });
  },
);
