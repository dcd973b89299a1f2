// Alerts to the shop's orders address and failed shopper mails, through the real handlers with real
// Requests and a real SMTP server (smtp-server) that refuses the recipients a test names: a new
// order, the shopper's and the shop's cancels, a return request and a failed mail each alert the
// shop; a failed order mail is kept, retried on schedule, listed in the desk and resent once.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { SHOP } from '../../src/lib/shop-info.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getDeps } from '../../src/server/deps.ts';
import {
  MAIL_RETRY_AFTER_MS,
  retryDueMails,
  sendShopperMail,
} from '../../src/server/operations/mail-failures.ts';
import { alertMail, alertReturnRequested, alertShop } from '../../src/server/orders/shop-alerts.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { MailFailureRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { allowPersonalData, deskCall, enrol, seedOrder, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText } from '../fixtures/smtp-catcher.ts';

/** An SMTP server that keeps what it accepts and refuses (550) every recipient in `refused`. */
async function startPickySmtp() {
  const mails: { to: string; raw: string; text: string }[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const r of session.envelope.rcptTo)
          mails.push({ to: r.address.toLowerCase(), raw, text: mailText(raw) });
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

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startPickySmtp>>;
let owner: Member;
let staff: Member;

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startPickySmtp();
  process.env.RATES_URL = rates.url;
  process.env.SMTP_URL = smtp.url;
  await stockShelves([
    makeProduct({ _id: 'city-tote', productName: 'City Tote', price: 4500, discountPercent: 0 }),
  ]);
  owner = await enrol('owner', 'Owner');
  staff = await enrol('staff', 'Staff');
  // The failed mails' recipients are the shoppers': this member is one the owner allowed them.
  await allowPersonalData(owner, staff);
}, 60_000);
afterAll(async () => {
  await settleBackground();
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});
beforeEach(() => smtp.refused.clear());

const alerts = () => smtp.mails.filter((m) => m.to === SHOP.email);
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to === to);
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

/** Places a COD order through the real order call, as the shopper's browser does. */
async function placeOrder(email: string, firstName = 'Ayesha') {
  const shopper = await signUp(firstName);
  const pending: Promise<unknown>[] = [];
  const answer = await call(account, '/api/order/COD', {
    token: shopper.token,
    ip: `203.0.113.${Math.floor(Math.random() * 200) + 20}`,
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 2 }],
      address: lahoreAddress({ firstName, lastName: 'Siddiqui', email }),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(answer.status).toBe(201);
  await Promise.all(pending);
  return { shopper, orderId: answer.body.orderId as string };
}

describe('alerts to the shop', { timeout: 60_000 }, () => {
  it('mails the orders address about a new order: short number, name, total, method and items', async () => {
    const { orderId } = await placeOrder('new.order@example.com');
    await settleBackground();
    const number = shortNumber(orderId);
    const alert = alerts().find((m) => m.text.includes(`A new order #${number} was placed.`));
    expect(alert?.text).toContain('Name: Ayesha Siddiqui');
    expect(alert?.text).toContain('Payment: Cash on Delivery');
    expect(alert?.text).toContain('- City Tote (Black) x 2');
    expect(alert?.text).toContain('Phone: +92 300 1234567');
    expect(subjectOf(alert!.raw)).toBe(`New order #${number}: PKR 9,250`);
    expect(alert?.text).toContain('Total: ₨9,250');
    // No SITE_URL and no server's recorded address: the port of `npm start`.
    expect(alert?.text.trimEnd().split('\n').at(-1)).toBe(
      `Open the order on the desk: http://localhost:8888/desk#/orders/${orderId}`,
    );
    // The shopper's confirmation went out too, and nothing was recorded as failed.
    expect(mailsTo('new.order@example.com')).toHaveLength(1);
    expect(await (await getStore()).mailFailures.list()).toEqual([]);
  });

  it("alerts the shop when the shopper cancels, with the shopper's reason", async () => {
    const { shopper, orderId } = await placeOrder('cancels@example.com');
    const cancelled = await call(account, '/api/order/cancel', {
      token: shopper.token,
      body: { orderId, reason: 'Ordered by mistake' },
    });
    expect(cancelled.status).toBe(200);
    await settleBackground();
    const alert = alerts().find(
      (m) => subjectOf(m.raw) === `Order #${shortNumber(orderId)} cancelled`,
    );
    expect(alert?.text).toContain(`Order #${shortNumber(orderId)} was cancelled by the shopper.`);
    expect(alert?.text).toContain('Reason: Ordered by mistake');
  });

  it('tells the shop and the shopper that a refund is due when a paid order is cancelled, and the desk lists it', async () => {
    const { shopper, orderId } = await placeOrder('paid.cancel@example.com');
    const paid = await deskCall('orders/payment', {
      token: staff.token,
      body: { order: orderId, method: 'Bank Transfer', amount: 9250, reference: 'FT-PAIDCANCEL' },
    });
    expect(paid.status).toBe(200);
    const cancelled = await call(account, '/api/order/cancel', {
      token: shopper.token,
      body: { orderId, reason: 'Ordered by mistake' },
    });
    expect(cancelled.status).toBe(200);
    await settleBackground();
    const number = shortNumber(orderId);
    const alert = alerts().find((m) => subjectOf(m.raw) === `Order #${number} cancelled`);
    expect(alert?.text).toContain(
      'Money was received on this order: ₨9,250. A refund of ₨9,250 is due.',
    );
    const mail = mailsTo('paid.cancel@example.com').find((m) => m.text.includes('You cancelled'));
    expect(mail?.text).toContain(
      'We received ₨9,250 for this order. We will refund ₨9,250 to you the way you paid; we will write again once it is sent.',
    );
    const due = await deskCall('orders/list', {
      token: staff.token,
      body: { payment: 'refund due' },
    });
    expect(due.body.orders.map((o: { id: string }) => o.id)).toContain(orderId);
  });

  it('alerts the shop when a staff member cancels, naming them and the reason', async () => {
    const order = await seedOrder({ address: lahoreAddress({ email: 'shop.cancel@example.com' }) });
    const moved = await deskCall('orders/move', {
      token: staff.token,
      body: { order: order.id, to: 'Cancelled', reason: 'Out of stock' },
    });
    expect(moved.status).toBe(200);
    await settleBackground();
    const alert = alerts().find(
      (m) => subjectOf(m.raw) === `Order #${shortNumber(order.id)} cancelled`,
    );
    expect(alert?.text).toContain(`was cancelled by ${staff.email}.`);
    expect(alert?.text).toContain('Reason: Out of stock');
  });

  it('sends no alert for a move that is not a cancel', async () => {
    const order = await seedOrder();
    const before = alerts().length;
    await deskCall('orders/move', { token: staff.token, body: { order: order.id, to: 'packing' } });
    await settleBackground();
    expect(alerts()).toHaveLength(before);
  });

  it('alerts the shop of a return request through the exported alertShop', async () => {
    const order = await seedOrder({ status: 'Delivered' });
    await alertShop(await getDeps(), {
      kind: 'return-requested',
      order,
      summary: 'Return 1 x City Tote: strap broke',
    });
    const alert = alerts().find(
      (m) => subjectOf(m.raw) === `Return requested for order #${shortNumber(order.id)}`,
    );
    expect(alert?.text).toContain('Request: Return 1 x City Tote: strap broke');
  });

  it('alerts the shop of a return request handed over by the returns part, with its lines and reason', async () => {
    const order = await seedOrder({ status: 'Delivered' });
    await alertReturnRequested(await getDeps(), {
      orderId: order.id,
      kind: 'exchange',
      lines: [
        {
          line: 0,
          productId: 'city-tote',
          productName: 'City Tote',
          selectedColor: 'Black',
          quantity: 1,
        },
      ],
      reason: 'Wrong colour',
    });
    const alert = alerts().find(
      (m) => subjectOf(m.raw) === `Return requested for order #${shortNumber(order.id)}`,
    );
    expect(alert?.text).toContain('Request: exchange: 1 x City Tote (Black). Reason: Wrong colour');
    expect(alert?.text).toContain('Name: Sana Malik');
  });

  it("links every alert to the order's screen on SITE_URL, an absolute address", async () => {
    process.env.SITE_URL = 'https://shop.example.com';
    try {
      const { shopper, orderId } = await placeOrder('linked@example.com');
      await call(account, '/api/order/cancel', {
        token: shopper.token,
        body: { orderId, reason: 'Ordered by mistake' },
      });
      await settleBackground();
      const number = shortNumber(orderId);
      const link = `Open the order on the desk: https://shop.example.com/desk#/orders/${orderId}`;
      const subjects = [`New order #${number}: PKR 9,250`, `Order #${number} cancelled`];
      for (const subject of subjects) {
        const alert = alerts().find((m) => subjectOf(m.raw) === subject);
        expect(alert?.text.trimEnd().split('\n').at(-1)).toBe(link);
      }
    } finally {
      delete process.env.SITE_URL;
    }
  });

  it("ends every mail to the shopper about an order with that order's page on SITE_URL", async () => {
    process.env.SITE_URL = 'https://shop.example.com';
    try {
      const { shopper, orderId } = await placeOrder('order-link@example.com');
      await call(account, '/api/order/cancel', {
        token: shopper.token,
        body: { orderId, reason: 'Ordered by mistake' },
      });
      await settleBackground();
      const number = shortNumber(orderId);
      const got = mailsTo('order-link@example.com');
      expect(got.map((m) => subjectOf(m.raw))).toEqual([
        `Your Bastaa order #${number} is placed`,
        `Your Bastaa order #${number} has been cancelled`,
      ]);
      for (const mail of got)
        expect(mail.text.trimEnd().split('\n').at(-1)).toMatch(
          new RegExp(
            `^Your order: https://shop\\.example\\.com/yourOrders/order\\?n=${number}&k=${orderId}\\.\\d+\\.[\\w-]{22}$`,
          ),
        );
    } finally {
      delete process.env.SITE_URL;
    }
  });

  it('keeps every supplied value on its own labelled line: no line breaks, links broken', () => {
    const mail = alertMail(
      {
        kind: 'new-order',
        order: {
          ...seedShape(),
          address: lahoreAddress({
            firstName: 'Eve\r\nBcc: victim@example.com',
            lastName: 'http://evil.example',
          }),
        },
      },
      'orders@bastaa.pk',
      'https://bastaa.pk',
    );
    const lines = mail.text.split('\n');
    expect(lines).toContain('Name: Eve Bcc: victim@example.com http[:]//evil.example');
    expect(lines.some((l) => l.startsWith('Bcc:'))).toBe(false);
  });
});

describe('failed shopper mails', { timeout: 60_000 }, () => {
  it('keeps a status mail the mailbox refused after its tries, alerts the shop and lists it in the desk', async () => {
    const order = await seedOrder({ address: lahoreAddress({ email: 'bounce@example.com' }) });
    smtp.refused.add('bounce@example.com');
    const started = Date.now();
    await deskCall('orders/move', { token: staff.token, body: { order: order.id, to: 'Packing' } });
    await settleBackground();
    const listed = await deskCall('mail/failures', { token: staff.token, body: {} });
    expect(listed.status).toBe(200);
    const failure = listed.body.failures.find((f: { orderId: string }) => f.orderId === order.id);
    expect(failure).toMatchObject({
      kind: 'order-status',
      number: shortNumber(order.id),
      to: 'bounce@example.com',
      subject: `Your Bastaa order #${shortNumber(order.id)} is being packed`,
      state: 'failed',
      attempts: 1,
      sentAt: null,
      sentBy: null,
    });
    expect(failure.error).toContain('Mailbox unavailable');
    const next = Date.parse(failure.nextTryAt);
    expect(next).toBeGreaterThanOrEqual(started + MAIL_RETRY_AFTER_MS[0]);
    expect(next).toBeLessThanOrEqual(Date.now() + MAIL_RETRY_AFTER_MS[0]);
    // The alert goes out in the background: wait for that work, then read the catcher.
    await settleBackground();
    expect(
      alerts().find(
        (m) => subjectOf(m.raw) === `A mail to a shopper failed (order #${shortNumber(order.id)})`,
      )?.text,
    ).toContain('to bounce@example.com could not be sent.');
    // Resend once the mailbox takes mail again: the shopper gets the very mail that failed.
    smtp.refused.clear();
    const resent = await deskCall('mail/resend', { token: staff.token, body: { id: failure.id } });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(DESK_OPS_ANSWERS.mailResent('bounce@example.com'));
    expect(resent.body.failure).toMatchObject({ state: 'sent', attempts: 2, sentBy: staff.email });
    const got = mailsTo('bounce@example.com');
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain(`Your order #${shortNumber(order.id)} is being packed.`);
    const open = await deskCall('mail/failures', { token: staff.token, body: {} });
    expect(open.body.failures.map((f: { id: string }) => f.id)).not.toContain(failure.id);
    const all = await deskCall('mail/failures', { token: staff.token, body: { all: true } });
    expect(all.body.failures.find((f: { id: string }) => f.id === failure.id)?.state).toBe('sent');
    const audit = await deskCall('audit', {
      token: owner.token,
      body: { action: 'mail.resend', target: `mail:${failure.id}` },
    });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      actor: { id: staff.id, email: staff.email },
      before: { state: 'failed', attempts: 1, to: 'bounce@example.com' },
      after: { state: 'sent', attempts: 2 },
    });
  });

  it('keeps a failed order confirmation too, and the order is placed all the same', async () => {
    smtp.refused.add('no.confirmation@example.com');
    const { orderId } = await placeOrder('no.confirmation@example.com');
    await settleBackground();
    const [failure] = (await (await getStore()).mailFailures.list()).filter(
      (f) => f.orderId === orderId,
    );
    expect(failure).toMatchObject({ kind: 'order-confirmation', state: 'failed', attempts: 1 });
    expect(failure!.text).toContain(`Thank you for your order #${shortNumber(orderId)}.`);
    expect((await (await getStore()).orders.get(orderId))?.status).toBe('Order Placed');
  });

  it('never keeps a password-reset mail: it carries a code', async () => {
    const shopper = await signUp('Resetter');
    smtp.refused.add(shopper.email);
    const before = (await (await getStore()).mailFailures.list({ limit: 500 })).length;
    const asked = await call(account, '/api/user/reset-password-request', {
      body: { email: shopper.email },
      ip: '198.51.100.250',
    });
    expect(asked.status).toBe(200);
    await settleBackground();
    const after = await (await getStore()).mailFailures.list({ limit: 500 });
    expect(after).toHaveLength(before);
    expect(after.some((f) => f.to === shopper.email)).toBe(false);
  });
});

/** A failure put straight into the store (how it failed is covered above). */
async function storedFailure(overrides: Partial<MailFailureRecord> = {}) {
  const order = await seedOrder();
  const failure: MailFailureRecord = {
    id: crypto.randomUUID(),
    kind: 'order-status',
    orderId: order.id,
    to: `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`,
    subject: `Your Bastaa order #${shortNumber(order.id)} is being packed`,
    text: 'Dear Sana,\n\nYour order is now Packing.',
    error: 'Mailbox unavailable',
    attempts: 1,
    state: 'failed',
    createdAt: new Date().toISOString(),
    lastTriedAt: new Date().toISOString(),
    nextTryAt: Date.now() + MAIL_RETRY_AFTER_MS[0],
    claimedUntil: null,
    sentAt: null,
    sentBy: null,
    ...overrides,
  };
  await (await getStore()).mailFailures.add(failure);
  return failure;
}

describe('resending a failed mail', { timeout: 60_000 }, () => {
  it('sends a mail once when two staff press Resend at the same moment', async () => {
    const failure = await storedFailure();
    const answers = await Promise.all([
      deskCall('mail/resend', { token: staff.token, body: { id: failure.id } }),
      deskCall('mail/resend', { token: owner.token, body: { id: failure.id } }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect([DESK_OPS_ANSWERS.mailBeingSent, DESK_OPS_ANSWERS.mailAlreadySent]).toContain(
      loser.body.message,
    );
    expect(mailsTo(failure.to)).toHaveLength(1);
    expect((await (await getStore()).mailFailures.get(failure.id))?.attempts).toBe(2);
  });

  it('refuses to resend a mail already sent, and changes nothing', async () => {
    const failure = await storedFailure({ state: 'sent', nextTryAt: null });
    const answer = await deskCall('mail/resend', { token: staff.token, body: { id: failure.id } });
    expect(answer).toMatchObject({
      status: 409,
      body: { success: false, message: DESK_OPS_ANSWERS.mailAlreadySent },
    });
    expect(await (await getStore()).mailFailures.get(failure.id)).toEqual(failure);
    expect(mailsTo(failure.to)).toHaveLength(0);
  });

  it('answers 404 for an unknown id and for the id of an order, which is no mail', async () => {
    const order = await seedOrder();
    for (const id of ['no-such-mail', order.id]) {
      const answer = await deskCall('mail/resend', { token: staff.token, body: { id } });
      expect(answer).toMatchObject({
        status: 404,
        body: { success: false, message: DESK_OPS_ANSWERS.mailNotFound },
      });
    }
  });

  it('answers 503 when the mailbox still refuses, keeps the mail for a later retry and audits the try', async () => {
    const failure = await storedFailure();
    smtp.refused.add(failure.to);
    const answer = await deskCall('mail/resend', { token: staff.token, body: { id: failure.id } });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/^The mail could not be sent: .*Mailbox unavailable/);
    const now = await (await getStore()).mailFailures.get(failure.id);
    expect(now).toMatchObject({ state: 'failed', attempts: 2, sentAt: null });
    expect(now!.nextTryAt).toBeGreaterThan(Date.now() + MAIL_RETRY_AFTER_MS[1] - 60_000);
    const audit = await deskCall('audit', {
      token: owner.token,
      body: { target: `mail:${failure.id}` },
    });
    expect(audit.body.entries[0].after).toMatchObject({ state: 'failed', attempts: 2 });
    expect(audit.body.entries[0].after.error).toContain('Mailbox unavailable');
  });

  it('refuses malformed ids with 400 and changes nothing', async () => {
    for (const [body, message] of [
      [{}, 'Mail id is required'],
      [{ id: '' }, 'Mail id is required'],
      [{ id: 'x'.repeat(65) }, 'Must be at most 64 characters'],
      [{ id: { $ne: null } }, 'Must be text'],
    ] as const) {
      const answer = await deskCall('mail/resend', { token: staff.token, body });
      expect(answer).toMatchObject({ status: 400, body: { success: false, message } });
    }
  });
});

describe('listing failed mails', { timeout: 60_000 }, () => {
  it('refuses limits out of 1 to 500 and an "all" that is not true or false, with 400', async () => {
    for (const [body, message] of [
      [{ limit: 0 }, 'Limit must be at least 1'],
      [{ limit: 501 }, 'Limit must be at most 500'],
      [{ limit: 2.5 }, 'Limit must be a whole number'],
      [{ limit: '10' }, 'Limit must be a number'],
      [{ all: 'yes' }, 'All must be true or false'],
    ] as const) {
      const answer = await deskCall('mail/failures', { token: staff.token, body });
      expect(answer).toMatchObject({ status: 400, body: { success: false, message } });
    }
  });

  it('lists at most the limit, newest first', async () => {
    const older = await storedFailure({ createdAt: '2030-01-01T00:00:00.000Z' });
    const newer = await storedFailure({ createdAt: '2030-01-02T00:00:00.000Z' });
    const answer = await deskCall('mail/failures', { token: staff.token, body: { limit: 2 } });
    expect(answer.body.failures.map((f: { id: string }) => f.id)).toEqual([newer.id, older.id]);
  });
});

describe('automatic retries', { timeout: 60_000 }, () => {
  it('retries what is due, leaves what is not, and gives up after the last scheduled try', async () => {
    // Retries that listing the failures started in the background end first.
    await settleBackground();
    const deps = await getDeps();
    const due = await storedFailure({ nextTryAt: Date.now() - 1000 });
    const later = await storedFailure({ nextTryAt: Date.now() + 3600_000 });
    const stubborn = await storedFailure({ nextTryAt: Date.now() - 1000, attempts: 4 });
    smtp.refused.add(stubborn.to);
    const counts = await retryDueMails(deps, Date.now(), 500);
    expect(counts).toEqual({ sent: 1, failed: 1 });
    const store = await getStore();
    expect(await store.mailFailures.get(due.id)).toMatchObject({ state: 'sent', sentBy: null });
    expect(mailsTo(due.to)).toHaveLength(1);
    expect(await store.mailFailures.get(later.id)).toEqual(later);
    expect(await store.mailFailures.get(stubborn.id)).toMatchObject({
      state: 'given-up',
      attempts: 5,
      nextTryAt: null,
    });
    // Given up is not the end: a staff Resend still sends it.
    smtp.refused.clear();
    const resent = await deskCall('mail/resend', { token: staff.token, body: { id: stubborn.id } });
    expect(resent.status).toBe(200);
  });

  it('records a failure straight from sendShopperMail with the schedule’s first wait', async () => {
    smtp.refused.add('direct@example.com');
    const order = await seedOrder();
    const failure = await sendShopperMail(
      await getDeps(),
      { to: 'direct@example.com', subject: 'Your Bastaa order', text: 'Dear Sana,' },
      { kind: 'order-status', orderId: order.id },
    );
    expect(failure).toMatchObject({ state: 'failed', attempts: 1, to: 'direct@example.com' });
    expect(failure!.nextTryAt! - Date.parse(failure!.createdAt)).toBe(MAIL_RETRY_AFTER_MS[0]);
  });
});

/** The shape of a stored order for pure mail composition. */
function seedShape() {
  return {
    id: 'eeeeeeee-0000-4000-8000-00000000abcd',
    userId: 'u',
    items: [],
    address: lahoreAddress(),
    amountPkr: 1000,
    currency: 'PKR',
    rate: 1,
    amount: 1000,
    deliveryFee: 250,
    total: 1250,
    paymentMethod: 'COD',
    payment: false,
    status: 'Order Placed' as const,
    cancelReason: null,
    date: new Date().toISOString(),
    idempotencyKey: null,
    requestHash: null,
  };
}
