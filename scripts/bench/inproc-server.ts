// A tiny node:http server that calls the Netlify Function handlers directly (no @netlify/dev),
// for measuring the handlers and the store under load. Runs in a worker thread of the bench
// process so the load generator does not share its event loop.
import http from 'node:http';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { endpointFor } from './endpoints.ts';

export function createInprocServer(): http.Server {
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const endpoint = endpointFor(url.pathname);
      if (!endpoint) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"message":"Not found"}');
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      // Node's Request needs duplex: 'half' for a streamed body.
      const init = { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: 'half' };
      const request = new Request(url, init as RequestInit);
      const waits: Promise<unknown>[] = [];
      const ip = (req.headers['x-bench-ip'] as string | undefined) ?? req.socket.remoteAddress ?? 'unknown';
      const response = await endpoint.handler(request, { ip, waitUntil: (p) => void waits.push(p) });
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      const body = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, out).end(body);
    } catch (error) {
      console.error('[inproc]', error);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"success":false,"message":"bench server error"}');
    }
  });
}

// As a worker: env comes from workerData, then listen and report the port.
if (parentPort && workerData?.inproc) {
  Object.assign(process.env, workerData.env as Record<string, string>);
  const server = createInprocServer();
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as import('node:net').AddressInfo;
    parentPort!.postMessage({ port });
  });
  parentPort.on('message', (m) => {
    if (m === 'stop') {
      server.closeAllConnections();
      server.close(async () => {
        const { closeStore } = await import('../../src/server/store/index.ts');
        await closeStore();
        process.exit(0);
      });
    }
  });
}
