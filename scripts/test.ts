// `npm test`: the gates (scripts/gates.ts: types, lint, format) side by side with `astro build`;
// Vitest as soon as the build is in, beside the gates still running; then the browser journeys
// against that build. The gates are single-threaded and the build waits on libvips for its photos,
// so the two share the machine's cores well (measured 2026-11-24 on 2 cores: 48 s + 51 s one after
// the other). The build takes about 25 s and astro check, the longest gate, about 45 s alone: Vitest
// fills the core the gates leave idle after the build (measured 2026-11-30: a 2-core machine at
// 41-53% for the last 20 s of the gates, with Vitest waiting). It stops at the first failure: a
// failed build or gate ends the run before any journey (and stops Vitest), with the failed gate's
// output printed whole.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Every Node process of the run (the gates' tools, astro build, the CLI the tests start about a
// hundred times, `npm start`) shares one compile cache, so none strips the types of and compiles
// the same modules again (`npm run shop -- help`: 1.3 s of CPU without it, 0.9 s with it).
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'shop-tests-compile-cache');

// The steps running now, each in its own process group, so one stopped early (Vitest when a gate
// fails) ends with its children. Being out of the terminal's group, they would not hear its Ctrl-C:
// it is passed on to every one.
const running = new Set<() => void>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const stop of running) stop();
    process.exit(130);
  });

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  running.add(stop);
  child.on('close', () => running.delete(stop));
  return {
    done: new Promise<number>((resolve) => {
      child.on('error', () => resolve(1));
      child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    }),
    stop,
  };
};
const node = (script: string) => run(process.execPath, [script]);
const npmRun = (script: string, env?: NodeJS.ProcessEnv) => run('npm', ['run', script], env);

const gates = node('scripts/gates.ts');
const built = await npmRun('build').done;
if (built !== 0) {
  console.error(`astro build failed (exit ${built}).`);
  await gates.done;
  process.exit(built);
}
const unit = npmRun('test:unit');
const gated = await gates.done;
if (gated !== 0) {
  unit.stop();
  await unit.done;
  process.exit(gated);
}
const tested = await unit.done;
if (tested !== 0) process.exit(tested);
process.exit(await npmRun('test:e2e', { SKIP_BUILD: '1' }).done);
