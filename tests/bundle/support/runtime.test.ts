// The bundle tier's runtime copy (runtime.ts) and how a process that cannot start fails: at once,
// saying why, instead of a hook waiting out its timeout.
import { existsSync, linkSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startInstance } from './harness.ts';
import { PINNED_NODE, prepareRuntime, unprivilegedUser, unreachable } from './runtime.ts';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];
/** A fresh folder, mode 0700 as mkdtemp makes it, removed after the file. */
function privateFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bagshop-private-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('the runtime copy the processes run from', { timeout: 120_000 }, () => {
  it('holds the pinned Node and the host, preload and Mongo double scripts, readable by the user the processes run as, and is reused', async () => {
    const first = await prepareRuntime();
    const again = await prepareRuntime();
    expect(again.dir).toBe(first.dir);
    expect(again.cached).toBe(true);
    expect(statSync(first.node).size).toBe(statSync(PINNED_NODE).size);
    for (const file of [first.node, first.host, first.preload, fileURLToPath(first.mongoDouble)]) {
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).mode & 0o004, file).toBe(0o004);
    }
    expect(existsSync(path.join(first.dir, 'node_modules/mingo/package.json'))).toBe(true);
    const user = unprivilegedUser();
    if (user) expect(unreachable(first.node, user)).toBeUndefined();
  });

  it('fails within seconds, saying why, when the temp folder is not usable', async () => {
    const started = performance.now();
    await expect(prepareRuntime('/dev/null/not-a-folder')).rejects.toThrow(
      /^cannot prepare a world-readable runtime for the bundle tier in \/dev\/null\/not-a-folder\/bagshop-runtime\/[0-9a-f]{8}: .*(ENOTDIR|does not exist).*TMPDIR/,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it.runIf(asRoot)(
    'as root, fails within seconds, naming the folder, when the temp folder cannot be entered by the unprivileged user',
    async () => {
      const tmp = privateFolder();
      const started = performance.now();
      await expect(prepareRuntime(tmp)).rejects.toThrow(
        `${tmp} (mode 0700, owner 0:0) cannot be entered by uid 65534`,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
    },
  );
});

describe('a host process that cannot start', { timeout: 60_000 }, () => {
  it('rejects at once with the spawn error (ENOENT) instead of waiting for a ready message', async () => {
    const runtime = await prepareRuntime();
    const started = performance.now();
    await expect(
      startInstance({
        functions: [],
        cwd: runtime.dir,
        env: {},
        runtime: { ...runtime, node: path.join(runtime.dir, 'bin', 'no-such-node') },
      }),
    ).rejects.toThrow(/cannot start the pinned Node .*no-such-node .*ENOENT/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it.runIf(asRoot)(
    'as root, rejects at once with EACCES when the binary sits in a folder the unprivileged user cannot enter (a clone in /root)',
    async () => {
      const runtime = await prepareRuntime();
      const hidden = path.join(privateFolder(), 'node');
      linkSync(runtime.node, hidden);
      const started = performance.now();
      await expect(
        startInstance({
          functions: [],
          cwd: runtime.dir,
          env: {},
          runtime: { ...runtime, node: hidden },
        }),
      ).rejects.toThrow(/cannot start the pinned Node .* as uid 65534 .*EACCES/);
      expect(performance.now() - started).toBeLessThan(5_000);
    },
  );

  it.runIf(asRoot)(
    'as root, refuses a working folder the unprivileged user cannot enter, naming it',
    async () => {
      const cwd = privateFolder();
      await expect(startInstance({ functions: [], cwd, env: {} })).rejects.toThrow(
        `the host cannot run as uid 65534: ${cwd} (mode 0700, owner 0:0) cannot be entered by uid 65534`,
      );
    },
  );
});
