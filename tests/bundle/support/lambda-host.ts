// The child process of the bundle tier: plays the AWS Lambda Node.js runtime that Netlify runs a
// function in, for one or more extracted bundles.
//
//   node --import ./preload.ts ./lambda-host.ts [--mongodb-double <url>] <bundle dir>...
//
// What the real platform does, and what this host imitates:
// - Lambda loads the handler `___netlify-entry-point.handler` from the bundle folder (/var/task,
//   read-only). The entry calls Netlify's own bootstrap (`___netlify-bootstrap.mjs`, shipped in the
//   zip), which imports the function on the first request, turns the Lambda event into a `Request`,
//   builds the `Context` (ip from x-nf-client-connection-ip, waitUntil, site from SITE_ID/SITE_NAME/
//   URL) and streams the `Response` back. All of that is the bundle's code and runs unchanged here.
// - What this host supplies is what Lambda supplies: the `awslambda` global (streamifyResponse and
//   HttpResponseStream.from, which the bootstrap calls), a Lambda context (request id, remaining
//   time), one invocation at a time per function, and an event in the shape Netlify's proxy sends
//   (rawUrl, httpMethod, headers, body, route). The parent process plays Netlify's router.
// - Differences, kept plain: production runs each function in its own instance; here the flow loads
//   every bundle into one process so they share the in-memory MongoDB double (each bundle still has
//   its own module instances, its own bootstrap and its own client). The telemetry preload
//   (`___netlify-telemetry.mjs`) is only used when Netlify enables tracing, and is not loaded.
//
// Messages are JSON lines on file descriptor 3 (stdout and stderr stay the function's own logs).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Socket } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { MongoDriver } from '../../../src/server/store/mongo/index.ts';
import { sqliteLoaded } from './preload.ts';

/** A Lambda event as Netlify's proxy sends it to a v2 function (the fields the bootstrap reads). */
export interface LambdaEvent {
  rawUrl: string;
  httpMethod: string;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded: boolean;
  route?: string;
  flags?: Record<string, unknown>;
}

/** Parent → host. */
export type HostRequest =
  | { op: 'invoke'; id: number; fn: string; event: LambdaEvent }
  | { op: 'setup'; id: number; uri: string; db: string; catalogue: unknown }
  | { op: 'report'; id: number }
  | { op: 'invite'; id: number; uri: string; db: string; email: string };

/** Host → parent. */
export type HostReply =
  | { op: 'ready'; node: string; loadMs: Record<string, number>; failed: Record<string, string> }
  | { id: number; statusCode: number; headers: Record<string, string[]>; body: string; ms: number }
  | { id: number; crashed: string }
  | { id: number; indexes: string[]; products: number }
  | { id: number; invitation: string }
  | { id: number; sqlite: ReturnType<typeof sqliteLoaded>; cwd: string; uid: number };

/** Netlify's synchronous function limit (docs: "Synchronous execution limit 60 seconds"). */
const TIMEOUT_MS = 60_000;

/** The stream Lambda's response streaming hands the handler; collects the prelude and the body. */
class ResponseStream extends Writable {
  prelude: {
    statusCode?: number;
    multiValueHeaders?: Record<string, string[]>;
    headers?: Record<string, string>;
  } = {};
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    callback();
  }
}

type LambdaHandler = (event: LambdaEvent, stream: ResponseStream, context: object) => Promise<void>;

// What the AWS Lambda Node.js runtime defines globally for response streaming.
Object.assign(globalThis, {
  awslambda: {
    streamifyResponse: (handler: LambdaHandler) => handler,
    HttpResponseStream: {
      from(stream: ResponseStream, prelude: ResponseStream['prelude']) {
        stream.prelude = prelude;
        return stream;
      },
    },
  },
});

const args = process.argv.slice(2);
const doubleAt = args.indexOf('--mongodb-double');
const doubleUrl = doubleAt >= 0 ? args[doubleAt + 1] : undefined;
const dirs = args.filter((_, i) => doubleAt < 0 || (i !== doubleAt && i !== doubleAt + 1));

const handlers = new Map<string, LambdaHandler>();
const queues = new Map<string, Promise<unknown>>();
const loadMs: Record<string, number> = {};
const failed: Record<string, string> = {};
for (const dir of dirs) {
  const name = path.basename(dir);
  const started = performance.now();
  try {
    const entry = (await import(
      pathToFileURL(path.join(dir, '___netlify-entry-point.mjs')).href
    )) as { handler: LambdaHandler };
    handlers.set(name, entry.handler);
  } catch (error) {
    failed[name] = String((error as Error)?.stack ?? error);
  }
  loadMs[name] = Math.round(performance.now() - started);
}

const channel = new Socket({ fd: 3, readable: true, writable: true });
const send = (reply: HostReply) => channel.write(`${JSON.stringify(reply)}\n`);

async function invoke(id: number, name: string, event: LambdaEvent): Promise<HostReply> {
  const handler = handlers.get(name);
  if (!handler) return { id, crashed: `no bundle ${name}` };
  const started = performance.now();
  const stream = new ResponseStream();
  const context = {
    awsRequestId: randomUUID(),
    functionName: name,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, TIMEOUT_MS - (performance.now() - started)),
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handler(event, stream, context),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(
            () => reject(new Error(`timed out after ${TIMEOUT_MS} ms`)),
            TIMEOUT_MS,
          )),
      ),
    ]);
    if (!stream.writableFinished) await once(stream, 'finish');
  } catch (error) {
    return { id, crashed: String((error as Error)?.stack ?? error) };
  } finally {
    clearTimeout(timer);
  }
  const headers =
    stream.prelude.multiValueHeaders ??
    Object.fromEntries(Object.entries(stream.prelude.headers ?? {}).map(([k, v]) => [k, [v]]));
  return {
    id,
    statusCode: stream.prelude.statusCode ?? 200,
    headers,
    body: Buffer.concat(stream.chunks).toString('base64'),
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Indexes through the adapter's own migration, then the catalogue (its parsed JSON, sent by the
 * parent) through the import service.
 */
async function setup(id: number, uri: string, db: string, catalogue: unknown): Promise<HostReply> {
  if (!doubleUrl) throw new Error('setup needs --mongodb-double');
  // The same module instance the bundles' `mongodb` resolves to, so they all share its memory.
  const { mongoDoubleDriver } = (await import(
    doubleUrl
  )) as typeof import('../../fixtures/mongo-double.ts');
  const { migrateMongo, openMongoStore } = await import('../../../src/server/store/mongo/index.ts');
  const driver = mongoDoubleDriver as unknown as MongoDriver;
  const { importCatalogue } = await import('../../../src/server/catalogue/catalogue.ts');
  const indexes = await migrateMongo(uri, db, driver);
  const result = await importCatalogue(await openMongoStore(uri, db, driver), catalogue);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { id, indexes, products: result.inserted + result.updated };
}

/** Invites an owner as the CLI does, in the store the bundles share; answers the link's token. */
async function invite(id: number, uri: string, db: string, email: string): Promise<HostReply> {
  if (!doubleUrl) throw new Error('invite needs --mongodb-double');
  const { mongoDoubleDriver } = (await import(
    doubleUrl
  )) as typeof import('../../fixtures/mongo-double.ts');
  const { openMongoStore } = await import('../../../src/server/store/mongo/index.ts');
  const { createInvitation } = await import('../../../src/server/accounts/index.ts');
  const store = await openMongoStore(uri, db, mongoDoubleDriver as unknown as MongoDriver);
  const { token } = await createInvitation(
    store,
    { email, name: 'Tier Owner', role: 'owner' },
    null,
  );
  return { id, invitation: token };
}

async function answer(message: HostRequest): Promise<HostReply> {
  if (message.op === 'setup') return setup(message.id, message.uri, message.db, message.catalogue);
  if (message.op === 'invite') return invite(message.id, message.uri, message.db, message.email);
  if (message.op === 'report')
    return {
      id: message.id,
      sqlite: sqliteLoaded(),
      cwd: process.cwd(),
      uid: process.getuid?.() ?? -1,
    };
  // One invocation at a time per function, as a Lambda instance takes them.
  const previous = queues.get(message.fn) ?? Promise.resolve();
  const next = previous.then(() => invoke(message.id, message.fn, message.event));
  queues.set(
    message.fn,
    next.catch(() => undefined),
  );
  return next;
}

let buffered = '';
channel.on('data', (chunk: Buffer) => {
  buffered += chunk.toString('utf8');
  for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
    const message = JSON.parse(buffered.slice(0, newline)) as HostRequest;
    buffered = buffered.slice(newline + 1);
    answer(message).then(send, (error: unknown) =>
      send({ id: message.id, crashed: String((error as Error)?.stack ?? error) }),
    );
  }
});
channel.on('end', () => process.exit(0));
send({ op: 'ready', node: process.version, loadMs, failed });
