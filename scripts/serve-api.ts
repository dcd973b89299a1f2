// Serves /api/* by calling the Netlify Function handlers in this process, as a warm function
// instance does in production. `npm start` and the bench server both route through here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import notFound from '../netlify/functions/api-not-found.mts';
import { endpointFor, type Handler } from './api-endpoints.ts';

const pending = new Set<Promise<unknown>>();

/**
 * Answers /api/*: the function declaring the path, else the catch-all function (api-not-found,
 * `path: '/api/*'`) as in production; false for any other path.
 */
export async function serveApi(req: IncomingMessage, res: ServerResponse, ip = req.socket.remoteAddress ?? 'unknown'): Promise<boolean> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const endpoint = endpointFor(url.pathname);
  if (!endpoint && !url.pathname.startsWith('/api/')) return false;
  const handler: Handler = endpoint?.handler ?? notFound;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // Node's Request needs duplex: 'half' for a streamed body; the handler enforces the size limit.
  const init = { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: 'half' };
  const response = await handler(new Request(url, init as RequestInit), {
    ip,
    waitUntil: (work) => {
      const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  });
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => (out[key] = value));
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, out).end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** Waits (at most `ms`) for work handlers left running after their answer, e.g. mails. */
export async function settleApi(ms = 5000): Promise<void> {
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}
