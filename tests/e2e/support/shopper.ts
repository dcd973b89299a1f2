// A shopper's account and data, made through the API: each journey signs up its own shopper, so
// no journey depends on another (every address is unique; the server's per-address throttles are
// scaled for the suite by THROTTLE_ADDRESS_FACTOR in playwright.config.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { caughtMails } from '../../fixtures/smtp-catcher.ts';
import { expect } from './test.ts';
import { MARGALLA } from './catalogue.ts';

export const PASSWORD = 'correct horse battery';

/** A signed-up shopper: what the browser keeps to be signed in. */
export interface Shopper {
  token: string;
  email: string;
  name: string;
}

/** An e-mail address no other journey uses. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs a new shopper up through the API (password PASSWORD). */
export async function signUp(
  request: APIRequestContext,
  { tag = 'shopper', name = 'Zara Ahmed' }: { tag?: string; name?: string } = {},
): Promise<Shopper> {
  const email = uniqueEmail(tag);
  const res = await request.post('/api/user/register', {
    data: { name, email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { email: string; name: string } };
  return { token: body.token, email: body.user.email, name: body.user.name };
}

/** Puts `quantity` of one colour of a product into the shopper's cart on the server. */
export async function addToServerCart(
  request: APIRequestContext,
  shopper: Shopper,
  { itemId = MARGALLA.id, colour = 'Black', quantity = 1 } = {},
): Promise<void> {
  const res = await request.post('/api/cart/add', {
    headers: { token: shopper.token },
    data: { itemId, selectedColor: colour, imageIndex: 0, quantity },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The cart the server holds for a token (read with the API, as a page would). */
export async function serverCartOf(
  request: APIRequestContext,
  token: string,
): Promise<Record<string, unknown>> {
  const res = await request.post('/api/cart/get', { headers: { token }, data: {} });
  return ((await res.json()) as { cartData: Record<string, unknown> }).cartData;
}

/** The cart the server holds for the shopper signed in on this page (read by the page itself). */
export const serverCart = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/cart/get', {
      method: 'POST',
      headers: { token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { cartData: unknown }).cartData;
  });

/** An order as /api/order/userorders lists it (the fields journeys check). */
export interface ListedOrder {
  _id: string;
  status: string;
  paymentMethod: string;
  currency: string;
  deliveryFee: number;
  total: number;
}

/** The orders of the shopper signed in on this page (read by the page itself). */
export const ordersOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/order/userorders', {
      method: 'POST',
      headers: { token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { orders: ListedOrder[] }).orders;
  });

/** The Lahore address the journeys' orders ship to, with the shopper's e-mail. */
export function lahoreAddressOf(shopper: Pick<Shopper, 'email'>) {
  return {
    firstName: 'Hira',
    lastName: 'Aslam',
    email: shopper.email,
    address1: '7 Jail Road',
    country: 'Pakistan',
    city: 'Lahore',
    state: 'Punjab',
    zip: '54000',
    mobile: '+92 300 7654321',
  };
}

/**
 * Places an order in PKR to Lahore for the first in-stock product of the catalogue, paid by COD
 * unless `payment` names another method (with the wallet number a wallet needs); returns its id.
 */
export async function placeOrder(
  request: APIRequestContext,
  shopper: Shopper,
  payment: { paymentMethod: string; walletNumber?: string } = { paymentMethod: 'COD' },
): Promise<string> {
  const list = (await (await request.get('/api/product/list')).json()) as {
    products: { _id: string; colors: string[]; stock: boolean }[];
  };
  const product = list.products.find((p) => p.stock);
  if (!product) throw new Error('No product in stock');
  const res = await request.post('/api/order/COD', {
    headers: { token: shopper.token },
    data: {
      items: [
        { productId: product._id, selectedColor: product.colors[0], imageIndex: 0, quantity: 1 },
      ],
      address: lahoreAddressOf(shopper),
      currency: 'PKR',
      ...payment,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { orderId: string }).orderId;
}

/** Cancels an order through the API. */
export async function cancelOrder(
  request: APIRequestContext,
  shopper: Shopper,
  orderId: string,
): Promise<void> {
  const res = await request.post('/api/order/cancel', {
    headers: { token: shopper.token },
    data: { orderId, reason: 'Other' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The newest reset code the local SMTP catcher received for an address, or null. */
export function resetCodeFor(email: string): string | null {
  for (const mail of caughtMails().reverse()) {
    const code = mail.to.includes(email) ? /code is (\d{6})/.exec(mail.raw)?.[1] : undefined;
    if (code) return code;
  }
  return null;
}
