// Production-parity tier, part 2: a shopper's whole flow through the bundled functions, routed by
// their own config.path as Netlify routes, in one fresh process under the pinned Node, with a
// production environment and MongoDB configured. MongoDB is the in-memory TEST DOUBLE
// (tests/fixtures/mongo-double.ts), the only module the bundles get in place of their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, ENDPOINTS } from '../../scripts/api-endpoints.ts';
import { bundleFunctions, type BundleSet } from '../../scripts/bundle-functions.ts';
import { MONGO_INDEXES } from '../../src/server/store/mongo/index.ts';
import { base32Decode, totpAt } from '../../src/server/accounts/auth/totp.ts';
import { startFakeGoogle } from '../fixtures/fake-google.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { codeIn, startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import {
  productionEnv,
  routeFor,
  snapshot,
  startInstance,
  type Call,
  type Instance,
} from './support/harness.ts';
import { runtime } from './support/runtime.ts';

const CATALOGUE = path.resolve('data/catalogue.json');
const URI = 'mongodb+srv://shop-tier.example.mongodb.net/?retryWrites=true&w=majority';
const product = (
  JSON.parse(readFileSync(CATALOGUE, 'utf8')) as Array<{
    _id: string;
    colors: string[];
    stock: boolean;
  }>
).find((p) => p.stock)!;
const line = { itemId: product._id, selectedColor: product.colors[0]!, imageIndex: 0 };

let set: BundleSet;
let host: Instance;
let setup: { indexes: string[]; products: number };
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
const before = new Map<string, string[]>();
/** Each function's first answer (or why there was none) and how long it took. */
const cold = new Map<string, { status?: number; error?: string; ms: number }>();
/** Each function's first (cold) answer, in ms. */
const firstAnswer = new Map<string, number>();
let started = 0;

/** Every answer of the flow, with whether its request carried a login token. */
const answers: Array<{ label: string; authenticated: boolean; headers: Headers; status: number }> =
  [];

/** Sends a request through the router and records the answer; the body comes back parsed. */
async function send(
  pathname: string,
  call: Call & { token?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, any> }> {
  const { token, ...rest } = call;
  const response = await host.fetch(pathname, {
    ...rest,
    headers: { ...rest.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  answers.push({
    label: `${rest.method ?? (rest.body === undefined ? 'GET' : 'POST')} ${pathname}`,
    authenticated: Boolean(token),
    headers: response.headers,
    status: response.status,
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return {
    status: response.status,
    headers: response.headers,
    body: json ? (JSON.parse(text) as Record<string, any>) : {},
  };
}
const post = (pathname: string, body: unknown, extra: Call & { token?: string } = {}) =>
  send(pathname, { ...extra, body: JSON.stringify(body) });

/**
 * A request for every call, sent in beforeAll so each router function's first (cold) request is
 * among them whichever tests run: label, path, request, expected status.
 */
const COLD_PROBES: Array<[string, string, Call, number]> = [
  ['product-list', '/api/product/list', {}, 200],
  ['rates', '/api/rates', {}, 200],
  ['not-found', '/api/nothing/here', {}, 404],
  ['page-case', '/HANDBAGS', {}, 301],
  [
    'newsletter',
    '/api/newsletter',
    { body: JSON.stringify({ email: 'cold.news@example.com' }) },
    200,
  ],
  ['newsletter-confirm', '/api/newsletter/confirm?token=not-a-real-token-at-all', {}, 400],
  [
    'newsletter-confirm-submit',
    '/api/newsletter/confirm',
    {
      body: 'token=not-a-real-token-at-all',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    400,
  ],
  ['cart-add', '/api/cart/add', { body: '{}' }, 401],
  ['cart-get', '/api/cart/get', { body: '{}' }, 401],
  ['cart-merge', '/api/cart/merge', { body: '{}' }, 401],
  ['cart-remove', '/api/cart/remove', { body: '{}' }, 401],
  ['cart-update', '/api/cart/update', { body: '{}' }, 401],
  ['order-cancel', '/api/order/cancel', { body: '{}' }, 401],
  ['order-address', '/api/order/address', { body: '{}' }, 401],
  ['order-find', '/api/order/find', { body: '{}' }, 401],
  ['order-cod', '/api/order/COD', { body: '{}' }, 401],
  ['order-userorders', '/api/order/userorders', { body: '{}' }, 401],
  [
    'user-google-login',
    '/api/user/google-login',
    { body: JSON.stringify({ token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' }) },
    401,
  ],
  ['user-logout', '/api/user/logout', { body: '{}' }, 401],
  [
    'user-login',
    '/api/user/login',
    { body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }) },
    401,
  ],
  [
    'user-register',
    '/api/user/register',
    {
      body: JSON.stringify({
        name: 'Cold Start',
        email: 'cold.start@example.com',
        password: 'correct horse battery',
      }),
    },
    200,
  ],
  [
    'user-reset-request',
    '/api/user/reset-password-request',
    { body: JSON.stringify({ email: 'nobody@example.com' }) },
    200,
  ],
  [
    'user-reset-verify',
    '/api/user/verify-otp-reset-password',
    {
      body: JSON.stringify({
        email: 'nobody@example.com',
        otp: '123456',
        newPassword: 'another good password',
      }),
    },
    400,
  ],
  // The staff desk (router desk): sign-in and enrolment refuse strangers; the rest need a session.
  [
    'desk-signin',
    '/api/desk/signin',
    {
      body: JSON.stringify({
        email: 'nobody@example.com',
        password: 'not the password',
        code: '123456',
      }),
    },
    401,
  ],
  [
    'desk-accept',
    '/api/desk/staff/accept',
    {
      body: JSON.stringify({
        token: 'not-a-real-invitation',
        password: 'tall ladder purple kettle',
      }),
    },
    400,
  ],
  [
    'desk-confirm',
    '/api/desk/staff/confirm',
    { body: JSON.stringify({ token: 'not-a-real-invitation', code: '123456' }) },
    400,
  ],
  ['desk-signout', '/api/desk/signout', { body: '{}' }, 401],
  ['desk-me', '/api/desk/me', { body: '{}' }, 401],
  ['desk-counts', '/api/desk/counts', { body: '{}' }, 401],
  // Passkeys: sign-in options are for anyone, a malformed assertion is a 400, the rest need a session.
  ['desk-passkey-signin-options', '/api/desk/passkey/options', { body: '{}' }, 200],
  ['desk-passkey-signin', '/api/desk/passkey/signin', { body: '{}' }, 400],
  ['desk-passkeys', '/api/desk/passkeys/list', { body: '{}' }, 401],
  ['desk-passkey-options', '/api/desk/passkeys/options', { body: '{}' }, 401],
  ['desk-passkey-proof-options', '/api/desk/passkeys/proof-options', { body: '{}' }, 401],
  ['desk-passkey-add', '/api/desk/passkeys/add', { body: '{}' }, 401],
  ['desk-passkey-remove', '/api/desk/passkeys/remove', { body: '{}' }, 401],
  ['desk-invite', '/api/desk/staff/invite', { body: '{}' }, 401],
  ['desk-staff-list', '/api/desk/staff/list', { body: '{}' }, 401],
  ['desk-staff-role', '/api/desk/staff/role', { body: '{}' }, 401],
  ['desk-staff-remove', '/api/desk/staff/remove', { body: '{}' }, 401],
  ['desk-staff-personal-data', '/api/desk/staff/personal-data', { body: '{}' }, 401],
  ['desk-staff-refunds', '/api/desk/staff/refunds', { body: '{}' }, 401],
  ['desk-staff-sales', '/api/desk/staff/sales', { body: '{}' }, 401],
  ['desk-staff-publish', '/api/desk/staff/publish', { body: '{}' }, 401],
  ['desk-staff-passkeys', '/api/desk/staff/passkeys', { body: '{}' }, 401],
  ['desk-staff-passkey-remove', '/api/desk/staff/passkeys/remove', { body: '{}' }, 401],
  ['desk-orders', '/api/desk/orders/list', { body: '{}' }, 401],
  ['desk-order', '/api/desk/orders/show', { body: '{}' }, 401],
  ['desk-move', '/api/desk/orders/move', { body: '{}' }, 401],
  ['desk-new-order', '/api/desk/orders/new', { body: '{}' }, 401],
  ['desk-customer-find', '/api/desk/customers/find', { body: '{}' }, 401],
  ['desk-audit', '/api/desk/audit', { body: '{}' }, 401],
  // The shopper's request needs a shopper token, the desk's steps a staff session.
  ['order-return', '/api/order/return', { body: '{}' }, 401],
  ['desk-returns', '/api/desk/returns/list', { body: '{}' }, 401],
  ['desk-return-step', '/api/desk/returns/step', { body: '{}' }, 401],
  // Settings and payments.
  ['desk-settings', '/api/desk/settings', { body: '{}' }, 401],
  ['desk-settings-save', '/api/desk/settings/save', { body: '{}' }, 401],
  ['desk-connections', '/api/desk/settings/connections', { body: '{}' }, 401],
  ['desk-connection-save', '/api/desk/settings/connections/save', { body: '{}' }, 401],
  ['desk-payment', '/api/desk/orders/payment', { body: '{}' }, 401],
  ['desk-refund', '/api/desk/orders/refund', { body: '{}' }, 401],
  // Failed mails, business view, customer look-up, CSV export
  ['desk-mail-failures', '/api/desk/mail/failures', { body: '{}' }, 401],
  ['desk-mail-resend', '/api/desk/mail/resend', { body: '{}' }, 401],
  ['desk-business', '/api/desk/business', { body: '{}' }, 401],
  ['desk-customer', '/api/desk/customer', { body: '{}' }, 401],
  ['desk-export', '/api/desk/orders/export', { body: '{}' }, 401],
  // Couriers: Book, the airway bill, Book all packed and the load sheet.
  ['desk-book-courier', '/api/desk/orders/book-courier', { body: '{}' }, 401],
  ['desk-courier-label', '/api/desk/orders/courier-label', { body: '{}' }, 401],
  ['desk-track-parcels', '/api/desk/couriers/track', { body: '{}' }, 401],
  ['desk-book-packed', '/api/desk/couriers/book-packed', { body: '{}' }, 401],
  ['desk-load-sheet', '/api/desk/couriers/load-sheet', { body: '{}' }, 401],
  ['desk-remittances', '/api/desk/couriers/remittances', { body: '{}' }, 401],
  ['health', '/api/health', {}, 200],
  // The storefront's stock call, and the desk's product calls (a staff session).
  ['stock', '/api/stock?ids=margalla-commuter-laptop-bagpack', {}, 200],
  ['desk-product-stock', '/api/desk/products/stock', { body: '{}' }, 401],
  ['desk-product-archive', '/api/desk/products/archive', { body: '{}' }, 401],
  ['desk-product-restore', '/api/desk/products/restore', { body: '{}' }, 401],
  ['desk-product-delete', '/api/desk/products/delete', { body: '{}' }, 401],
  ['desk-products', '/api/desk/products/list', { body: '{}' }, 401],
  ['desk-product-edit', '/api/desk/products/edit', { body: '{}' }, 401],
  ['desk-product-save', '/api/desk/products/save', { body: '{}' }, 401],
  ['desk-photo-upload', '/api/desk/products/photo', { body: '{}' }, 401],
  ['desk-publish', '/api/desk/catalogue/publish', { body: '{}' }, 401],
  ['desk-publish-progress', '/api/desk/catalogue/progress', { body: '{}' }, 401],
  // A member's devices that get push alerts (a staff session).
  ['desk-push-devices', '/api/desk/alerts/devices', { body: '{}' }, 401],
  ['desk-push-add', '/api/desk/alerts/add', { body: '{}' }, 401],
  ['desk-push-remove', '/api/desk/alerts/remove', { body: '{}' }, 401],
  // The shopper's order page and removed orders need a shopper token.
  ['order-show', '/api/order/show', { body: '{}' }, 401],
  ['order-hide', '/api/order/hide', { body: '{}' }, 401],
  // A mailed link's order needs no token, only a key the shop made: a made-up one opens nothing.
  [
    'order-linked',
    '/api/order/linked',
    {
      body: '{"number":"3A4030A3","key":"0b7e1c52-1f0e-4c8e-9a51-3a4030a3ffee.9999999999.AAAAAAAAAAAAAAAAAAAAAA"}',
    },
    404,
  ],
  // The COD confirmation page's read and answer need no token, only a key the shop made: a
  // malformed one is refused before anything is read.
  ['cod-confirmation', '/api/order/cod-confirmation', { body: '{}' }, 400],
  ['confirm-cod', '/api/order/confirm-cod', { body: '{}' }, 400],
  ['desk-confirm-cod', '/api/desk/orders/confirm-cod', { body: '{}' }, 401],
  // Pay now needs a shopper token; the card webhook, with no Safepay keys here, has no gateway.
  ['order-pay', '/api/order/pay', { body: '{}' }, 401],
  ['order-switch-to-cod', '/api/order/switch-to-cod', { body: '{}' }, 401],
  ['card-webhook', '/api/payments/safepay/webhook', { body: '{}' }, 404],
  ['jazzcash-webhook', '/api/payments/jazzcash/webhook', { body: '{}' }, 404],
  ['easypaisa-webhook', '/api/payments/easypaisa/webhook', { body: '{}' }, 404],
  // No push secret is set in production here: Leopards' push is refused as not found.
  ['leopards-push', '/api/couriers/leopards/webhook', { body: '{}' }, 404],
];

beforeAll(async () => {
  started = performance.now();
  // Where the processes could not run, this fails at once and says why, before any bundling.
  await runtime();
  set = await bundleFunctions();
  [smtp, rates, google] = await Promise.all([
    startSmtpCatcher(),
    startFakeRates('ok'),
    startFakeGoogle(),
  ]);
  for (const fn of set.functions) before.set(fn.name, snapshot(fn.dir));
  const cwd = set.functions.find((f) => f.name === 'shop')!.dir;
  host = await startInstance({
    functions: set.functions,
    cwd,
    mongodbDouble: true,
    env: productionEnv(
      {
        MONGODB_URI: URI,
        MONGODB_DB: 'shop',
        JWT_SECRET: 'a-long-random-production-secret-of-48-characters',
        SMTP_URL: smtp.url,
        SITE_URL: 'https://bastaa.pk',
        RATES_URL: rates.url,
        GOOGLE_CLIENT_ID: google.clientId,
        // Stands in for Google's key endpoint (GOOGLE_JWKS_URL defaults to Google's own).
        GOOGLE_JWKS_URL: google.jwksUrl,
      },
      cwd,
    ),
  });
  setup = await host.setup(URI, 'shop', CATALOGUE);
  // Every function's first request, here so it is the first whichever tests run; a crash is kept
  // for the test that checks these answers rather than failing every test of the file.
  for (const [name, at, call] of COLD_PROBES) {
    const t = performance.now();
    const outcome = await send(at, call).then(
      (answer) => ({ status: answer.status }),
      (error: unknown) => ({ error: String(error) }),
    );
    const ms = Math.round(performance.now() - t);
    cold.set(name, { ...outcome, ms });
    const fn = routeFor(set.functions, at.split('?')[0]!, call.body === undefined ? 'GET' : 'POST')
      ?.fn.name;
    if (fn && !firstAnswer.has(fn)) firstAnswer.set(fn, ms);
  }
  // Bundling from a cold cache takes about 100 s on this 2-core machine alone, and took 203 s
  // with two other builds beside it; ten minutes still ends a hung bundler.
}, 600_000);

afterAll(async () => {
  const logs = await host?.stop();
  await Promise.all([smtp?.close(), rates?.close(), google?.close()]);
  const coldMs = [...firstAnswer.values()];
  console.log(
    `[bundle tier] flow: ${set?.cached ? 'bundles from the cache' : `bundled in ${set?.bundleMs} ms + unzipped in ${set?.unzipMs} ms`}; ` +
      `one process with ${set?.functions.length} bundles ready in ${host?.readyMs} ms; ` +
      `first answer per function ${[...firstAnswer].map(([f, ms]) => `${f} ${ms}`).join(', ')} ms (${Math.min(...coldMs)}–${Math.max(...coldMs)}); ${answers.length} answers; flow file ${Math.round(performance.now() - started)} ms`,
  );
  if (logs?.stderr.trim()) console.log(`[bundle tier] flow stderr:\n${logs.stderr}`);
});

describe(
  'the bundled functions on MongoDB (the test double), as deployed',
  { timeout: 60_000 },
  () => {
    it("creates the indexes through the adapter's migrateMongo and imports the catalogue, in the process that runs the bundles", () => {
      expect(setup.indexes).toEqual(MONGO_INDEXES.map((i) => `${i.collection}.${i.options.name}`));
      expect(setup.products).toBe(54);
    });

    it('every call answers its first request, each function its cold one, without a server error', () => {
      // The scheduled function has no address: Netlify invokes it on its schedule.
      expect([...firstAnswer.keys()].sort()).toEqual(
        set.functions.map((f) => f.name).filter((name) => name !== 'scheduled'),
      );
      const probed = COLD_PROBES.map(
        ([, at, call]) => `${call.body === undefined ? 'GET' : 'POST'} ${at.split('?')[0]}`,
      );
      for (const e of ENDPOINTS) expect(probed).toContain(`${e.method} ${e.path}`);
      for (const [name, , , status] of COLD_PROBES) {
        expect(cold.get(name)?.error, name).toBeUndefined();
        expect(cold.get(name)?.status, name).toBe(status);
      }
    });

    it('no bundle loads node:sqlite while MONGODB_URI is set', async () => {
      const report = await host.report();
      expect(report.sqlite).toEqual({ importers: [], builtinLoaded: false });
    });

    it('runs as an unprivileged user in a read-only bundle folder, and writes nothing there', async () => {
      const report = await host.report();
      expect(report.cwd).toBe(set.functions.find((f) => f.name === 'shop')!.dir);
      expect(report.uid).not.toBe(0);
      for (const fn of set.functions)
        expect(snapshot(fn.dir), fn.name).toEqual(before.get(fn.name));
    });
  },
);

/** A shopper of one test: registered and logged in under an address no other test uses. */
interface Shopper {
  email: string;
  password: string;
  token: string;
}
let shoppers = 0;

/** Registers and logs in a new shopper, so each test has its own account, cart, orders and mail. */
async function newShopper(): Promise<Shopper> {
  const email = `shopper${++shoppers}.tier@example.com`;
  const password = 'correct horse battery';
  expect((await post('/api/user/register', { name: 'Tier Shopper', email, password })).status).toBe(
    200,
  );
  const login = await post('/api/user/login', { email, password });
  expect(login.status).toBe(200);
  return { email, password, token: login.body.token as string };
}

/** Adds to the cart, reads it, updates and removes the line. */
async function cartRoundTrip({ token }: Shopper): Promise<void> {
  const added = await post('/api/cart/add', { ...line, quantity: 2 }, { token });
  expect(added.body).toMatchObject({
    success: true,
    message: 'Added to cart',
    cartData: { [line.itemId]: { [line.selectedColor]: { '0': 2 } } },
  });
  const read = await post('/api/cart/get', {}, { token });
  expect(read.body.cartData).toEqual({ [line.itemId]: { [line.selectedColor]: { '0': 2 } } });
  const updated = await post('/api/cart/update', { ...line, quantity: 5 }, { token });
  expect(updated.body).toMatchObject({
    success: true,
    message: 'Cart updated',
    cartData: { [line.itemId]: { [line.selectedColor]: { '0': 5 } } },
  });
  const removed = await post('/api/cart/remove', line, { token });
  expect(removed.body).toMatchObject({ success: true, message: 'Item removed from cart' });
  expect(removed.body.cartData).toEqual({});
}

/**
 * Places a cash-on-delivery order for a shopper who has none yet, twice with one Idempotency-Key
 * (the second is a replay), and checks it emptied the cart and is the shopper's only order.
 */
async function placeOrder({ token }: Shopper, idempotencyKey: string): Promise<string> {
  await post('/api/cart/add', { ...line, quantity: 1 }, { token });
  const body = {
    items: [
      { productId: line.itemId, selectedColor: line.selectedColor, imageIndex: 0, quantity: 1 },
    ],
    address: ADDRESS,
    currency: 'PKR',
    paymentMethod: 'COD',
  };
  const placed = await post('/api/order/COD', body, {
    token,
    headers: { 'idempotency-key': idempotencyKey },
  });
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({
    success: true,
    order: { status: 'Order Placed', paymentMethod: 'COD', currency: 'PKR' },
  });
  const orderId = placed.body.orderId as string;
  const replayed = await post('/api/order/COD', body, {
    token,
    headers: { 'idempotency-key': idempotencyKey },
  });
  expect(replayed.status).toBe(200);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(replayed.body.orderId).toBe(orderId);
  expect((await post('/api/cart/get', {}, { token })).body.cartData).toEqual({});
  const mine = await post('/api/order/userorders', {}, { token });
  expect(mine.body.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
  return orderId;
}

/** Cancels an order of the shopper with a reason. */
async function cancelOrder({ token }: Shopper, orderId: string): Promise<void> {
  const cancelled = await post(
    '/api/order/cancel',
    { orderId, reason: 'Ordered by mistake' },
    { token },
  );
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({
    success: true,
    message: 'Order cancelled successfully',
    order: { status: 'Cancelled', cancelReason: 'Ordered by mistake' },
  });
}

/** Resets the password with the mailed code; then only the new one logs in, and the old token is void. */
async function resetPassword({ email, password, token }: Shopper): Promise<void> {
  const requested = await post('/api/user/reset-password-request', { email });
  expect(requested.body).toEqual({ success: true, msg: 'OTP sent to your email.' });
  const mail = smtp.mails.find((m) => m.to.includes(email));
  const code = codeIn(mail?.raw ?? '');
  expect(code).toMatch(/^\d{6}$/);
  const verified = await post('/api/user/verify-otp-reset-password', {
    email,
    otp: code,
    newPassword: 'a brand new passphrase',
  });
  expect(verified.body).toMatchObject({
    success: true,
    msg: 'Password updated successfully. Please log in.',
  });
  expect((await post('/api/user/login', { email, password })).status).toBe(401);
  const login = await post('/api/user/login', { email, password: 'a brand new passphrase' });
  expect(login.status).toBe(200);
  expect((await post('/api/cart/get', {}, { token })).status).toBe(401);
}

describe("a shopper's flow through the bundles", { timeout: 60_000 }, () => {
  it('registers, then logs in with the same password', async () => {
    const email = 'amna.tier@example.com';
    const registered = await post('/api/user/register', {
      name: 'Amna Tier',
      email,
      password: 'correct horse battery',
    });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      success: true,
      msg: 'Your account has been created. You are logged in!',
      user: { email, name: 'Amna Tier' },
    });
    const again = await post('/api/user/register', {
      name: 'Amna Tier',
      email,
      password: 'correct horse battery',
    });
    expect(again.status).toBe(409);
    const login = await post('/api/user/login', { email, password: 'correct horse battery' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, msg: 'You are logged in!' });
  });

  it('adds to the cart, reads it, updates and removes the line', async () => {
    await cartRoundTrip(await newShopper());
  });

  it("places a cash-on-delivery order once per Idempotency-Key, which empties the cart and lists it in the shopper's orders", async () => {
    await placeOrder(await newShopper(), 'tier-order-0001');
  });

  it('cancels the order with a reason', async () => {
    const shopper = await newShopper();
    await cancelOrder(shopper, await placeOrder(shopper, 'tier-order-0002'));
  });

  it('resets the password with the code that arrives by mail, after which only the new password logs in', async () => {
    await resetPassword(await newShopper());
  });

  it("signs in with Google (a token signed by the stand-in for Google's keys)", async () => {
    const answer = await post('/api/user/google-login', {
      token: await google.sign({ email: 'zara.tier@example.com', sub: 'tier-sub-1' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, user: { email: 'zara.tier@example.com' } });
  });
});

/** The error answers, each a test of its own and part of the sample the header checks read. */
const ERROR_ANSWERS: Array<[string, () => Promise<void>]> = [
  [
    '401 without a login token',
    async () => {
      const answer = await post('/api/cart/get', {});
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: 'Please log in to continue.' });
    },
  ],
  [
    '405 with Allow: POST on a GET to a POST endpoint',
    async () => {
      const answer = await send('/api/cart/add');
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
      expect(answer.body).toEqual({ success: false, message: 'Method not allowed; use POST' });
    },
  ],
  [
    '400 on a body that is not JSON',
    async () => {
      const answer = await send('/api/user/login', { body: '{"email": "a@b.c", ' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        message: 'Request body must be valid JSON',
      });
    },
  ],
  [
    '413 on a body over 100 KB',
    async () => {
      const answer = await post('/api/user/register', {
        name: 'Big',
        email: 'big@example.com',
        password: 'x'.repeat(101 * 1024),
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ success: false, message: 'Request body is too large' });
    },
  ],
  [
    'a JSON 404 from the catch-all for any /api/ path no function declares, whatever the method',
    async () => {
      for (const [at, call] of [
        ['/api/nothing', {}],
        ['/api/cart/add/extra', { body: '{}' }],
        ['/api/order/Cod', { body: '{}' }],
      ] as const) {
        const answer = await send(at, call);
        expect(answer.status, at).toBe(404);
        expect(answer.headers.get('content-type'), at).toMatch(/^application\/json/);
        expect(answer.body, at).toEqual({ success: false, message: 'Not found' });
      }
    },
  ],
];

describe("the desk's session cookie through the bundles", { timeout: 60_000 }, () => {
  it("enrolment sets the HttpOnly, SameSite=Strict, Secure cookie on /api/desk; it signs the owner in with the site's Origin, and Sign Out clears it", async () => {
    const invitation = await host.invite(URI, 'shop', 'owner.tier@bastaa.pk');
    const accepted = await send('/api/desk/staff/accept', {
      body: JSON.stringify({ token: invitation, password: 'tall ladder purple kettle' }),
    });
    expect(accepted.status).toBe(200);
    const code = totpAt(base32Decode(accepted.body.secret as string), Date.now());
    const confirmed = await send('/api/desk/staff/confirm', {
      body: JSON.stringify({ token: invitation, code }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).not.toHaveProperty('token');
    const [line] = confirmed.headers.getSetCookie();
    expect(line).toMatch(
      /^deskSession=ey[\w-]+\.[\w-]+\.[\w-]+; Max-Age=43200; Path=\/api\/desk; HttpOnly; Secure; SameSite=Strict$/,
    );
    const cookie = line!.split(';')[0]!;
    const site = { cookie, origin: 'https://bastaa.pk' };
    const me = await send('/api/desk/me', { body: '{}', headers: site });
    expect(me).toMatchObject({ status: 200, body: { staff: { email: 'owner.tier@bastaa.pk' } } });
    const foreign = await send('/api/desk/me', {
      body: '{}',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const out = await send('/api/desk/signout', { body: '{}', headers: site });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([
      'deskSession=; Max-Age=0; Path=/api/desk; HttpOnly; Secure; SameSite=Strict',
    ]);
    expect((await send('/api/desk/me', { body: '{}', headers: site })).status).toBe(401);
  });
});

describe('error answers of the bundles', { timeout: 60_000 }, () => {
  for (const [title, check] of ERROR_ANSWERS) it(title, check);
});

let sample: Promise<void> | undefined;

/**
 * Answers of every kind, with and without a login token, for the header checks, made once per file
 * whichever tests run: the cold probes (beforeAll), a shopper's whole flow and the error answers.
 */
function sampleEveryKindOfAnswer(): Promise<void> {
  sample ??= (async () => {
    const shopper = await newShopper();
    await cartRoundTrip(shopper);
    await cancelOrder(shopper, await placeOrder(shopper, 'tier-order-sample'));
    await resetPassword(shopper);
    for (const [, check] of ERROR_ANSWERS) await check();
  })();
  return sample;
}

describe('headers of every answer', { timeout: 60_000 }, () => {
  it("carry nosniff, Strict-Transport-Security and a CSP with default-src 'none'", async () => {
    await sampleEveryKindOfAnswer();
    // The newsletter confirmation link answers a page: it carries the site's page headers instead.
    const api = answers.filter(
      (a) => / \/api\//.test(a.label) && !a.label.includes(' /api/newsletter/confirm'),
    );
    expect(api.length).toBeGreaterThan(40);
    for (const answer of api) {
      expect(answer.headers.get('x-content-type-options'), answer.label).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security'), answer.label).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(answer.headers.get('content-security-policy'), answer.label).toMatch(
        /^default-src 'none'/,
      );
    }
  });

  it("carry the site's page headers on the newsletter confirmation page: its CSP and no framing", async () => {
    await sampleEveryKindOfAnswer();
    const pages = answers.filter((a) => a.label.includes(' /api/newsletter/confirm'));
    expect(pages.length).toBeGreaterThan(0);
    for (const answer of pages) {
      expect(answer.headers.get('x-frame-options'), answer.label).toBe('DENY');
      expect(answer.headers.get('content-security-policy'), answer.label).toMatch(
        /^default-src 'self'; .*frame-ancestors 'none'/,
      );
    }
  });

  it('are never cacheable for a request that carried a login token', async () => {
    await sampleEveryKindOfAnswer();
    const authenticated = answers.filter((a) => a.authenticated);
    expect(authenticated.length).toBeGreaterThan(10);
    for (const answer of authenticated)
      expect(answer.headers.get('cache-control'), answer.label).toBe('no-store');
  });
});
