// A mailed order link shows that one order to whoever holds the mail, without signing in, for 30
// days: through the order call and the link call with real Requests, and the key's rules directly
// (another order, an altered expiry or tag, an expired key, a key from before a secret rotation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { shortNumber } from '../../src/lib/desk.ts';
import { settleBackground } from '../../src/server/background.ts';
import {
  ORDER_LINK_TTL_MS,
  orderLinkKey,
  orderOfLinkKey,
} from '../../src/server/operations/order-link.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';
import { mailText, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import { ORDER_LINK_MESSAGES } from '../../src/lib/orders/link-messages.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  env = await useTempDataDir();
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.SITE_URL = 'https://shop.example.com';
  await stockShelves([makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 0 })]);
}, 60_000);
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.SITE_URL;
  await Promise.all([smtp.close(), env.cleanup()]);
});

let placed = 0;
/** Places a COD order for a new shopper and answers its id and the link its confirmation mailed. */
async function placeAndReadLink(): Promise<{ orderId: string; link: URL }> {
  placed++;
  const email = `linked${placed}@example.com`;
  const shopper = await signUp(`Linked Shopper ${placed}`);
  const answer = await call(account, '/api/order/COD', {
    token: shopper.token,
    ip: `198.51.100.${placed}`,
    body: {
      items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
      address: lahoreAddress({ email }),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(answer.status).toBe(201);
  await settleBackground();
  const mail = smtp.mails.find((m) => m.to.includes(email));
  const last = mailText(mail!.raw).trimEnd().split('\n').at(-1)!;
  expect(last.startsWith('Your order: ')).toBe(true);
  return {
    orderId: answer.body.orderId as string,
    link: new URL(last.slice('Your order: '.length)),
  };
}

const linked = (body: Record<string, unknown>) =>
  call(account, '/api/order/linked', { body, ip: '192.0.2.77' });

describe('the link in an order mail', { timeout: 60_000 }, () => {
  it("shows that order, signed out, on the shop's order page", async () => {
    const { orderId, link } = await placeAndReadLink();
    const number = shortNumber(orderId);
    expect(`${link.origin}${link.pathname}`).toBe('https://shop.example.com/yourOrders/order');
    expect(link.searchParams.get('n')).toBe(number);
    const answer = await linked({ number, key: link.searchParams.get('k') });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ _id: orderId, status: 'Order Placed' });
    expect(answer.body.order.address.firstName).toBe('Sana');
    expect(answer.body.timeline.map((s: { status: string }) => s.status)).toEqual(['Order Placed']);
  });

  it("opens no other order: another order's number, an altered key, or none, all answer the same 404", async () => {
    const first = await placeAndReadLink();
    const second = await placeAndReadLink();
    const key = first.link.searchParams.get('k')!;
    const [id, expires, tag] = key.split('.') as [string, string, string];
    const flipped = `${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`;
    for (const body of [
      { number: shortNumber(second.orderId), key },
      { number: shortNumber(first.orderId), key: `${second.orderId}.${expires}.${tag}` },
      { number: shortNumber(first.orderId), key: `${id}.${Number(expires) + 86_400}.${tag}` },
      { number: shortNumber(first.orderId), key: `${id}.${expires}.${flipped}` },
      { number: shortNumber(first.orderId), key: 'not-a-key' },
    ]) {
      const answer = await linked(body);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(ORDER_LINK_MESSAGES.expired);
      expect(answer.body.order).toBeUndefined();
    }
  });

  it('refuses a malformed or oversized body, and reads nothing', async () => {
    for (const body of [
      {},
      { number: '3A4030A3' },
      { number: '3A4030A3', key: 'k'.repeat(121) },
      { number: 'DROP TABLE', key: 'x' },
    ]) {
      const answer = await linked(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(ORDER_LINK_MESSAGES.expired);
    }
    const list = await linked({ number: ['3A4030A3'], key: 'x' });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe('Must be text');
  });
});

describe('a link key', () => {
  const config = { JWT_SECRET: 'a'.repeat(40), DATA_DIR: '/nonexistent' };
  const id = '0b7e1c52-1f0e-4c8e-9a51-3a4030a3ffee';
  const now = Date.parse('2026-11-29T10:00:00Z');

  it('opens its order until 30 days after the mail, and not a moment later', () => {
    const key = orderLinkKey(config, id, now);
    expect(orderOfLinkKey(config, key, now)).toBe(id);
    expect(orderOfLinkKey(config, key, now + ORDER_LINK_TTL_MS - 1000)).toBe(id);
    expect(orderOfLinkKey(config, key, now + ORDER_LINK_TTL_MS)).toBeNull();
  });

  it("is not opened by another shop's secret, and still opens while a rotation keeps the old one", () => {
    const key = orderLinkKey(config, id, now);
    const rotated = { ...config, JWT_SECRET: 'b'.repeat(40) };
    expect(orderOfLinkKey(rotated, key, now)).toBeNull();
    expect(orderOfLinkKey({ ...rotated, JWT_SECRET_PREVIOUS: config.JWT_SECRET }, key, now)).toBe(
      id,
    );
  });
});
