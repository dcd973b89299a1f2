// Leopards' status push (its Push API 1.0) through the shop's router with real Requests: a push
// with the shop's secret in X-Api-Key moves a booked order as the tracking job would (Out for
// Delivery, Delivered, each mailed once; a refusal written and alerted; a return cancels it as
// RTO and restocks once), by code (SP, DV) or by name. Refused and changing nothing: no or a
// forged key, no secret set, a malformed or oversized body. Changing nothing but listed back: a
// consignment that is no open parcel of the shop, and a step older than the one the order holds;
// a push replayed moves and mails nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import shop from '../../netlify/functions/shop.mts';
import { startLeopardsStandIn } from '../../src/demo/leopards-stand-in.ts';
import { settleBackground } from '../../src/server/background.ts';
import { RTO_REASON } from '../../src/server/orders/index.ts';
import { getStore } from '../../src/server/store/index.ts';
import type { CourierBooking, OrderRecord } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, stockShelves } from '../fixtures/api.ts';
import { deskCall, enrol, seedOrder } from '../fixtures/desk.ts';
import { setEnv, useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';

const SECRET = 'leopards-push-secret-of-the-test-shop';
const PATH = '/api/couriers/leopards/webhook';
const SHOPPER = 'zainab.push@example.com';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let restoreEnv: () => void;
let numbers = 0;

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  restoreEnv = setEnv({ LEOPARDS_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url });
  await stockShelves([makeProduct({ _id: 'city-tote', productName: 'City Tote' })]);
}, 60_000);
afterAll(async () => {
  await settleBackground();
  restoreEnv();
  await smtp.close();
  await env.cleanup();
});

/** An order in `status` booked with Leopards under a fresh consignment number. */
async function booked(status: OrderRecord['status'] = 'Packing') {
  const cn = `LE${String(700_000 + ++numbers)}`;
  const booking: CourierBooking = {
    claim: `claim-${cn}`,
    courier: 'leopards',
    state: 'booked',
    claimedAt: '2031-03-01T08:00:00.000Z',
    by: { id: 'staff-1', email: 'packer@bastaa.pk' },
    trackingNumber: cn,
    labelUrl: null,
    bookedAt: '2031-03-01T08:00:01.000Z',
    test: false,
  };
  const order = await seedOrder({
    status,
    address: lahoreAddress({ email: SHOPPER }),
    courierBooking: booking,
  });
  return { cn, id: order.id };
}

const stored = async (id: string) => (await (await getStore()).orders.get(id))!;

const step = (cn: string, status: string, at: string, reason = '') => ({
  cn_number: cn,
  status,
  receiver_name: status === 'DV' ? 'Zainab' : '',
  reason,
  activity_date: at,
});

const push = (data: unknown, key: string | null = SECRET, rawBody?: string) =>
  call(shop, PATH, {
    ...(rawBody === undefined ? { body: { data } } : { rawBody }),
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
  });

const mailsTo = () => smtp.mails.filter((m) => m.to.includes(SHOPPER)).map((m) => mailText(m.raw));

describe("Leopards' status push", { timeout: 60_000 }, () => {
  it('moves a packed order to Out for Delivery when Leopards picks it up, then to Delivered, mailing each once', async () => {
    const { cn, id } = await booked();
    const mailsBefore = mailsTo().length;
    const picked = await push([step(cn, 'SP', '2031-03-02 10:15:00')]);
    expect({ status: picked.status, body: picked.body }).toEqual({
      status: 202,
      body: { success: true, message: 'Taken in', status: 1, errors: [] },
    });
    expect((await stored(id)).status).toBe('Out for Delivery');
    const delivered = await push([
      step(cn, 'AC', '2031-03-03 09:00:00'),
      step(cn, 'DV', '2031-03-03 13:40:00'),
    ]);
    expect(delivered.status).toBe(202);
    const order = await stored(id);
    expect(order.status).toBe('Delivered');
    expect(order.courierBooking!.parcel).toMatchObject({
      state: 'delivered',
      status: 'Delivered',
      at: '2031-03-03 13:40:00',
    });
    expect(order.history!.slice(-2).map((e) => [e.from, e.to, e.by?.email])).toEqual([
      ['Packing', 'Out for Delivery', 'the courier'],
      ['Out for Delivery', 'Delivered', 'the courier'],
    ]);
    await settleBackground();
    expect(mailsTo().length).toBe(mailsBefore + 2);
  });

  it('changes nothing when the same push comes again', async () => {
    const { cn, id } = await booked();
    const body = [step(cn, 'DV', '2031-03-03 13:40:00')];
    expect((await push(body)).status).toBe(202);
    await settleBackground();
    const after = await stored(id);
    const mails = mailsTo().length;
    const again = await push(body);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 202,
      body: {
        success: true,
        message: 'Taken in',
        status: 1,
        errors: [`${cn}: no open parcel of this shop (unknown, delivered or cancelled)`],
      },
    });
    await settleBackground();
    expect(await stored(id)).toEqual(after);
    expect(mailsTo().length).toBe(mails);
  });

  it('reads a status by its name as the tracking call writes it', async () => {
    const { cn, id } = await booked();
    expect((await push([step(cn, 'Delivered', '2031-03-03 13:40:00')])).status).toBe(202);
    expect((await stored(id)).status).toBe('Delivered');
  });

  it('writes a refused attempt on the order as a problem once, and leaves it Out for Delivery', async () => {
    const { cn, id } = await booked('Out for Delivery');
    const refused = [step(cn, 'PN1', '2031-03-03 11:00:00', 'Consignee refused to accept')];
    expect((await push(refused)).status).toBe(202);
    expect((await push(refused)).status).toBe(202);
    const order = await stored(id);
    expect(order.status).toBe('Out for Delivery');
    expect(order.courierBooking!.problems).toEqual([
      expect.objectContaining({
        state: 'refused',
        status: 'First Attempt: Consignee refused to accept',
        at: '2031-03-03 11:00:00',
      }),
    ]);
  });

  it('cancels an order returned to the shop as RTO and marks its colour in stock again, once', async () => {
    const store = await getStore();
    await store.products.setColourStock('city-tote', 'Black', false);
    const { cn, id } = await booked('Out for Delivery');
    const back = [step(cn, 'RO', '2031-03-04 09:00:00'), step(cn, 'RS', '2031-03-06 16:00:00')];
    expect((await push(back)).status).toBe(202);
    const order = await stored(id);
    expect(order.status).toBe('Cancelled');
    expect(order.cancelReason).toBe(RTO_REASON);
    expect(order.courierBooking!.restockedAt).toEqual(expect.any(String));
    expect(
      (await store.products.states()).find((s) => s.product._id === 'city-tote')!.soldOut,
    ).toEqual([]);
    const restockedAt = order.courierBooking!.restockedAt;
    expect((await push(back)).status).toBe(202);
    expect((await stored(id)).courierBooking!.restockedAt).toBe(restockedAt);
  });

  it('lists back a consignment that is no open parcel of the shop, and still takes the others', async () => {
    const { cn, id } = await booked();
    const delivered = await booked('Delivered');
    const answer = await push([
      step('LE000000', 'DV', '2031-03-03 13:40:00'),
      step(delivered.cn, 'SP', '2031-03-02 10:00:00'),
      step(cn, 'SP', '2031-03-02 10:15:00'),
    ]);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 202,
      body: {
        success: true,
        message: 'Taken in',
        status: 1,
        errors: [
          'LE000000: no open parcel of this shop (unknown, delivered or cancelled)',
          `${delivered.cn}: no open parcel of this shop (unknown, delivered or cancelled)`,
        ],
      },
    });
    expect((await stored(id)).status).toBe('Out for Delivery');
    expect((await stored(delivered.id)).status).toBe('Delivered');
  });

  it('keeps the newest step when an older one arrives late, and says so', async () => {
    const { cn, id } = await booked();
    expect((await push([step(cn, 'AC', '2031-03-03 09:00:00')])).status).toBe(202);
    const late = await push([step(cn, 'SP', '2031-03-02 10:15:00')]);
    expect(late.body).toEqual({
      success: true,
      message: 'Taken in',
      status: 1,
      errors: [`${cn}: older than the step the shop holds`],
    });
    expect((await stored(id)).courierBooking!.parcel).toMatchObject({
      state: 'out_for_delivery',
      at: '2031-03-03 09:00:00',
    });
  });
});

describe('a push the shop refuses, changing nothing', { timeout: 60_000 }, () => {
  it.each([
    ['no X-Api-Key', null],
    ['a forged X-Api-Key', 'leopards-push-secret-of-another-shop'],
    ['the key with a character changed', `${SECRET.slice(0, -1)}X`],
    ['an empty X-Api-Key', ''],
  ])('answers 401 to %s', async (_, key) => {
    const { cn, id } = await booked();
    const before = await stored(id);
    const answer = await push([step(cn, 'DV', '2031-03-03 13:40:00')], key);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 401,
      body: { success: false, message: 'Unauthorized', status: 0, errors: ['Unauthorized'] },
    });
    expect(await stored(id)).toEqual(before);
  });

  it.each([
    ['a body that is not JSON', '{"data": [', 'The body is not JSON'],
    ['no data', '{}', 'data: '],
    ['an empty list', '{"data": []}', 'data: '],
    ['a step without its number', '{"data": [{"status": "DV"}]}', 'data.0.cn_number: '],
    [
      'a number of 41 characters',
      `{"data": [{"cn_number": "${'9'.repeat(41)}", "status": "DV"}]}`,
      'data.0.cn_number: ',
    ],
    [
      '501 steps',
      JSON.stringify({
        data: Array.from({ length: 501 }, (_, i) => step(`LE${i}`, 'SP', '2031-03-02 10:00:00')),
      }),
      'data: ',
    ],
  ])('answers 400 to %s, naming what is wrong', async (_, rawBody, first) => {
    const { cn, id } = await booked();
    const before = await stored(id);
    const answer = await push(null, SECRET, rawBody.replace('LE0"', `${cn}"`));
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(0);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe((answer.body.errors as string[])[0]);
    expect((answer.body.errors as string[])[0]).toMatch(
      new RegExp(`^${first.replace('.', '\\.')}`),
    );
    expect(await stored(id)).toEqual(before);
  });

  it('answers 413 to a body over 64 KB', async () => {
    const answer = await push(null, SECRET, JSON.stringify({ data: [], pad: 'x'.repeat(70_000) }));
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 413,
      body: {
        success: false,
        message: 'The body is over 65536 bytes',
        status: 0,
        errors: ['The body is over 65536 bytes'],
      },
    });
  });

  it('takes the push secret the owner saved in the desk over the environment’s, sealed like the other keys', async () => {
    const owner = await enrol('owner', 'Push Owner');
    const keys = { apiKey: 'lcs-push-test-key', apiPassword: 'lcs-push-test-password' };
    const standIn = await startLeopardsStandIn(keys);
    const restore = setEnv({ LEOPARDS_API_URL: standIn.apiUrl });
    const deskSecret = 'push-secret-the-owner-saved-in-the-desk';
    const saved = await deskCall('settings/connections/save', {
      body: {
        connection: 'courier',
        set: {
          DEFAULT_COURIER: 'leopards',
          LEOPARDS_API_KEY: keys.apiKey,
          LEOPARDS_API_PASSWORD: keys.apiPassword,
          LEOPARDS_WEBHOOK_SECRET: deskSecret,
        },
      },
      token: owner.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const { cn, id } = await booked();
      expect((await push([step(cn, 'SP', '2031-03-02 10:15:00')], SECRET)).status).toBe(401);
      expect((await stored(id)).status).toBe('Packing');
      expect((await push([step(cn, 'SP', '2031-03-02 10:15:00')], deskSecret)).status).toBe(202);
      expect((await stored(id)).status).toBe('Out for Delivery');
    } finally {
      const removed = await deskCall('settings/connections/save', {
        body: {
          connection: 'courier',
          remove: [
            'DEFAULT_COURIER',
            'LEOPARDS_API_KEY',
            'LEOPARDS_API_PASSWORD',
            'LEOPARDS_WEBHOOK_SECRET',
          ],
        },
        token: owner.token,
      });
      restore();
      await standIn.close();
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    }
  });

  it('answers 404 when the shop has no push secret set, whatever key is sent', async () => {
    const { cn, id } = await booked();
    const before = await stored(id);
    const restore = setEnv({ LEOPARDS_WEBHOOK_SECRET: '' });
    try {
      const answer = await push([step(cn, 'DV', '2031-03-03 13:40:00')], '');
      expect(answer.status).toBe(404);
    } finally {
      restore();
    }
    expect(await stored(id)).toEqual(before);
  });
});
