// Serves /api/* by calling the Netlify Function handlers in this process, as a warm function
// instance does in production. `npm start` and the bench server both route through here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER_MESSAGES } from '../src/lib/messages.ts';
import { bodyLimitOf } from '../src/lib/contract/endpoints.ts';
import { fail } from '../src/server/http.ts';
import { logEvent } from '../src/server/request-log.ts';
import { routerFor } from './api-endpoints.ts';
import { compressBody } from './compression.ts';

/** How much of an oversized body is read and thrown away so a keep-alive client can finish sending. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads a request body of at most `max` bytes (the call's own limit in the endpoint table), or
 * null when it is larger (declared or streamed).
 * The body is buffered here rather than bridged as a web stream: a handler that stops reading an
 * oversized stream would leave Node's bridge pushing into a closed controller, which throws
 * ERR_INVALID_STATE outside any handler and ends the process.
 */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * Answers 413 and closes the connection cleanly: `Connection: close` tells the client not to reuse
 * it, and the rest of the body (up to DRAIN_LIMIT_BYTES) is read and discarded so the client is not
 * reset while still sending; beyond that the socket is destroyed. The refusal is logged as the
 * function logs every answer (the handler never sees it, so it cannot): an oversized webhook is
 * someone's delivery lost, which the operator must be able to find.
 */
async function refuseTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  limit: number,
): Promise<void> {
  logEvent('warn', 'api', {
    method: req.method,
    path: pathname,
    status: 413,
    reason: `body over ${limit} bytes`,
  });
  const answer = fail(413, SERVER_MESSAGES.bodyTooLarge);
  const headers: Record<string, string> = { connection: 'close' };
  answer.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(413, headers).end(Buffer.from(await answer.arrayBuffer()));
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}

const pending = new Set<Promise<unknown>>();

/**
 * Answers /api/* through the router function Netlify would route the path to (by the functions'
 * own `config.path` and `excludedPath`); false for any other path.
 */
export async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  ip = req.socket.remoteAddress ?? 'unknown',
): Promise<boolean> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const router = routerFor(url.pathname);
  if (!router) return false;
  const { handler } = router;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const limit = bodyLimitOf(url.pathname, req.method ?? 'GET');
  const body = hasBody ? await readBody(req, limit) : undefined;
  const bytes = body ? new Uint8Array(body).buffer : undefined;
  if (body === null) {
    await refuseTooLarge(req, res, url.pathname, limit);
    return true;
  }
  const response = await handler(new Request(url, { method: req.method, headers, body: bytes }), {
    ip,
    waitUntil: (work) => {
      const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  });
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') out[key] = value;
  });
  // Each cookie on its own line, as the platform sends them (joining them would break them).
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  // JSON answers are compressed as the CDN does (see compression.ts).
  const payload = compressBody(
    req.headers['accept-encoding'],
    out,
    response.status,
    Buffer.from(await response.arrayBuffer()),
  );
  res.writeHead(response.status, out).end(req.method === 'HEAD' ? undefined : payload);
  return true;
}

/** Waits (at most `ms`) for work handlers left running after their answer, e.g. mails. */
export async function settleApi(ms = 5000): Promise<void> {
  await Promise.race([
    Promise.all(pending),
    new Promise((resolve) => setTimeout(resolve, ms).unref()),
  ]);
}
