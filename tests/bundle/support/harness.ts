// The parent side of the bundle tier: starts fresh Lambda-host processes (lambda-host.ts) on
// extracted bundles, and plays Netlify's router in front of them.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import path from 'node:path';
import type { BundledFunction, Route } from '../../../scripts/bundle-functions.ts';
import type { HostReply, HostRequest, LambdaEvent } from './lambda-host.ts';
import { runtime, unprivilegedUser, unreachable, type Runtime } from './runtime.ts';

export { PINNED_NODE } from './runtime.ts';

/** The public address requests are made to (SITE_URL and the rawUrl of every event). */
export const SITE = 'https://bastaa.pk';

/**
 * What a deployed function's process gets (https://docs.netlify.com/build/functions/environment-variables/):
 * the site's variables whose scope includes Functions (passed in; netlify.toml's variables never
 * reach functions), the read-only SITE_ID, SITE_NAME and URL, and a PATH and HOME (HOME is the
 * read-only bundle folder: on Lambda only /tmp is writable). Nothing of the test runner's own
 * environment leaks in: no DATA_DIR, no NODE_ENV, no NETLIFY_DEV, no CONTEXT.
 */
export function productionEnv(
  functionsScope: Record<string, string>,
  home: string,
): Record<string, string> {
  return {
    ...functionsScope,
    SITE_ID: '5a0d5f0e-6c1b-4d37-9e0a-3f4f2b1c7d21',
    SITE_NAME: 'bastaa',
    URL: 'https://bastaa.netlify.app',
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
  };
}

/** The function Netlify routes a path to: its own `config.path` routes minus its `excludedPath`. */
export function routeFor(
  functions: BundledFunction[],
  pathname: string,
  method: string,
): { fn: BundledFunction; route: Route } | undefined {
  const matches = (route: Route) =>
    (route.methods === undefined || route.methods.length === 0 || route.methods.includes(method)) &&
    (route.literal !== undefined
      ? route.literal === pathname
      : route.expression !== undefined && new RegExp(route.expression).test(pathname));
  const found = functions.flatMap((fn) => {
    const route = fn.routes.find(matches);
    return route && !fn.excludedRoutes.some(matches) ? [{ fn, route }] : [];
  });
  // Two functions on one path would leave the answer to an order Netlify does not document.
  if (found.length > 1)
    throw new Error(`${pathname} matches ${found.map((f) => f.fn.name).join(' and ')}`);
  return found[0];
}

/** A request as a browser sends it. */
export interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A running host process. */
export interface Instance {
  /** Milliseconds from spawn to the bundles' entry points loaded. */
  readyMs: number;
  node: string;
  loadMs: Record<string, number>;
  failed: Record<string, string>;
  /** Routes a request like Netlify and invokes the function; a path no function declares answers Netlify's HTML 404. */
  fetch(pathname: string, call?: Call): Promise<Response>;
  /** Invokes one function directly (its first route), bypassing the router. */
  invoke(fn: BundledFunction, pathname: string, call?: Call): Promise<Response>;
  setup(
    uri: string,
    db: string,
    catalogue: string,
  ): Promise<{ indexes: string[]; products: number }>;
  report(): Promise<Extract<HostReply, { sqlite: unknown }>>;
  /** Invites a desk owner in the store the bundles share (as the CLI does); answers the link's token. */
  invite(uri: string, db: string, email: string): Promise<string>;
  /** Ends the process; resolves with what it logged. */
  stop(): Promise<{ stdout: string; stderr: string }>;
  stderr(): string;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

let clientIp = 1;

/**
 * Starts a fresh process under the pinned Node, as an unprivileged user when the tests run as root
 * (root ignores file modes, and Lambda never runs as root), with `cwd` as its working directory.
 * It runs from the world-readable copy runtime.ts prepares (or `opts.runtime`), so where the
 * checkout sits does not matter. A process that cannot start fails at once, saying why.
 */
export async function startInstance(opts: {
  functions: BundledFunction[];
  env: Record<string, string>;
  cwd: string;
  mongodbDouble?: boolean;
  runtime?: Runtime;
}): Promise<Instance> {
  const started = performance.now();
  const from = opts.runtime ?? (await runtime());
  const args = [
    '--import',
    from.preload,
    from.host,
    ...(opts.mongodbDouble ? ['--mongodb-double', from.mongoDouble] : []),
    ...opts.functions.map((f) => f.dir),
  ];
  const user = unprivilegedUser();
  const who = user ? `uid ${user.uid}` : 'this user';
  if (user) {
    for (const dir of [opts.cwd, ...opts.functions.map((f) => f.dir)]) {
      const blocked = unreachable(dir, user);
      if (blocked) throw new Error(`the host cannot run as ${who}: ${blocked}`);
    }
  }
  const child = spawn(from.node, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    ...(user ?? {}),
  });
  // A spawn that fails (EACCES, ENOENT) emits 'error' and never 'exit': without this the wait
  // below would last until the hook's timeout.
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const channel = child.stdio[3] as unknown as Readable & Writable;
  // A write after the process ended fails with EPIPE; the exit below already answers for it.
  channel.on('error', () => {});
  const waiting = new Map<number, (reply: HostReply) => void>();
  let onReady: (reply: Extract<HostReply, { op: 'ready' }>) => void = () => {};
  const ready = new Promise<Extract<HostReply, { op: 'ready' }>>((resolve) => (onReady = resolve));
  let buffered = '';
  channel.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      const reply = JSON.parse(buffered.slice(0, newline)) as HostReply;
      buffered = buffered.slice(newline + 1);
      if ('op' in reply) onReady(reply);
      else waiting.get(reply.id)?.(reply);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const first = await Promise.race([ready, exited, spawnFailed]);
  if (first instanceof Error)
    throw new Error(
      `cannot start the pinned Node ${from.node} as ${who} in ${opts.cwd}: ${first.message}`,
    );
  if (typeof first !== 'object' || first === null)
    throw new Error(`host exited (${first}) before loading:\n${stderr}`);
  const readyMs = Math.round(performance.now() - started);

  let nextId = 1;
  const ask = (request: WithoutId<HostRequest>): Promise<HostReply> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (reply) => {
        waiting.delete(id);
        resolve(reply);
      });
      exited.then((code) => reject(new Error(`host exited (${code}):\n${stderr}`)));
      channel.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  };

  const invokeAt = async (
    fn: BundledFunction,
    route: Route,
    pathname: string,
    call: Call = {},
  ): Promise<Response> => {
    const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = {
      host: new URL(SITE).host,
      'user-agent': 'bundle-tier',
      // What Netlify's proxy adds: the client's address (context.ip) and a request id.
      'x-nf-client-connection-ip': `203.0.113.${clientIp++ % 250}`,
      'x-nf-request-id': `01TIER${Date.now()}${nextId}`,
      ...(call.body === undefined
        ? {}
        : {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(call.body)),
          }),
      ...Object.fromEntries(
        Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    };
    const event: LambdaEvent = {
      rawUrl: `${SITE}${pathname}`,
      httpMethod: method,
      headers,
      body: call.body ?? '',
      isBase64Encoded: false,
      route: route.pattern,
      flags: {},
    };
    const reply = await ask({ op: 'invoke', fn: fn.name, event });
    if ('crashed' in reply) throw new Error(`${fn.name} crashed: ${reply.crashed}\n${stderr}`);
    if (!('statusCode' in reply)) throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
    const out = new Headers();
    for (const [name, values] of Object.entries(reply.headers))
      for (const value of values) out.append(name, value);
    const body = Buffer.from(reply.body, 'base64');
    return new Response([101, 204, 205, 304].includes(reply.statusCode) ? null : body, {
      status: reply.statusCode,
      headers: out,
    });
  };

  return {
    readyMs,
    node: first.node,
    loadMs: first.loadMs,
    failed: first.failed,
    async fetch(pathname, call = {}) {
      const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
      // Netlify routes on the path alone; the query string travels with the request.
      const target = routeFor(opts.functions, pathname.split('?')[0]!, method);
      if (!target)
        return new Response('<!doctype html><title>Page not found</title>', {
          status: 404,
          headers: { 'content-type': 'text/html' },
        });
      return invokeAt(target.fn, target.route, pathname, call);
    },
    invoke: (fn, pathname, call) => invokeAt(fn, fn.routes[0]!, pathname, call),
    async setup(uri, db, catalogue) {
      // Read here and sent along: the host may not be able to reach the checkout's data folder.
      const products = JSON.parse(readFileSync(catalogue, 'utf8')) as unknown;
      const reply = await ask({ op: 'setup', uri, db, catalogue: products });
      if (!('indexes' in reply)) throw new Error(`setup failed: ${JSON.stringify(reply)}`);
      return { indexes: reply.indexes, products: reply.products };
    },
    async invite(uri, db, email) {
      const reply = await ask({ op: 'invite', uri, db, email });
      if (!('invitation' in reply)) throw new Error(`invite failed: ${JSON.stringify(reply)}`);
      return reply.invitation;
    },
    async report() {
      const reply = await ask({ op: 'report' });
      if (!('sqlite' in reply)) throw new Error(`report failed: ${JSON.stringify(reply)}`);
      return reply;
    },
    async stop() {
      channel.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      return { stdout, stderr };
    },
    stderr: () => stderr,
  };
}

/** Every file under `dir` with its size and modification time, to show nothing wrote there. */
export function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((d) => {
      const file = path.join(d.parentPath, d.name);
      const stat = statSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs} ${stat.mode.toString(8)}`;
    })
    .sort();
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}
