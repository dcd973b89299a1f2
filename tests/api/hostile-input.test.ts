// Hostile input at volume, in-process: 1,000 random or malformed requests to every endpoint
// (property-based with fast-check). No 5xx, no stack trace or internals in any answer, and no
// change to another shopper's account, cart or orders.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '../../scripts/api-endpoints.ts';
import { settleBackground } from '../../src/server/background.ts';
import { getStore } from '../../src/server/store/index.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { startFakeGoogle } from '../fixtures/fake-google.ts';
import { startFakeRates } from '../fixtures/fake-rates.ts';
import { makeProduct } from '../fixtures/products.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 1000);

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let rates: Awaited<ReturnType<typeof startFakeRates>>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let alice: { token: string; email: string; id: string; orderId: string };
let mallory: { token: string; email: string };
let forged: string[];
const saved: Record<string, string | undefined> = {};

/** Everything of Alice's that nobody else may change. */
async function aliceSnapshot() {
  const store = await getStore();
  const user = await store.users.findById(alice.id);
  return {
    user: user && {
      email: user.email,
      name: user.name,
      passwordHash: user.passwordHash,
      tokenVersion: user.tokenVersion,
      googleSub: user.googleSub,
    },
    cart: await store.carts.get(alice.id),
    orders: await store.orders.listByUser(alice.id),
  };
}

beforeAll(async () => {
  env = await useTempDataDir();
  rates = await startFakeRates('ok');
  google = await startFakeGoogle();
  for (const k of ['RATES_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_JWKS_URL', 'SMTP_URL'])
    saved[k] = process.env[k];
  process.env.RATES_URL = rates.url;
  process.env.GOOGLE_CLIENT_ID = google.clientId;
  process.env.GOOGLE_JWKS_URL = google.jwksUrl;
  delete process.env.SMTP_URL; // mails go to DATA_DIR/outbox
  await stockShelves([
    makeProduct({ _id: 'some-bag', colors: ['Black', 'Navy'] }),
    makeProduct({ _id: 'other-bag', colors: ['Tan'] }),
  ]);
  const a = await signUp('Alice');
  mallory = await signUp('Mallory');
  const store = await getStore();
  const aliceUser = (await store.users.findByEmail(a.email))!;
  await call(ENDPOINTS.find((e) => e.path === '/api/cart/add')!.handler, '/api/cart/add', {
    token: a.token,
    body: { itemId: 'some-bag', selectedColor: 'Black', imageIndex: 0, quantity: 3 },
  });
  const order = await call(
    ENDPOINTS.find((e) => e.path === '/api/order/COD')!.handler,
    '/api/order/COD',
    {
      token: a.token,
      body: ENDPOINTS.find((e) => e.path === '/api/order/COD')!.example,
    },
  );
  expect(order.status).toBe(201);
  await call(ENDPOINTS.find((e) => e.path === '/api/cart/add')!.handler, '/api/cart/add', {
    token: a.token,
    body: { itemId: 'other-bag', selectedColor: 'Tan', imageIndex: 0, quantity: 2 },
  });
  alice = { ...a, id: aliceUser.id, orderId: order.body.orderId as string };
  const [h, p] = a.token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
  forged = [
    `${h}.${p}.${'A'.repeat(43)}`, // Alice's claims, wrong signature
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`, // alg none
    `${h}.${Buffer.from(JSON.stringify({ ...claims, tv: 99 })).toString('base64url')}.${a.token.split('.')[2]}`, // tampered claims
    `${mallory.token.split('.')[0]}.${p}.${mallory.token.split('.')[2]}`, // Alice's claims, Mallory's signature
  ];
}, 60_000);

afterAll(async () => {
  // Mails and sign-ups queued after their answers finish before the store closes.
  await settleBackground();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await Promise.all([rates.close(), google.close(), env.cleanup()]);
});

/** Every path (dotted keys) inside a JSON example, so one spot can be broken at a time. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
}

function setAt(
  root: unknown,
  path: string[],
  replace: { value?: unknown; remove?: boolean },
): unknown {
  if (path.length === 0) return replace.remove ? undefined : replace.value;
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  if (rest.length === 0 && replace.remove) delete copy[head!];
  else copy[head!] = setAt(copy[head!], rest, replace);
  return copy;
}

const json = fc.jsonValue({ maxDepth: 3 });
const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  '\u0000',
  'a'.repeat(5000),
  -1,
  0,
  1e308,
  -0,
  3.5,
  true,
  null,
  [],
  {},
  { $ne: null },
  { $gt: '' },
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'ALICE', // replaced by Alice's e-mail / ids below
);

/** A body derived from the endpoint's valid example with one spot broken, or anything at all. */
function bodyArb(e: Endpoint): fc.Arbitrary<string | undefined> {
  const example = e.example ?? {};
  const paths = pathsOf(example);
  const victim = (v: unknown) =>
    v === 'ALICE'
      ? fc.constantFrom(alice.email, alice.id, alice.orderId).map((x) => x)
      : fc.constant(v);
  const broken = fc
    .tuple(
      fc.constantFrom(...paths),
      fc.oneof(json, nasty),
      fc.boolean(),
      fc.string({ maxLength: 12 }),
      fc.integer({ min: 0, max: 3 }),
    )
    .chain(([path, value, remove, extraKey, mode]) =>
      victim(value).map((v) => {
        if (mode === 0) return setAt(example, path, { remove: true });
        if (mode === 1 && typeof example === 'object')
          return { ...(example as object), [extraKey]: v };
        return setAt(example, path, remove && path.length > 0 ? { remove: true } : { value: v });
      }),
    )
    .map((b) => (b === undefined ? undefined : JSON.stringify(b)));
  const raw = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,',
      'null',
      '"x"',
      '1',
      'true',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\ufeff{}',
      'x'.repeat(110 * 1024),
    ),
  );
  return fc.oneof(
    { weight: 5, arbitrary: broken },
    { weight: 2, arbitrary: json.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestArb(e: Endpoint) {
  return fc.record({
    method: fc.oneof(
      { weight: 8, arbitrary: fc.constant(e.method) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(e.method === 'GET' ? 'POST' : 'GET', 'PUT', 'DELETE', 'OPTIONS'),
      },
    ),
    body: bodyArb(e),
    token: fc.oneof(
      fc.constant<string | undefined>(undefined),
      fc.constant(mallory.token),
      fc.constant(mallory.token),
      fc.constantFrom(...forged),
      fc.string({ maxLength: 300 }),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    idempotencyKey: fc.option(
      fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[\w-]{8,20}$/)),
      { nil: undefined },
    ),
    // Account endpoints from one address, so the login/register throttles bound the (deliberately slow) hashing.
    ip: e.path.startsWith('/api/user/')
      ? fc.constant('203.0.113.9')
      : fc.constantFrom('203.0.113.9', '198.51.100.77', '2001:db8::1'),
  });
}

// Internals that must never reach a client: stack frames, file paths, driver or engine names.
const LEAK =
  /\n\s+at |\bat [\w.<>]+ \(|node:internal|node_modules|\/src\/|\.m?ts:\d+|SQLITE|sqlite|Mongo|TypeError|ReferenceError|SyntaxError|ZodError/;

describe('hostile input at volume (in-process)', () => {
  for (const e of ENDPOINTS) {
    it(`${e.method} ${e.path}: ${RUNS} random or malformed requests, no 5xx, no internals`, async () => {
      const before = await aliceSnapshot();
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArb(e), async (r) => {
          const headers: Record<string, string> = { 'content-type': r.contentType };
          if (r.token !== undefined) headers.token = r.token;
          if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
          let req: Request;
          try {
            req = new Request(`http://localhost${e.path}`, {
              method: r.method,
              headers,
              body: r.method === 'GET' ? undefined : r.body,
            });
          } catch {
            return; // not a request a client could send (e.g. a header the Fetch API refuses)
          }
          const res = await e.handler(req, { ip: r.ip });
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(
            res.status,
            `${r.method} ${e.path} ${String(r.body).slice(0, 200)} → ${text.slice(0, 300)}`,
          ).toBeLessThan(500);
          expect(text).not.toMatch(LEAK);
          // The newsletter confirmation link is opened in a browser: it answers a page, never JSON.
          if (res.headers.get('content-type')?.startsWith('text/html')) {
            expect(e.path).toBe('/api/newsletter/confirm');
            expect(text).toContain('<h1>');
            return;
          }
          const body = JSON.parse(text) as Record<string, unknown>;
          if (res.status >= 400) {
            expect(body.success).toBe(false);
            expect(typeof body.message).toBe('string');
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 20240601) },
      );
      expect(await aliceSnapshot()).toEqual(before);
      console.log(
        `${e.path}: ${[...statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      );
    }, 120_000);
  }
});
