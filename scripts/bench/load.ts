// API under load with autocannon: the four hot endpoints at 50 connections, login at the ASVS
// hashing strength, and a mixed shopper scenario. Works against any base URL (the in-process
// server or `npm start`).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { hashPassword } from '../../src/server/accounts/index.ts';
import { signingKey } from '../../src/server/accounts/index.ts';
import { issueToken } from '../../src/server/accounts/index.ts';
import { seedIfEmpty } from '../../src/server/catalogue/index.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { ADDRESS } from '../api-endpoints.ts';

export interface Shopper {
  email: string;
  token: string;
}
export interface Prepared {
  shoppers: Shopper[];
  lines: { itemId: string; selectedColor: string; imageIndex: number }[];
  password: string;
}

/** Seeds the demo catalogue into a SQLite store and creates `n` shoppers (one hash, ASVS strength) with tokens. */
export async function prepareStore(dataDir: string, n: number): Promise<Prepared> {
  const store = openSqliteStore(dataDir);
  try {
    await seedIfEmpty(store);
    const password = 'correct horse battery staple';
    const passwordHash = await hashPassword(password);
    const key = signingKey({ DATA_DIR: dataDir, JWT_SECRET: process.env.JWT_SECRET });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < n; i++) {
      const email = `bench-${i}-${randomUUID().slice(0, 8)}@example.com`;
      const user = await store.users.create({
        id: randomUUID(),
        email,
        name: `Bench Shopper ${i}`,
        passwordHash,
        googleSub: null,
        tokenVersion: 0,
        createdAt: new Date().toISOString(),
      });
      if (!user) throw new Error(`could not create ${email}`);
      shoppers.push({ email, token: await issueToken({ userId: user.id, tokenVersion: 0 }, key) });
    }
    const products = (await store.products.list()).filter((p) => p.stock).slice(0, 20);
    const lines = products.map((p) => ({
      itemId: p._id,
      selectedColor: p.colors[0]!,
      imageIndex: 0,
    }));
    return { shoppers, lines, password };
  } finally {
    await store.close();
  }
}

export interface LoadRow {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

type Ctx = Record<string, unknown>;
interface Step {
  method: 'GET' | 'POST';
  path: string;
  body?: (ctx: Ctx) => unknown;
}

function summarise(
  name: string,
  r: autocannon.Result,
  connections: number,
  seconds: number,
): LoadRow {
  return {
    name,
    connections,
    seconds,
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    non2xx: r.non2xx,
    timeouts: r.timeouts,
  };
}

/**
 * The address a bench shopper is from: a real crowd comes from many addresses, so each shopper has
 * its own (198.18.0.0/15, the benchmarking range), given to the in-process server as x-bench-ip.
 */
export const benchIp = (n: number) => `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

/**
 * Runs autocannon over a cycle of steps. Each pass of a connection through the steps is the next
 * shopper of `prep`, from their own address and shipping to their own e-mail, as a crowd would be:
 * the shop's per-shopper, per-recipient and per-address order limits (10 per 10 minutes each) stay
 * as they are and are not what the bench measures, so `prep` must hold enough shoppers for the run.
 */
export async function cannon(
  baseUrl: string,
  name: string,
  prep: Prepared,
  steps: Step[],
  connections: number,
  seconds: number,
): Promise<LoadRow> {
  let nextClient = 0;
  const requests = steps.map((step) => ({
    method: step.method,
    path: step.path,
    setupRequest: (req: any, ctx: Ctx) => {
      ctx.i = ((ctx.i as number | undefined) ?? 0) + 1;
      // A new pass through the steps is a new shopper.
      if ((ctx.i as number) % steps.length === 1 || steps.length === 1) {
        ctx.n = nextClient++;
        ctx.shopper = prep.shoppers[(ctx.n as number) % prep.shoppers.length];
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-bench-ip': benchIp(ctx.n as number),
      };
      if (step.method === 'POST') headers.token = (ctx.shopper as Shopper).token;
      return {
        ...req,
        headers,
        body: step.body
          ? JSON.stringify(step.body(ctx))
          : step.method === 'POST'
            ? '{}'
            : undefined,
      };
    },
  }));
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests,
    timeout: 30,
  });
  return summarise(name, result, connections, seconds);
}

const lineFor = (prep: Prepared, ctx: Ctx) =>
  prep.lines[((ctx.n as number) + (ctx.i as number)) % prep.lines.length]!;
const orderBody = (prep: Prepared, ctx: Ctx) => {
  const line = lineFor(prep, ctx);
  return {
    items: [
      { productId: line.itemId, selectedColor: line.selectedColor, imageIndex: 0, quantity: 1 },
    ],
    address: { ...ADDRESS, email: (ctx.shopper as Shopper).email },
    currency: 'PKR',
    paymentMethod: 'COD',
  };
};

/** The four hot endpoints, one after another, at `connections` each. */
export async function endpointLoad(
  baseUrl: string,
  prep: Prepared,
  connections: number,
  seconds: number,
  label: string,
  names?: string[],
): Promise<LoadRow[]> {
  const plan: [string, Step][] = [
    ['product/list', { method: 'GET', path: '/api/product/list' }],
    ['cart/get', { method: 'POST', path: '/api/cart/get' }],
    [
      'cart/add',
      {
        method: 'POST',
        path: '/api/cart/add',
        body: (ctx) => ({ ...lineFor(prep, ctx), quantity: 1 }),
      },
    ],
    ['order/COD', { method: 'POST', path: '/api/order/COD', body: (ctx) => orderBody(prep, ctx) }],
  ];
  const rows: LoadRow[] = [];
  for (const [name, step] of plan)
    if (!names || names.includes(name))
      rows.push(await cannon(baseUrl, `${label} ${name}`, prep, [step], connections, seconds));
  return rows;
}

/** The mixed scenario: each virtual shopper browses the list, adds to the cart, looks at it, orders. */
export function shopperScenario(
  baseUrl: string,
  prep: Prepared,
  connections: number,
  seconds: number,
  label: string,
): Promise<LoadRow> {
  return cannon(
    baseUrl,
    `${label} shoppers (list→add→cart→order)`,
    prep,
    [
      { method: 'GET', path: '/api/product/list' },
      {
        method: 'POST',
        path: '/api/cart/add',
        body: (ctx) => ({ ...lineFor(prep, ctx), quantity: 1 }),
      },
      { method: 'POST', path: '/api/cart/get' },
      { method: 'POST', path: '/api/order/COD', body: (ctx) => orderBody(prep, ctx) },
    ],
    connections,
    seconds,
  );
}

/** `count` sequential logins of one shopper (each a full scrypt verify); latencies in ms. */
export async function loginLatency(
  baseUrl: string,
  prep: Prepared,
  count: number,
): Promise<{ p50: number; max: number; samples: number[]; failures: number }> {
  const samples: number[] = [];
  let failures = 0;
  const who = prep.shoppers[0]!;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bench-ip': `198.18.0.${i + 1}` },
      body: JSON.stringify({ email: who.email, password: prep.password }),
    });
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    if (res.status !== 200) failures++;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    max: Math.round(sorted.at(-1)!),
    samples: samples.map(Math.round),
    failures,
  };
}
