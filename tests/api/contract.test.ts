// The browser client against the real handlers: every call of src/client/api.ts goes through the
// Netlify Function that serves its path (scripts/api-endpoints.ts), and its answer through the
// client's own parsers (the contract's response schemas). A field renamed or dropped on either
// side fails here, and the typed reads below fail `tsc`.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../scripts/api-endpoints.ts';
import { ApiError, api } from '../../src/client/api.ts';
import { settleBackground } from '../../src/server/background.ts';
import { ORDER_MESSAGES } from '../../src/lib/messages.ts';
import { stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';
import { codeIn, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import type { Address } from '../../src/lib/contract/checkout.ts';
import { lahoreAddress } from '../fixtures/address.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const realFetch = globalThis.fetch;
const background: Promise<unknown>[] = [];

/** The browser's fetch, answered by the handler serving the path (other URLs go out as usual). */
async function shopFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (!url.startsWith('/api/')) return realFetch(input, init);
  const endpoint = endpointFor(new URL(url, 'http://localhost').pathname);
  if (!endpoint) throw new Error(`no handler serves ${url}`);
  return endpoint.handler(new Request(`http://localhost${url}`, init), {
    ip: '203.0.113.40',
    waitUntil: (work) => background.push(work),
  });
}

const address = lahoreAddress();

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  smtp = await startSmtpCatcher();
  process.env.RATES_URL = rates.url;
  process.env.SMTP_URL = smtp.url;
  await stockShelves([
    makeProduct({ _id: 'city-tote', price: 4500, discountPercent: 10, wholesalePrice: 3800 }),
    makeProduct({ _id: 'plain-sleeve', category: 'sleeves', wholesalePrice: null }),
  ]);
  vi.stubGlobal('fetch', shopFetch);
});
afterEach(() => vi.stubGlobal('fetch', shopFetch));
afterAll(async () => {
  vi.unstubAllGlobals();
  await Promise.allSettled(background); // the confirmation mails, before the catcher closes
  delete process.env.RATES_URL;
  delete process.env.SMTP_URL;
  await Promise.all([rates.close(), smtp.close(), env.cleanup()]);
});

describe('the browser client reads every answer of the real handlers through the contract', () => {
  it('reads the product list and the rates', async () => {
    const { products } = await api.productList();
    expect(products.map((p) => [p._id, p.name === p.productName, p.wholesalePrice])).toEqual([
      ['city-tote', true, 3800],
      ['plain-sleeve', true, null],
    ]);
    const answer = await api.rates();
    expect([answer.result, answer.base, answer.fallback, answer.stale]).toEqual([
      'success',
      'PKR',
      false,
      false,
    ]);
    expect(answer.rates.PKR).toBe(1);
  });

  it('reads the session, cart, order and account answers of one shopper', async () => {
    const email = 'contract.shopper@example.com';
    const registered = await api.register({ name: 'Sana', email, password: 'correct horse 42' });
    expect(registered.user).toEqual({ email, name: 'Sana' });
    const { token, msg } = await api.login({ email, password: 'correct horse 42' });
    expect(msg).toBe('You are logged in!');

    expect((await api.cartGet(token)).cartData).toEqual({});
    const line = { itemId: 'city-tote', selectedColor: 'Black', imageIndex: 0 };
    const added = await api.cartAdd(token, { ...line, quantity: 2 });
    expect([added.message, added.cartData]).toEqual([
      'Added to cart',
      { 'city-tote': { Black: { '0': 2 } } },
    ]);
    const updated = await api.cartUpdate(token, { ...line, quantity: 3 });
    expect(updated.cartData['city-tote']?.Black?.['0']).toBe(3);
    expect((await api.cartRemove(token, line)).cartData).toEqual({});
    const merged = await api.cartMerge(token, { 'plain-sleeve': { Black: { '0': 1 } } });
    expect(merged.cartData).toEqual({ 'plain-sleeve': { Black: { '0': 1 } } });

    const placed = await api.placeOrder(
      token,
      {
        items: [{ productId: 'plain-sleeve', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address,
        currency: 'PKR',
        paymentMethod: 'COD',
      },
      'contract-order-0001',
    );
    expect(placed.orderId).toBe(placed.order._id);
    const shippedTo: Address = placed.order.address;
    expect(shippedTo).toEqual(address);
    const [listed] = (await api.userOrders(token)).orders;
    expect(listed).toEqual(placed.order);
    expect((await api.findOrder(token, 'contract-order-0001')).order).toEqual(placed.order);
    expect([listed!.status, listed!.items[0]!.productId, listed!.address.city]).toEqual([
      'Order Placed',
      'plain-sleeve',
      'Lahore',
    ]);
    const cancelled = await api.cancelOrder(token, placed.orderId, 'Ordered by mistake');
    expect([cancelled.message, cancelled.order.status, cancelled.order.cancelReason]).toEqual([
      ORDER_MESSAGES.cancelled,
      'Cancelled',
      'Ordered by mistake',
    ]);

    expect((await api.requestReset(email)).msg).toBe('OTP sent to your email.');
    await settleBackground();
    const otp = codeIn(smtp.mails.find((m) => m.to.includes(email))?.raw ?? '') ?? '';
    const reset = await api.resetPassword({ email, otp, newPassword: 'a brand new secret' });
    expect(reset.msg).toBe('Password updated successfully. Please log in.');
    const again = await api.login({ email, password: 'a brand new secret' });
    expect((await api.logout(again.token)).msg).toBe('Signed out successfully');
  });

  it('turns a failure answer into an ApiError carrying the server message', async () => {
    const error = await api
      .login({ email: 'nobody@example.com', password: 'not a password' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).serverMessage]).toEqual([
      401,
      'Invalid email or password.',
    ]);
  });
});

describe('an answer outside the contract', () => {
  /** Serves the real answer with `change` applied to its JSON. */
  function drift(change: (body: Record<string, unknown>) => unknown) {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const real = await shopFetch(input, init);
      const body = (await real.json()) as Record<string, unknown>;
      return Response.json(change(body), { status: real.status });
    });
  }

  it('fails as a broken answer (no server message) instead of reaching the page half-read', async () => {
    const email = 'drift.shopper@example.com';
    const { token } = await api.register({ name: 'Drift', email, password: 'correct horse 42' });
    drift((body) => ({ ...body, cartData: { 'city-tote': { Black: { '0': 'two' } } } }));
    const error = await api.cartGet(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).serverMessage]).toEqual([200, null]);
  });

  it('reads a product list holding fields added after the page was loaded, and drops them', async () => {
    const known = await api.productList();
    drift((body) => ({
      ...body,
      products: (body.products as Record<string, unknown>[]).map((p) => ({
        ...p,
        warranty: '1 year',
        specs: { ...(p.specs as object), lining: 'Fleece' },
        colorImages: (p.colorImages as object[]).map((c) => ({ ...c, finish: 'Matte' })),
      })),
    }));
    expect(await api.productList()).toEqual(known);
  });

  it('fails when an order loses a field the contract declares (the address)', async () => {
    const email = 'drift.orders@example.com';
    const { token } = await api.register({ name: 'Drift', email, password: 'correct horse 42' });
    await api.placeOrder(
      token,
      {
        items: [{ productId: 'city-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 }],
        address: { ...address, email },
        currency: 'PKR',
        paymentMethod: 'COD',
      },
      'contract-order-0002',
    );
    drift((body) => ({
      ...body,
      orders: (body.orders as Record<string, unknown>[]).map((order) => {
        const withoutAddress = { ...order };
        delete withoutAddress.address;
        return withoutAddress;
      }),
    }));
    const error = await api.userOrders(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).serverMessage]).toEqual([200, null]);
  });
});
