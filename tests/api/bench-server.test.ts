// The shop the bench and the outage tests start (scripts/bench/server.ts) is ready only once it
// says it listens on its port: a port another process holds (a stand-in that answers 401, as one
// did in a busy run) is never taken for the shop's.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startShop } from '../../scripts/bench/server.ts';

// `npm test` builds dist/ first; a bare `vitest run` on a fresh clone skips this part.
describe.skipIf(!existsSync(path.resolve('dist', 'index.html')))('startShop', () => {
  let other: Server;
  let port: number;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), 'shop-bench-server-'));
    port = await freePort();
    other = createServer((_, res) => res.writeHead(401).end('not the shop'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses a port another server answers on, naming it, rather than reading that server as the shop', async () => {
    const started = startShop({
      dataDir: scratch,
      skipBuild: true,
      port,
      waitFor: '/api/rates',
      timeoutMs: 60_000,
    });
    const refused = await started.then(
      () => 'ready',
      (error: Error) => error.message,
    );
    expect(refused).toContain(`port ${port} was taken`);
    // What a newcomer whose port is busy reads from `npm start`, which then ends.
    expect(refused).toContain(
      `The shop cannot listen on 127.0.0.1:${port} (EADDRINUSE): another program uses that port. Stop it, or start the shop on another: PORT=8899 npm start`,
    );
  }, 90_000);
});
