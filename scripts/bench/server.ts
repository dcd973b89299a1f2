// Starts the real shop server (scripts/start.mjs, i.e. `npm start`) in its own process group on a
// free port, and stops it by killing the whole group.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface RunningShop {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Kills the whole process group (SIGTERM by default) and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** How `startShop` starts the shop. */
interface StartOptions {
  dataDir: string;
  skipBuild?: boolean;
  port?: number;
  env?: Record<string, string>;
  waitFor?: string;
  timeoutMs?: number;
  cwd?: string;
}

/** The server's own line once it listens (scripts/start.mjs). */
const listeningLine = (port: number) => `Shop running at http://localhost:${port} `;

/** The start failed because another process took the port between freePort and the listen. */
class PortTaken extends Error {}

/**
 * Starts the shop and answers once it is ready: it has said it listens on its port, and
 * `waitFor` answers there (any status). A free port is only free until someone takes it: on a busy
 * machine another test's stand-in took one before the shop listened, answered the probe with its
 * own 401, and the test read the stand-in's answers as the shop's. The shop's own line settles
 * whose port it is; a port taken meanwhile is given up for another (three tries).
 */
export async function startShop(opts: StartOptions): Promise<RunningShop> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, opts.port ?? (await freePort()));
    } catch (error) {
      if (!(error instanceof PortTaken) || opts.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOnce(opts: StartOptions, port: number): Promise<RunningShop> {
  const cwd = opts.cwd ?? process.cwd();
  const child = spawn(process.execPath, [path.join(cwd, 'scripts/start.mjs')], {
    cwd,
    detached: true, // its own process group: we kill the group, @netlify/dev's helpers included
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SKIP_BUILD: opts.skipBuild ? '1' : '0',
      // The bench measures pages with their photos: every photo is made before the shop serves.
      PHOTOS_LATER: '0',
      RATES_URL: 'http://127.0.0.1:9/latest/PKR', // nothing leaves the machine
      SMTP_URL: '',
      ASTRO_TELEMETRY_DISABLED: '1',
      ...opts.env,
    },
  });
  let log = '';
  let listening = false;
  child.stdout!.on('data', (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
    listening ||= log.includes(listeningLine(port));
  });
  child.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));

  const url = `http://127.0.0.1:${port}`;
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!alive) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
    // @netlify/dev may leave workers in the group after the leader exits: sweep the group.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* group empty */
    }
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  const probe = opts.waitFor ?? '/api/product/list';
  for (;;) {
    if (!alive) {
      if (log.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken:\n${log}`);
      throw new Error(`the shop server exited before it was ready:\n${log}`);
    }
    try {
      if (!listening) throw new Error('not listening yet');
      const res = await fetch(url + probe, {
        signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
      });
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await kill('SIGKILL');
        throw new Error(`the shop server did not answer ${probe} in time:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { url, port, child, output: () => log, kill };
}
