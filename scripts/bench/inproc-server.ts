// A tiny node:http server that calls the Netlify Function handlers directly (no static files), for
// measuring the handlers and the store under load. Runs in a worker thread of the bench process so
// the load generator does not share its event loop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { serveApi } from '../serve-api.ts';

export function createInprocServer(): http.Server {
  return http.createServer(async (req, res) => {
    try {
      // Load tests spread virtual shoppers over addresses, as real ones come from many.
      const ip =
        (req.headers['x-bench-ip'] as string | undefined) ?? req.socket.remoteAddress ?? 'unknown';
      if (!(await serveApi(req, res, ip))) res.writeHead(404).end();
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
