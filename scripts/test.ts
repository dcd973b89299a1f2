// `npm test`: the gates (scripts/gates.ts: types, lint, format) side by side with `astro build`,
// then Vitest, then the browser journeys against that build. The gates are single-threaded and
// the build waits on libvips for its photos, so the two share the machine's cores well (measured
// 2026-11-24 on 2 cores: 48 s + 51 s one after the other). It stops at the first failure: a failed
// build or gate ends the run before any test, with the failed gate's output printed whole.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Every Node process of the run (the gates' tools, astro build, the CLI the tests start about a
// hundred times, `npm start`) shares one compile cache, so none strips the types of and compiles
// the same modules again (`npm run shop -- help`: 1.3 s of CPU without it, 0.9 s with it).
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'shop-tests-compile-cache');

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return {
    done: new Promise<number>((resolve) => {
      child.on('error', () => resolve(1));
      child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    }),
  };
};
const node = (script: string) => run(process.execPath, [script]);
const npmRun = (script: string, env?: NodeJS.ProcessEnv) => run('npm', ['run', script], env);

const gates = node('scripts/gates.ts');
const build = npmRun('build');
const [gated, built] = await Promise.all([gates.done, build.done]);
if (built !== 0) console.error(`astro build failed (exit ${built}).`);
if (gated !== 0 || built !== 0) process.exit(built || gated);

for (const step of [() => npmRun('test:unit'), () => npmRun('test:e2e', { SKIP_BUILD: '1' })]) {
  const code = await step().done;
  if (code !== 0) process.exit(code);
}
