// The Safepay adapter against the local stand-in of Safepay (src/demo/safepay-stand-in.ts), both on
// 127.0.0.1 with random ports: create a session, press the test page's buttons as a shopper would,
// receive the signed webhook, read the payment back, refund it. Nothing reaches the internet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pressTestPage, startSafepayStandIn } from '../../src/demo/safepay-stand-in.ts';
import type { Money } from '../../src/lib/money.ts';
import {
  chargeCurrency,
  GatewayError,
  safepayGateway,
  type HostedPageGateway,
} from '../../src/server/payments/index.ts';

const keys = {
  apiKey: 'sec_3f9a2c1e-test-0001',
  secretKey: 'stand-in-secret-key-0001',
  webhookSecret: Buffer.alloc(32, 0x5a).toString('base64'),
};

/** The shop's webhook endpoint, as a plain recorder of what arrives, bytes and headers. */
async function startReceiver() {
  const received: { raw: Buffer; headers: http.IncomingHttpHeaders }[] = [];
  /** How many of the next deliveries to answer with HTTP 500. */
  const state = { failures: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), headers: req.headers });
      const failing = state.failures > 0;
      if (failing) state.failures--;
      res.writeHead(failing ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/safepay/webhook`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stand: Awaited<ReturnType<typeof startSafepayStandIn>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let gateway: HostedPageGateway;

beforeAll(async () => {
  receiver = await startReceiver();
  stand = await startSafepayStandIn({ ...keys, webhookUrl: receiver.url, retryDelaysMs: [] });
  gateway = safepayGateway({ environment: 'sandbox', ...keys, apiUrl: stand.url, timeoutMs: 2000 });
});
afterAll(async () => {
  await stand.close();
  await receiver.close();
});
afterEach(async () => {
  await stand.idle();
  receiver.received.length = 0;
  stand.state.mode = 'ok';
  receiver.state.failures = 0;
});

/**
 * A payment request; its amount is built raw (not through money()), so that hostile counts such
 * as 14,812.5 reach the adapter's own checks.
 */
const order = ({
  amountMinor = 1_481_200,
  currency = 'PKR',
  ...overrides
}: {
  amountMinor?: number;
  currency?: string;
  orderId?: string;
  returnUrl?: string;
} = {}) => ({
  orderId: 'BAG-10042',
  returnUrl: 'https://bastaa.pk/order/BAG-10042?paid=1',
  cancelUrl: 'https://bastaa.pk/order/BAG-10042',
  ...overrides,
  amount: { minor: amountMinor, currency } as unknown as Money,
});

/** Rupees in paisa, built raw like order()'s amount. */
const raw = (minor: number, currency = 'PKR') => ({ minor, currency }) as unknown as Money;

/** Opens the hosted page and presses one of its buttons, as the shopper's browser would. */
async function press(redirectUrl: string, choice: 'pay' | 'decline' | 'cancel', via = stand) {
  const pressed = await pressTestPage(redirectUrl, choice);
  expect(pressed.pageStatus).toBe(200);
  await via.idle();
  return { html: pressed.html, status: pressed.status, location: pressed.location };
}

const verifyLast = () => {
  const last = receiver.received.at(-1)!;
  return gateway.verifyWebhook(last.raw, last.headers, new Date());
};

describe('Safepay adapter against the stand-in', () => {
  it('opens a session and sends the shopper to the hosted page with the tracker and order', async () => {
    const created = await gateway.createPayment(order());
    expect(created.reference).toMatch(/^track_[0-9a-f-]{36}$/);
    const url = new URL(created.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${stand.url}/embedded/`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      environment: 'sandbox',
      tracker: created.reference,
      source: 'hosted',
      order_id: 'BAG-10042',
      redirect_url: 'https://bastaa.pk/order/BAG-10042?paid=1',
      cancel_url: 'https://bastaa.pk/order/BAG-10042',
    });
    expect(stand.state.trackers.get(created.reference)).toMatchObject({
      amount: 1_481_200,
      currency: 'PKR',
    });
  });

  it('serves a page clearly labelled as a test, with Pay, Decline and Cancel', async () => {
    const created = await gateway.createPayment(order({ currency: 'GBP', amountMinor: 4301 }));
    const page = await fetch(created.redirectUrl);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Test payment <span>(TEST)</span></h1>');
    expect(html).toContain('No card is asked for and no money moves.');
    expect(html).toContain('Amount: <strong>£43.01</strong>');
    expect(
      [...html.matchAll(/<button type="submit" name="choice" value="(\w+)">([^<]+)</g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['pay', 'Pay £43.01 (test)'],
      ['decline', 'Decline (test)'],
      ['cancel', 'Cancel and go back'],
    ]);
  });

  it('Pay sends the shopper back and a signed payment webhook the adapter accepts', async () => {
    const created = await gateway.createPayment(order());
    const pressed = await press(created.redirectUrl, 'pay');
    expect(pressed.status).toBe(303);
    expect(pressed.location).toBe(
      `https://bastaa.pk/order/BAG-10042?paid=1&tracker=${created.reference}`,
    );
    expect(receiver.received).toHaveLength(1);
    expect(verifyLast()).toMatchObject({
      ok: true,
      event: {
        kind: 'payment.paid',
        type: 'payment.succeeded',
        reference: created.reference,
        orderId: 'BAG-10042',
        amountMinor: 1_481_200,
        currency: 'PKR',
      },
    });
    expect(await gateway.readPayment(created.reference)).toEqual({
      reference: created.reference,
      state: 'paid',
      amountMinor: 1_481_200,
      currency: 'PKR',
      refundedMinor: 0,
    });
  });

  it('Decline sends a failed-payment webhook and leaves the payment unpaid; Cancel sends none', async () => {
    const declined = await gateway.createPayment(order());
    const d = await press(declined.redirectUrl, 'decline');
    expect(d.location).toBe('https://bastaa.pk/order/BAG-10042');
    expect(verifyLast()).toMatchObject({ ok: true, event: { kind: 'payment.failed' } });
    expect((await gateway.readPayment(declined.reference)).state).toBe('pending');

    const cancelled = await gateway.createPayment(order());
    const c = await press(cancelled.redirectUrl, 'cancel');
    expect(c.location).toBe('https://bastaa.pk/order/BAG-10042');
    expect(receiver.received).toHaveLength(1);
    expect((await gateway.readPayment(cancelled.reference)).state).toBe('pending');
  });

  it('refunds part, then the rest, each confirmed by a signed refund webhook, ending refunded', async () => {
    const created = await gateway.createPayment(order());
    await press(created.redirectUrl, 'pay');
    const part = await gateway.refund(created.reference, raw(552_500), 'refund-key');
    expect(part).toMatchObject({ state: 'partially_refunded', refundedMinor: 552_500 });
    await stand.idle();
    expect(verifyLast()).toMatchObject({
      ok: true,
      event: { kind: 'payment.refunded', amountMinor: 552_500, reference: created.reference },
    });
    const rest = await gateway.refund(created.reference, raw(928_700), 'refund-key');
    expect(rest).toMatchObject({ state: 'refunded', refundedMinor: 1_481_200 });
    expect(await gateway.readPayment(created.reference)).toMatchObject({
      state: 'refunded',
      refundedMinor: 1_481_200,
    });
  });

  it('refuses a refund above what is left, or of an unpaid payment, and changes nothing', async () => {
    const created = await gateway.createPayment(order());
    await expect(gateway.refund(created.reference, raw(100), 'refund-key')).rejects.toThrow(
      `payment ${created.reference} is pending; only a paid payment can be refunded`,
    );
    await press(created.redirectUrl, 'pay');
    await gateway.refund(created.reference, raw(1_000_000), 'refund-key');
    await expect(gateway.refund(created.reference, raw(481_201), 'refund-key')).rejects.toThrow(
      `a refund of 481201 exceeds the 481200 PKR (minor units) left on payment ${created.reference}`,
    );
    expect(stand.state.trackers.get(created.reference)?.refunded).toBe(1_000_000);
  });

  it('a page already paid cannot be paid again, so one session is charged once', async () => {
    const created = await gateway.createPayment(order());
    await press(created.redirectUrl, 'pay');
    const again = await fetch(created.redirectUrl);
    expect(again.status).toBe(409);
    expect(receiver.received).toHaveLength(1);
  });

  it('says clearly when Safepay refuses the keys', async () => {
    const wrong = safepayGateway({
      environment: 'sandbox',
      ...keys,
      secretKey: 'someone-elses-secret-key',
      apiUrl: stand.url,
    });
    const error = await wrong.createPayment(order()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      kind: 'refused',
      message:
        'Safepay (POST /order/payments/v3/) refused the keys (HTTP 401: invalid merchant secret): check SAFEPAY_SECRET_KEY and SAFEPAY_ENVIRONMENT (sandbox keys work on sandbox only)',
    });
  });

  it('gives up after its timeout when Safepay does not answer', async () => {
    stand.state.mode = 'hang';
    const quick = safepayGateway({
      environment: 'sandbox',
      ...keys,
      apiUrl: stand.url,
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(
      quick.readPayment('track_00000000-0000-0000-0000-000000000000'),
    ).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Safepay (GET /reporter/api/v1/payments/{tracker}) did not answer within 0.3 s',
    });
    // The configured 0.3 s, not the adapter's 10 s default: the bound tells the two apart with room for
    // a loaded machine's late timers; it measures no speed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names an outage as one to retry', async () => {
    stand.state.mode = 'fail';
    await expect(gateway.createPayment(order())).rejects.toMatchObject({
      kind: 'unreachable',
      message:
        'Safepay (POST /order/payments/v3/) answered HTTP 503: service unavailable; try again',
    });
  });

  it('answers "not found" for a tracker it never opened', async () => {
    await expect(
      gateway.readPayment('track_11111111-2222-3333-4444-555555555555'),
    ).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('refuses bad input before calling Safepay at all', async () => {
    const before = stand.state.apiCalls;
    const kinds = await Promise.all(
      [
        order({ amountMinor: 14_812.5 }),
        order({ amountMinor: 0 }),
        order({ amountMinor: -100 }),
        order({ currency: 'JPY' }),
        order({ orderId: 'x'.repeat(65) }),
        order({ returnUrl: 'javascript:alert(1)' }),
      ].map((o) => gateway.createPayment(o).catch((e: GatewayError) => e.kind)),
    );
    expect(kinds).toEqual(Array(6).fill('invalid-input'));
    await expect(gateway.readPayment('../../admin')).rejects.toMatchObject({
      kind: 'invalid-input',
    });
    await expect(gateway.refund('track_x', raw(1.5), 'refund-key')).rejects.toMatchObject({
      kind: 'invalid-input',
    });
    expect(stand.state.apiCalls).toBe(before);
  });

  it('says which currency to charge instead of one Safepay does not take', async () => {
    await expect(gateway.createPayment(order({ currency: 'JPY' }))).rejects.toThrow(
      'Safepay does not charge JPY; charge the order in PKR (chargeCurrency)',
    );
    expect(chargeCurrency('gbp', gateway)).toBe('GBP');
    expect(chargeCurrency('JPY', gateway)).toBe('PKR');
    expect(gateway.currencies).toEqual(['PKR', 'USD', 'AED', 'SAR', 'CAD', 'EUR', 'GBP']);
  });

  it('retries a webhook the shop did not take, with the same event id, until it is taken', async () => {
    const retrying = await startSafepayStandIn({
      ...keys,
      webhookUrl: receiver.url,
      retryDelaysMs: [10, 10],
    });
    try {
      const viaRetry = safepayGateway({ environment: 'sandbox', ...keys, apiUrl: retrying.url });
      const created = await viaRetry.createPayment(order());
      receiver.state.failures = 2;
      await press(created.redirectUrl, 'pay', retrying);
      const ids = receiver.received.map((r) => {
        const v = viaRetry.verifyWebhook(r.raw, r.headers, new Date());
        return v.ok ? v.event.id : v.reason;
      });
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      expect(retrying.state.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    } finally {
      await retrying.close();
    }
  });
});
