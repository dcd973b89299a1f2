// Operator alerts: failures that need a person mail the shop's alert address, at most
// once per kind per 15-minute window, and the next mail counts what the window held. Real SMTP
// (smtp-server) catches the mails; the four sources are driven through their real code paths (the
// order call through the router, a shopper mail the mailbox refuses, the rates service failing, a
// call meeting the store unreachable).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import shop from '../../netlify/functions/shop.mts';
import { karachiTime, shortNumber } from '../../src/lib/desk.ts';
import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { loadConfig } from '../../src/server/config.ts';
import { sendShopperMail } from '../../src/server/operations/mail-failures.ts';
import {
  ALERT_WINDOW_MS,
  alertOperator,
  reportCountedAlerts,
  withoutSecrets,
  type AlertDeps,
} from '../../src/server/operations/operator-alerts.ts';
import { getRates } from '../../src/server/operations/rates.ts';
import { getStore, provideStore } from '../../src/server/store/index.ts';
import { StoreUnavailableError, type Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { seedOrder } from '../fixtures/desk.ts';
import { tempMongoDoubleStore } from '../fixtures/store.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText } from '../fixtures/smtp-catcher.ts';

/** An SMTP server that keeps what it accepts and refuses (550) every recipient in `refused`. */
async function startPickySmtp() {
  const mails: { to: string; subject: string; text: string }[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase()))
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // A long subject is folded over lines: unfold it.
        const subject = /^Subject: (.*)$/m.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
        for (const r of session.envelope.rcptTo)
          mails.push({ to: r.address.toLowerCase(), subject, text: mailText(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SHOP_ADDRESS = 'care@bastaa.pk';
// 14:00:01 in Karachi (UTC+5) on 5 January 2026: a window starts at 14:00.
const T = Date.UTC(2026, 0, 5, 9, 0, 1);

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startPickySmtp>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let store: Store;

const mailConfig = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Bastaa <no-reply@bastaa.pk>',
  DATA_DIR: env.dir,
});
const deps = (extra: Partial<AlertDeps> = {}): AlertDeps => ({
  config: mailConfig(),
  store,
  ...extra,
});
const subjects = () => smtp.mails.map((m) => m.subject);

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startPickySmtp();
  rates = await startFakeRates('ok');
  process.env.SMTP_URL = smtp.url;
  process.env.RATES_URL = rates.url;
  store = await getStore();
  await stockShelves([
    makeProduct({ _id: 'city-tote', productName: 'City Tote', price: 4500, discountPercent: 0 }),
  ]);
}, 60_000);
afterAll(async () => {
  await settleBackground();
  delete process.env.SMTP_URL;
  delete process.env.RATES_URL;
  delete process.env.ALERT_EMAIL;
  await Promise.all([smtp.close(), rates.close(), env.cleanup()]);
});
beforeEach(async () => {
  await settleBackground();
  smtp.mails.length = 0;
  smtp.refused.clear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  provideStore(store);
  await settleBackground();
});

describe(
  'the storm rule: one mail per kind per 15 minutes, with a count',
  { timeout: 60_000 },
  () => {
    it('a storm of 100 failures gives one mail, and the next window’s mail says "99 more since 14:00"', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          alertOperator(
            deps(),
            'order-not-saved',
            { summary: `order ${i} not saved` },
            {
              now: T + i * 1000,
            },
          ),
        ),
      );
      await settleBackground();
      expect(subjects()).toEqual(['An order could not be saved']);
      expect(smtp.mails[0]!.to).toBe(SHOP_ADDRESS);
      expect(smtp.mails[0]!.text).toContain('order 0 not saved');
      expect(smtp.mails[0]!.text).toContain('When: 2026-01-05 14:00 (Karachi time)');
      expect(smtp.mails[0]!.text).toContain('check the database (Atlas) and /api/health.');
      // Every one of them is a log line, though: one JSON object each.
      const logged = errors.mock.calls
        .map((c) => JSON.parse(String(c[0])) as { msg: string; alert?: string })
        .filter((l) => l.alert === 'order-not-saved');
      expect(logged).toHaveLength(100);
      expect(logged[99]!.msg).toBe('[alert] order 99 not saved');

      await alertOperator(
        deps(),
        'order-not-saved',
        { summary: 'order 100 not saved' },
        {
          now: T + ALERT_WINDOW_MS,
        },
      );
      await settleBackground();
      expect(subjects()).toEqual([
        'An order could not be saved',
        'An order could not be saved (and 99 more since 14:00)',
      ]);
      expect(smtp.mails[1]!.text).toContain('order 100 not saved');
      expect(smtp.mails[1]!.text).toContain(
        'Not mailed one by one: 99 more since 14:00 (Karachi time).',
      );
    });

    it('without a new failure, the next request after the window mails one summary, once', async () => {
      const start = T + 10 * ALERT_WINDOW_MS;
      // What earlier tests left counted is reported first (nothing of it falls in these windows).
      await reportCountedAlerts(async () => deps(), { now: start });
      await settleBackground();
      smtp.mails.length = 0;
      for (let i = 0; i < 37; i++)
        await alertOperator(
          deps(),
          'mail-failed',
          { summary: `mail ${i} failed` },
          {
            now: start + i,
          },
        );
      await settleBackground();
      expect(subjects()).toEqual(['A mail to a shopper failed after its retries']);
      // Still inside the window: nothing is due, and nothing touches the store.
      expect(reportCountedAlerts(async () => deps(), { now: start + 60_000 })).toBeNull();
      await reportCountedAlerts(async () => deps(), { now: start + ALERT_WINDOW_MS });
      await settleBackground();
      // Karachi 16:30: the window of `start` (14:00 + 150 minutes).
      expect(subjects()).toEqual([
        'A mail to a shopper failed after its retries',
        'A mail to a shopper failed after its retries: 36 more since 16:30',
      ]);
      expect(smtp.mails[1]!.to).toBe(SHOP_ADDRESS);
      // Reported once: neither a later summary nor the next window's alert repeats the count.
      expect(
        reportCountedAlerts(async () => deps(), { now: start + 2 * ALERT_WINDOW_MS }),
      ).toBeNull();
      await alertOperator(
        deps(),
        'mail-failed',
        { summary: 'mail 38 failed' },
        {
          now: start + ALERT_WINDOW_MS + 5,
        },
      );
      await settleBackground();
      expect(subjects()[2]).toBe('A mail to a shopper failed after its retries');
    });

    it('the window is shared through the store: a second instance’s failure in it is only counted', async () => {
      // Two instances share the store; the second has nothing in memory, yet mails nothing.
      const now = T + 20 * ALERT_WINDOW_MS;
      await alertOperator(deps(), 'rates-down', { summary: 'down (instance A)' }, { now });
      await settleBackground();
      // A fresh copy of the module: another instance, with nothing in its memory.
      vi.resetModules();
      const second = await import('../../src/server/operations/operator-alerts.ts');
      await second.alertOperator(
        deps(),
        'rates-down',
        { summary: 'down (instance B)' },
        {
          now: now + 1,
        },
      );
      expect(subjects()).toEqual(['The exchange-rate service has been down for over an hour']);
    });

    it('on the MongoDB adapter (over the in-memory TEST DOUBLE of the driver) a storm of 100 is one mail too', async () => {
      const mongo = await tempMongoDoubleStore();
      try {
        const now = T + 25 * ALERT_WINDOW_MS;
        await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            alertOperator(
              deps({ store: mongo.store }),
              'mail-failed',
              { summary: `m${i}` },
              {
                now: now + i,
              },
            ),
          ),
        );
        await alertOperator(
          deps({ store: mongo.store }),
          'mail-failed',
          { summary: 'next' },
          {
            now: now + ALERT_WINDOW_MS,
          },
        );
        await settleBackground();
        // Karachi 20:15: 14:00 + 25 windows of 15 minutes.
        expect(subjects()).toEqual([
          'A mail to a shopper failed after its retries',
          'A mail to a shopper failed after its retries (and 99 more since 20:15)',
        ]);
      } finally {
        await mongo.cleanup();
      }
    });

    it('kinds are limited separately: a storm of one kind does not hide another', async () => {
      const now = T + 30 * ALERT_WINDOW_MS;
      for (let i = 0; i < 5; i++)
        await alertOperator(deps(), 'order-not-saved', { summary: 'x' }, { now: now + i });
      await alertOperator(deps(), 'rates-down', { summary: 'y' }, { now: now + 9 });
      await settleBackground();
      expect(subjects().sort()).toEqual([
        'An order could not be saved',
        'The exchange-rate service has been down for over an hour',
      ]);
    });
  },
);

describe('where alerts go', { timeout: 60_000 }, () => {
  it('to the orders address of the shop settings, read when sending', async () => {
    await store.settings.save({ ordersEmail: 'orders@shop.example' });
    try {
      await alertOperator(
        deps(),
        'order-not-saved',
        { summary: 'x' },
        {
          now: T + 40 * ALERT_WINDOW_MS,
        },
      );
      await settleBackground();
      expect(smtp.mails.map((m) => m.to)).toEqual(['orders@shop.example']);
    } finally {
      await store.settings.save({ ordersEmail: SHOP_ADDRESS });
    }
  });

  it('with the store unreachable: to ALERT_EMAIL, counted in memory, once per window', async () => {
    const now = T + 50 * ALERT_WINDOW_MS;
    const config = { ...mailConfig(), ALERT_EMAIL: 'owner@example.com' };
    for (let i = 0; i < 100; i++)
      await alertOperator(
        { config, store: null },
        'store-unreachable',
        { summary: 'down' },
        {
          now: now + i,
        },
      );
    await settleBackground();
    expect(smtp.mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner@example.com', 'The database is unreachable'],
    ]);
    await reportCountedAlerts(async () => ({ config, store: null }), {
      now: now + ALERT_WINDOW_MS,
    });
    await settleBackground();
    expect(smtp.mails.map((m) => [m.to, m.subject])[1]).toEqual([
      'owner@example.com',
      'The database is unreachable: 99 more since 02:30',
    ]);
  });

  it('with the store unreachable and no ALERT_EMAIL: to the shop’s own address', async () => {
    await alertOperator(
      { config: mailConfig(), store: null },
      'store-unreachable',
      {
        summary: 'down',
      },
      { now: T + 60 * ALERT_WINDOW_MS },
    );
    await settleBackground();
    expect(smtp.mails.map((m) => m.to)).toEqual([SHOP_ADDRESS]);
  });

  it('when the store’s counters fail, it counts in memory and mails the fallback address', async () => {
    const broken = {
      ...store,
      limits: { ...store.limits, hit: () => Promise.reject(new StoreUnavailableError('down')) },
      settings: { ...store.settings, get: () => Promise.reject(new StoreUnavailableError('down')) },
    } as Store;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const config = { ...mailConfig(), ALERT_EMAIL: 'owner@example.com' };
    for (let i = 0; i < 3; i++)
      await alertOperator(
        { config, store: broken },
        'mail-failed',
        { summary: 'x' },
        {
          now: T + 70 * ALERT_WINDOW_MS + i,
        },
      );
    await settleBackground();
    expect(smtp.mails.map((m) => m.to)).toEqual(['owner@example.com']);
  });
});

describe('no secret in an alert', () => {
  const SECRET = 'a-jwt-secret-of-at-least-thirty-two-characters!!';
  const leaky =
    `failed at mongodb+srv://shop:Pa55w0rd@cluster0.example.mongodb.net/shop and smtps://user:hunter2@smtp.example.com:465, ` +
    `token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl, password=hunter2, Bearer abc.def-ghi, card 4111 1111 1111 1111, ` +
    `wallet 03001234567, key ${SECRET}`;

  it('hides URL passwords, tokens, password fields, card and wallet numbers and the configured secrets', () => {
    const clean = withoutSecrets(leaky, { JWT_SECRET: SECRET });
    for (const secret of [
      'Pa55w0rd',
      'abc.def-ghi',
      'hunter2',
      'eyJhbGciOiJIUzI1NiJ9',
      '4111 1111 1111',
      '0300123',
      SECRET,
    ])
      expect(clean).not.toContain(secret);
    expect(clean).toContain('mongodb+srv://***:***@cluster0.example.mongodb.net/shop');
    expect(clean).toContain('card …1111');
    expect(clean).toContain('password=[hidden]');
    expect(clean).toContain('Bearer [hidden]');
    expect(clean).toContain('wallet …4567');
  });

  it('keeps an order number that happens to be all digits (#19490985), which the owner searches by', () => {
    expect(withoutSecrets('A mail to a shopper failed (order #19490985)')).toBe(
      'A mail to a shopper failed (order #19490985)',
    );
    expect(withoutSecrets('Order: #19490985, card 4111111111111111, wallet #03001234567')).toBe(
      'Order: #19490985, card …1111, wallet #…4567',
    );
  });

  it('neither the mail nor the log line carries them', { timeout: 30_000 }, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const config = { ...mailConfig(), JWT_SECRET: SECRET };
    await alertOperator(
      { config, store },
      'order-not-saved',
      { summary: leaky, lines: [leaky] },
      {
        now: T + 80 * ALERT_WINDOW_MS,
      },
    );
    await settleBackground();
    const written = [smtp.mails[0]!.text, ...errors.mock.calls.map((c) => String(c[0]))].join('\n');
    expect(smtp.mails).toHaveLength(1);
    for (const secret of [
      'Pa55w0rd',
      'abc.def-ghi',
      'hunter2',
      'eyJhbGciOiJIUzI1NiJ9',
      '4111 1111 1111',
      '03001234567',
      SECRET,
    ])
      expect(written).not.toContain(secret);
  });
});

/** The body of an order through the real order call, as the shopper's browser sends it. */
const orderBody = (email: string) => ({
  items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
  address: lahoreAddress({ email }),
  currency: 'PKR',
  paymentMethod: 'COD',
});

describe('the four sources', { timeout: 60_000 }, () => {
  it('an order that could not be saved: the shopper gets a 500 with a reference, the owner a mail naming the request', async () => {
    const shopper = await signUp('Ayesha');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    provideStore({
      ...store,
      orders: { ...store.orders, create: () => Promise.reject(new Error('disk I/O error')) },
    });
    const answer = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: orderBody(shopper.email),
    });
    expect(answer.status).toBe(500);
    const requestId = answer.headers.get('x-request-id');
    await settleBackground();
    const alert = smtp.mails.find((m) => m.subject.startsWith('An order could not be saved'));
    expect(alert?.to).toBe(SHOP_ADDRESS);
    expect(alert?.text).toContain('An order could not be saved: disk I/O error');
    expect(alert?.text).toContain(`Request id: ${requestId} (reference ${answer.body.reference})`);
  });

  it('orders failing in a storm through the router: one mail, then the next request after the window mails the count', async () => {
    const shopper = await signUp('Zara');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Five hours on, in a window of its own (aligned to 15 minutes), 1 minute into it.
    const realNow = Date.now.bind(Date);
    const shift =
      Math.ceil((realNow() + 5 * 3600_000) / ALERT_WINDOW_MS) * ALERT_WINDOW_MS +
      60_000 -
      realNow();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
    provideStore({
      ...store,
      orders: { ...store.orders, create: () => Promise.reject(new Error('disk I/O error')) },
    });
    for (let i = 0; i < 3; i++) {
      const answer = await call(account, '/api/order/COD', {
        token: shopper.token,
        body: orderBody(shopper.email),
        ip: `203.0.113.${100 + i}`,
      });
      expect(answer.status).toBe(500);
    }
    await settleBackground();
    expect(subjects()).toEqual(['An order could not be saved']);
    // The next request, any call, once the window has ended.
    clock.mockImplementation(() => realNow() + shift + ALERT_WINDOW_MS);
    provideStore(store);
    expect((await call(shop, '/api/product/list', { method: 'GET' })).status).toBe(200);
    await settleBackground();
    const since = karachiTime(realNow() + shift - 60_000).split(' ')[1];
    expect(subjects()).toEqual([
      'An order could not be saved',
      `An order could not be saved: 2 more since ${since}`,
    ]);
  });

  it('a domain refusal of an order (an unknown currency) alerts nobody', async () => {
    const shopper = await signUp('Bilal');
    const answer = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: { ...orderBody(shopper.email), currency: 'XXX' },
    });
    expect(answer.status).toBe(400);
    await settleBackground();
    expect(smtp.mails).toEqual([]);
  });

  it('a status mail that failed after its retries alerts the owner with the order number', async () => {
    const order = await seedOrder({ address: lahoreAddress({ email: 'bounce@example.com' }) });
    smtp.refused.add('bounce@example.com');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = await sendShopperMail(
      { store, config: loadConfig() },
      { to: 'bounce@example.com', subject: 'Your order is Packing', text: 'Packing.' },
      { kind: 'order-status', orderId: order.id },
    );
    await settleBackground();
    expect(failure?.state).toBe('failed');
    const alert = smtp.mails.find((m) => m.to === SHOP_ADDRESS);
    expect(alert?.subject).toBe(`A mail to a shopper failed (order #${shortNumber(order.id)})`);
    expect(alert?.text).toContain(
      'The mail "Your order is Packing" to bounce@example.com could not be sent.',
    );
    expect(alert?.text).toContain('Mailbox unavailable');
  });

  it('the rates service down for over an hour alerts, saying orders abroad are paused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    rates.state.mode = 'fail';
    try {
      const config = { ...mailConfig(), RATES_URL: rates.url, RATES_TIMEOUT_MS: 3000 };
      const start = T + 90 * ALERT_WINDOW_MS;
      await store.rates.put({ rates: { PKR: 1 }, fetchedAt: 0, fallback: true });
      await getRates(store, config, start);
      await getRates(store, config, start + 30 * 60_000);
      await settleBackground();
      expect(smtp.mails).toEqual([]);
      expect((await store.rates.get())?.downSince).toBe(start);
      await getRates(store, config, start + 61 * 60_000);
      await settleBackground();
      expect(smtp.mails.map((m) => m.subject)).toEqual([
        'The exchange-rate service has been down for over an hour',
      ]);
      expect(smtp.mails[0]!.text).toContain(
        `The exchange-rate service (${rates.url}) has failed for 61 minutes; orders abroad are paused.`,
      );
      // A success ends the outage: the next failure counts from zero again.
      rates.state.mode = 'ok';
      await getRates(store, config, start + 62 * 60_000);
      expect((await store.rates.get())?.downSince).toBeUndefined();
    } finally {
      rates.state.mode = 'ok';
    }
  });

  it('the store unreachable: every caller gets the 503, the owner one mail at ALERT_EMAIL', async () => {
    process.env.ALERT_EMAIL = 'owner@example.com';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = () =>
      Promise.reject(
        new StoreUnavailableError('connect ECONNREFUSED mongodb://shop:Pa55w0rd@db:27017'),
      );
    // The product list reads the published version first.
    provideStore({
      ...store,
      products: { ...store.products, list: down },
      catalogueVersions: { ...store.catalogueVersions, live: down, latest: down },
    } as Store);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(shop, '/api/product/list', { method: 'GET' })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(503));
      await settleBackground();
      const alerts = smtp.mails.filter((m) => m.subject.startsWith('The database is unreachable'));
      expect(alerts.map((m) => m.to)).toEqual(['owner@example.com']);
      expect(alerts[0]!.text).toContain('The database did not answer (productList)');
      expect(alerts[0]!.text).not.toContain('Pa55w0rd');
      expect(alerts[0]!.text).toContain('mongodb://***:***@db:27017');
      // The advice is not mistaken for a secret.
      expect(alerts[0]!.text).toContain('network access list? password rotated?');
    } finally {
      delete process.env.ALERT_EMAIL;
    }
  });

  it('an alert that cannot be sent never fails or slows the request', async () => {
    const shopper = await signUp('Sana');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Two hours on: a window of its own, so this alert is mailed (and refused), not only counted.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 3600_000);
    smtp.refused.add(SHOP_ADDRESS);
    provideStore({
      ...store,
      orders: { ...store.orders, create: () => Promise.reject(new Error('disk I/O error')) },
    });
    const started = performance.now();
    const answer = await call(account, '/api/order/COD', {
      token: shopper.token,
      body: orderBody(shopper.email),
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(SERVER_MESSAGES.failed);
    await settleBackground();
    expect(smtp.mails).toEqual([]);
    const failed = errors.mock.calls
      .map((c) => JSON.parse(String(c[0])) as { msg: string; error?: { message: string } })
      .filter((l) => l.msg === 'order-not-saved alert failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error?.message).toContain('Mailbox unavailable');
  });
});
