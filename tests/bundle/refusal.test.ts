// Production-parity tier, part 1: every function bundled as Netlify bundles it, each loaded in its
// own fresh process under the pinned Node, on a production environment that lacks required
// variables. Bundling is cached per version of the sources (scripts/bundle-functions.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, exampleBody } from '../../scripts/api-endpoints.ts';
import {
  bundleFunctions,
  type BundleSet,
  type BundledFunction,
} from '../../scripts/bundle-functions.ts';
import { startSmtpCatcher } from '../fixtures/smtp-catcher.ts';
import {
  PINNED_NODE,
  inBatches,
  productionEnv,
  routeFor,
  snapshot,
  startInstance,
  type Call,
} from './support/harness.ts';
import { runtime } from './support/runtime.ts';

const REQUIRED = ['MONGODB_URI', 'JWT_SECRET', 'SMTP_URL', 'SITE_URL'] as const;
const UNAVAILABLE = 'The shop is temporarily unavailable. Please try again shortly.';
const FUNCTIONS_DIR = path.resolve('netlify/functions');

/**
 * A well-formed request for each router function, its first call in the endpoint table (so nothing
 * but the configuration can refuse it).
 */
function probe(fn: BundledFunction): { path: string; call: Call } {
  const endpoint = ENDPOINTS.find((e) => e.router === fn.name);
  if (!endpoint) throw new Error(`no example request for ${fn.name}`);
  return {
    path: endpoint.path,
    call:
      endpoint.method === 'GET'
        ? {}
        : { body: exampleBody(endpoint), headers: { 'content-type': endpoint.contentType } },
  };
}

interface Run {
  fn: string;
  statuses: number[];
  bodies: unknown[];
  contentTypes: (string | null)[];
  refusals: string[];
  stderr: string;
  node: string;
  failed: Record<string, string>;
  readyMs: number;
  firstMs: number;
}

let set: BundleSet;
/**
 * The API's functions; page-case (page paths in another letter case) reads no configuration, and
 * the scheduled function has no address (Netlify invokes it on its schedule).
 */
const apiFunctions = () =>
  set.functions.filter((f) => f.name !== 'page-case' && f.name !== 'scheduled');
let pageCase: { status: number; location: string | null; stderr: string } | null = null;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const runs: Record<'noMongo' | 'noneOfFour', Run[]> = { noMongo: [], noneOfFour: [] };
const before = new Map<string, string[]>();
let tierStarted = 0;

/** One fresh process for one bundle: the probe twice, then what it logged. */
async function refuse(fn: BundledFunction, functionsScope: Record<string, string>): Promise<Run> {
  const instance = await startInstance({
    functions: [fn],
    cwd: fn.dir,
    env: productionEnv(functionsScope, fn.dir),
  });
  const { path: at, call } = probe(fn);
  const started = performance.now();
  const first = await instance.fetch(at, call);
  const firstMs = Math.round(performance.now() - started);
  const second = await instance.fetch(at, call);
  const { stderr } = await instance.stop();
  const answers = [first, second];
  return {
    fn: fn.name,
    statuses: answers.map((a) => a.status),
    contentTypes: answers.map((a) => a.headers.get('content-type')),
    bodies: await Promise.all(answers.map((a) => a.json())),
    // Log lines are JSON objects (src/server/request-log.ts); the refusal is their message.
    refusals: stderr
      .split('\n')
      .filter((line) => line.includes('[config] refusing to serve'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg),
    stderr,
    node: instance.node,
    failed: instance.failed,
    readyMs: instance.readyMs,
    firstMs,
  };
}

beforeAll(async () => {
  tierStarted = performance.now();
  // Where the processes could not run, this fails at once and says why, before any bundling.
  await runtime();
  set = await bundleFunctions();
  smtp = await startSmtpCatcher();
  for (const fn of set.functions) before.set(fn.name, snapshot(fn.dir));
  const rest = { MONGODB_DB: 'shop', RATES_URL: 'http://127.0.0.1:9/latest/PKR' };
  const noMongo = {
    ...rest,
    JWT_SECRET: 'k'.repeat(48),
    SMTP_URL: smtp.url,
    SITE_URL: 'https://bastaa.pk',
  };
  runs.noMongo = await inBatches(apiFunctions(), 3, (fn) => refuse(fn, noMongo));
  runs.noneOfFour = await inBatches(apiFunctions(), 3, (fn) => refuse(fn, rest));
  const page = set.functions.find((f) => f.name === 'page-case')!;
  const instance = await startInstance({
    functions: [page],
    cwd: page.dir,
    env: productionEnv(rest, page.dir),
  });
  const answer = await instance.fetch('/collections', {});
  pageCase = {
    status: answer.status,
    location: answer.headers.get('location'),
    stderr: (await instance.stop()).stderr,
  };
  // Bundling (or waiting on another file's bundling) from a cold cache took over 180 s on a busy
  // 2-core machine; ten minutes, as the flow file allows, still ends a hung bundler.
}, 600_000);

afterAll(async () => {
  await smtp?.close();
  const all = [...runs.noMongo, ...runs.noneOfFour];
  const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
  const sizes = set?.functions.map((f) => f.size) ?? [];
  console.log(
    `[bundle tier] ${set?.functions.length} bundles ${set?.cached ? '(cached)' : `built in ${set?.bundleMs} ms + unzipped in ${set?.unzipMs} ms`}; ` +
      `zips ${Math.round(Math.min(...sizes) / 1024)}–${Math.round(Math.max(...sizes) / 1024)} KB; ` +
      `${all.length} fresh processes: ready ${avg(all.map((r) => r.readyMs))} ms, first answer ${avg(all.map((r) => r.firstMs))} ms on average; ` +
      `refusal file ${Math.round(performance.now() - tierStarted)} ms`,
  );
});

describe('the functions as Netlify bundles them', { timeout: 60_000 }, () => {
  it("bundles every function in netlify/functions with zip-it-and-ship-it into a zip whose entry is Netlify's bootstrap, for the pinned Node", () => {
    const sources = readdirSync(FUNCTIONS_DIR)
      .map((f) => f.replace(/\.m?ts$/, ''))
      .sort();
    expect(set.functions.map((f) => f.name)).toEqual(sources);
    expect(set.functionsConfig).toEqual({
      '*': { node_bundler: 'esbuild', external_node_modules: ['mongodb'] },
    });
    expect(set.nodeVersion).toBe('24');
    for (const fn of set.functions) {
      expect(readdirSync(fn.dir)).toEqual(
        expect.arrayContaining(['___netlify-entry-point.mjs', '___netlify-bootstrap.mjs']),
      );
      expect(fn.runtimeVersion).toBe('nodejs24.x');
      expect(fn.size).toBeGreaterThan(0);
    }
  });

  it('ships the packages a function imports inside its own zip (node_modules/mongodb included), not from the build machine', () => {
    for (const fn of apiFunctions()) {
      expect(readdirSync(path.join(fn.dir, 'node_modules'))).toEqual(
        expect.arrayContaining(['mongodb', 'bson', 'zod']),
      );
    }
  });

  it('loads every bundle in a fresh process under the pinned Node 24 (node_modules/.bin/node), which answers its first request', () => {
    expect(PINNED_NODE).toMatch(/node_modules\/node\/bin\/node$/);
    const all = [...runs.noMongo, ...runs.noneOfFour];
    expect(all).toHaveLength(apiFunctions().length * 2);
    for (const run of all) {
      expect(run.node, run.fn).toMatch(/^v24\./);
      expect(run.failed, run.fn).toEqual({});
      expect(run.statuses, run.fn).toHaveLength(2);
    }
  });

  it("routes every call of the endpoint table to its router function and every other /api/ path to shop's JSON 404, never to two functions", () => {
    const shop = set.functions.find((f) => f.name === 'shop')!;
    const others = apiFunctions().filter((f) => f.name !== 'shop');
    expect(shop.routes.map((r) => r.pattern)).toEqual(['/api/*']);
    expect(shop.excludedRoutes.map((r) => r.pattern).sort()).toEqual(
      others.flatMap((f) => f.routes.map((r) => r.pattern)).sort(),
    );
    for (const e of ENDPOINTS)
      for (const at of e.paths)
        expect(routeFor(set.functions, at, e.method)?.fn.name).toBe(e.router);
    for (const at of ['/api/', '/api/nothing', '/api/newsletter/extra', '/api/rates/x'])
      expect(routeFor(set.functions, at, 'GET')?.fn.name).toBe('shop');
  });
});

describe('the page-case function', { timeout: 60_000 }, () => {
  it('needs no configuration: /collections answers 301 to /Collections on a deploy without the four variables', () => {
    expect(pageCase).toMatchObject({ status: 301, location: '/Collections' });
    expect(pageCase?.stderr).not.toContain('[config]');
  });

  it('never runs for /api/ paths', () => {
    for (const at of ['/api/nothing', '/api/cart/add'])
      expect(routeFor(set.functions, at, 'GET')?.fn.name).not.toBe('page-case');
    expect(routeFor(set.functions, '/collections', 'GET')?.fn.name).toBe('page-case');
  });
});

describe('a deploy without MONGODB_URI', { timeout: 60_000 }, () => {
  it('every bundle answers 503 JSON "The shop is temporarily unavailable. Please try again shortly." to a well-formed request, every time', () => {
    expect(runs.noMongo).toHaveLength(apiFunctions().length);
    for (const run of runs.noMongo) {
      expect(run.statuses, run.fn).toEqual([503, 503]);
      expect(run.contentTypes[0], run.fn).toMatch(/^application\/json/);
      expect(run.bodies, run.fn).toEqual([
        expect.objectContaining({ success: false, message: UNAVAILABLE }),
        expect.objectContaining({ success: false, message: UNAVAILABLE }),
      ]);
    }
  });

  it('each process logs exactly one "[config] refusing to serve" line, naming MONGODB_URI and no other variable', () => {
    for (const run of runs.noMongo) {
      expect(run.refusals, run.fn).toEqual([
        '[config] refusing to serve: MONGODB_URI: required in production',
      ]);
    }
  });
});

describe(
  'a deploy without MONGODB_URI, JWT_SECRET, SMTP_URL and SITE_URL',
  { timeout: 60_000 },
  () => {
    it('every bundle answers 503 JSON with the unavailable message', () => {
      expect(runs.noneOfFour).toHaveLength(apiFunctions().length);
      for (const run of runs.noneOfFour) {
        expect(run.statuses, run.fn).toEqual([503, 503]);
        expect(run.bodies[1], run.fn).toMatchObject({ success: false, message: UNAVAILABLE });
      }
    });

    it('each process logs exactly one line, and it names all four variables', () => {
      for (const run of runs.noneOfFour) {
        expect(run.refusals, run.fn).toHaveLength(1);
        for (const name of REQUIRED)
          expect(run.refusals[0], run.fn).toContain(`${name}: required in production`);
      }
    });
  },
);

describe('while a required variable is missing', { timeout: 60_000 }, () => {
  it('no bundle serves: no answer of either deploy is a success, and no mail leaves', () => {
    const statuses = [...runs.noMongo, ...runs.noneOfFour].flatMap((r) => r.statuses);
    expect(statuses).toHaveLength(apiFunctions().length * 4);
    expect(statuses.filter((s) => s < 400)).toEqual([]);
    expect(smtp.mails).toEqual([]);
  });

  it('nothing is written into the read-only bundle folders the processes run in', () => {
    for (const fn of set.functions) expect(snapshot(fn.dir), fn.name).toEqual(before.get(fn.name));
  });
});
