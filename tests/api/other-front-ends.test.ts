// Other front ends by name: ALLOWED_ORIGINS lists origins (the seed site's own React client on its
// host, a phone app's web view) that may call the shop's API. They get CORS answers, preflights
// included, for the headers the calls use; every other origin is refused as before, and the
// desk's calls stay same-origin only. The same through the functions (production) and through
// `npm start`'s in-process server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import desk from '../../netlify/functions/desk.mts';
import shop from '../../netlify/functions/shop.mts';
import { serveApi } from '../../scripts/serve-api.ts';
import { CART_ANSWERS, ORDER_MESSAGES, SERVER_MESSAGES } from '../../src/lib/messages.ts';
import { settleBackground } from '../../src/server/background.ts';
import { ConfigError, parseConfig } from '../../src/server/config.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { call, stockShelves } from '../fixtures/api.ts';
import { enrol, type Member } from '../fixtures/desk.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';

const SEED = 'https://seed-client.example.com';
const EVIL = 'https://evil.example.com';
let env: Awaited<ReturnType<typeof useTempDataDir>>;
let owner: Member;
let previous: string | undefined;

beforeAll(async () => {
  env = await useTempDataDir();
  previous = process.env.ALLOWED_ORIGINS;
  process.env.ALLOWED_ORIGINS = `${SEED}, http://localhost:5173`;
  await stockShelves([
    makeProduct({ _id: 'sahiwal-tote', productName: 'Sahiwal Tote', colors: ['Black', 'Tan'] }),
  ]);
  owner = await enrol('owner');
}, 60_000);
afterAll(async () => {
  await settleBackground();
  if (previous === undefined) delete process.env.ALLOWED_ORIGINS;
  else process.env.ALLOWED_ORIGINS = previous;
  await env.cleanup();
});

type Handler = typeof shop;
/** A preflight as a browser sends it before a call with a token and a JSON body. */
function preflight(handler: Handler, pathname: string, origin: string, method = 'POST') {
  return handler(
    new Request(`http://localhost${pathname}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type,token,idempotency-key',
      },
    }),
    { ip: '203.0.113.50' },
  );
}
const from = (origin: string, token?: string, headers: Record<string, string> = {}) => ({
  token,
  headers: { origin, ...headers },
  ip: '203.0.113.50',
});

describe('a listed origin (the seed site’s own client on its host)', () => {
  it('gets a preflight answer for every call it makes, naming the headers the calls use', async () => {
    for (const [handler, pathname] of [
      [account, '/api/user/register'],
      [account, '/api/cart/add'],
      [account, '/api/order/COD'],
      [shop, '/api/newsletter'],
    ] as const) {
      const answer = await preflight(handler, pathname, SEED);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 204 });
      expect(answer.headers.get('access-control-allow-origin')).toBe(SEED);
      expect(answer.headers.get('access-control-allow-methods')).toBe('POST');
      expect(answer.headers.get('access-control-allow-headers')).toBe(
        'token, idempotency-key, content-type',
      );
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it("runs the original client's calls: register, cart, order with its own payload, orders, cancel", async () => {
    const email = `seed-${Date.now()}@example.com`;
    const registered = await call(account, '/api/user/register', {
      body: { name: 'Seed Shopper', email, password: 'correct horse battery' },
      ...from(SEED),
    });
    expect(registered.status).toBe(200);
    expect(registered.headers.get('access-control-allow-origin')).toBe(SEED);
    const login = await call(account, '/api/user/login', {
      body: { email, password: 'correct horse battery' },
      ...from(SEED),
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const line = { itemId: 'sahiwal-tote', selectedColor: 'tan', imageIndex: 0, quantity: 1 };
    const added = await call(account, '/api/cart/add', { body: line, ...from(SEED, token) });
    expect(added).toMatchObject({ status: 200, body: { message: CART_ANSWERS.added } });
    const cart = await call(account, '/api/cart/get', { ...from(SEED, token) });
    expect(cart.body.cartData).toEqual({ 'sahiwal-tote': { Tan: { '0': 1 } } });
    expect(cart.headers.get('access-control-allow-origin')).toBe(SEED);
    const order = await call(account, '/api/order/COD', {
      body: {
        userId: null,
        items: [{ _id: 'sahiwal-tote', selectedColor: 'tan', quantity: 2, price: 1 }],
        amount: 2,
        address: lahoreAddress(),
        currency: 'PKR',
        deliveryFee: 0,
      },
      ...from(SEED, token, { 'Idempotency-Key': `seed-order-${Date.now()}` }),
    });
    expect(order).toMatchObject({ status: 201, body: { message: ORDER_MESSAGES.placed } });
    expect(order.headers.get('access-control-allow-origin')).toBe(SEED);
    const orders = await call(account, '/api/order/userorders', { ...from(SEED, token) });
    expect(orders.body.orders).toHaveLength(1);
    const cancelled = await call(account, '/api/order/cancel', {
      body: { orderId: order.body.order._id, reason: 'I changed my mind' },
      ...from(SEED, token),
    });
    expect(cancelled.status).toBe(200);
    const list = await call(shop, '/api/product/list', { method: 'GET', ...from(SEED) });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(SEED);
    expect(list.headers.get('vary')).toMatch(/Origin/);
  });

  it('reads a refusal too: the 401 of a bad token names the origin and exposes Retry-After', async () => {
    const answer = await call(account, '/api/cart/get', { ...from(SEED, 'not-a-token') });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SEED);
    expect(answer.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id');
  });

  it('cannot reach the desk: its preflight and its calls are refused, with no CORS answer', async () => {
    const signInPreflight = await preflight(desk, '/api/desk/signin', SEED);
    expect(signInPreflight.status).toBe(403);
    expect(signInPreflight.headers.get('access-control-allow-origin')).toBeNull();
    for (const pathname of ['signin', 'me', 'staff/list', 'orders/list']) {
      const answer = await call(desk, `/api/desk/${pathname}`, {
        body: { email: 'a@b.pk', password: 'x', code: '123456' },
        ...from(SEED, owner.token),
      });
      expect({ pathname, status: answer.status, message: answer.body.message }).toEqual({
        pathname,
        status: 403,
        message: SERVER_MESSAGES.foreignOrigin,
      });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('every other origin', () => {
  for (const origin of [
    EVIL,
    'null',
    'http://seed-client.example.com',
    'https://seed-client.example.com.evil.example.com',
    'https://seed-client.example.com:8443',
  ])
    it(`is refused as before: ${origin}`, async () => {
      const flight = await preflight(account, '/api/cart/add', origin);
      expect(flight.status).toBe(403);
      expect(flight.headers.get('access-control-allow-origin')).toBeNull();
      const answer = await call(account, '/api/user/login', {
        body: { email: 'a@b.pk', password: 'whatever it is' },
        ...from(origin),
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 403,
        message: SERVER_MESSAGES.foreignOrigin,
      });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    });

  it('gets no CORS answer on a read either', async () => {
    const list = await call(shop, '/api/product/list', { method: 'GET', ...from(EVIL) });
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('Vary', () => {
  /** The names a Vary header lists, each once or more, as a cache reads them. */
  const named = (vary: string | null) => (vary ?? '').split(',').map((t) => t.trim().toLowerCase());

  it('names Origin exactly once on every kind of answer while ALLOWED_ORIGINS is set', async () => {
    const answers: [string, Response][] = [
      [
        'a foreign POST',
        await account(
          new Request('http://localhost/api/user/login', {
            method: 'POST',
            headers: { origin: EVIL, 'content-type': 'application/json' },
            body: '{}',
          }),
          { ip: '203.0.113.52' },
        ),
      ],
      ['a refused preflight', await preflight(account, '/api/cart/add', EVIL)],
      ['a listed preflight', await preflight(account, '/api/cart/add', SEED)],
      [
        'a listed call',
        await account(
          new Request('http://localhost/api/cart/get', {
            method: 'POST',
            headers: { origin: SEED, 'content-type': 'application/json' },
            body: '{}',
          }),
          { ip: '203.0.113.52' },
        ),
      ],
      [
        'a read with no Origin',
        await shop(new Request('http://localhost/api/product/list'), { ip: '203.0.113.52' }),
      ],
      [
        'an unknown path',
        await shop(new Request('http://localhost/api/nothing-here'), { ip: '203.0.113.52' }),
      ],
    ];
    for (const [what, answer] of answers)
      expect({
        what,
        origins: named(answer.headers.get('vary')).filter((t) => t === 'origin'),
      }).toEqual({
        what,
        origins: ['origin'],
      });
  });
});

describe('npm start answers as the functions do', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      if (!(await serveApi(req, res, '203.0.113.51'))) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  const request = (method: string, pathname: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.request(
        { port, host: '127.0.0.1', method, path: pathname, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(method === 'POST' ? '{}' : undefined);
    });

  it('answers a listed origin’s preflight and call, and refuses it on the desk', async () => {
    const flight = await request('OPTIONS', '/api/cart/get', {
      origin: SEED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'token,content-type',
    });
    expect(flight.status).toBe(204);
    expect(flight.headers['access-control-allow-origin']).toBe(SEED);
    const cart = await request('POST', '/api/cart/get', {
      origin: SEED,
      'content-type': 'application/json',
    });
    expect(cart.status).toBe(401);
    expect(cart.headers['access-control-allow-origin']).toBe(SEED);
    const deskCall = await request('OPTIONS', '/api/desk/signin', {
      origin: SEED,
      'access-control-request-method': 'POST',
    });
    expect(deskCall.status).toBe(403);
    expect(deskCall.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('names each entry that is not an exact https origin, and what to write instead', () => {
    const problems = (value: string) => {
      try {
        parseConfig({ ALLOWED_ORIGINS: value });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems('https://a.example.com, http://localhost:5173')).toEqual([]);
    expect(problems('*')).toEqual([
      'ALLOWED_ORIGINS: "*" is not an origin such as https://shop.example.com',
    ]);
    expect(problems('https://a.example.com/, http://shop.example.com')).toEqual([
      'ALLOWED_ORIGINS: "https://a.example.com/" must be an origin only: scheme, host and port, no path or trailing slash (https://a.example.com)',
      'ALLOWED_ORIGINS: "http://shop.example.com" must start with https:// (http:// only for localhost)',
    ]);
  });
});
