// `npm run gates`: astro check (types), ESLint, Prettier's check and the import-cycle check, run
// side by side. Each is one thread, so on a 2-core machine they take about as long as astro check
// alone (measured: 25 + 11 + 13 s one after another, about 27 s together). Each tool's output is printed whole when
// it ends, under its name; the gates fail when any one fails.
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const GATES: [string, string, string[]][] = [
  ['astro check', bin('astro'), ['check']],
  ['eslint', bin('eslint'), ['.']],
  ['prettier --check', bin('prettier'), ['--check', '.']],
  ['no import cycle', process.execPath, ['scripts/import-cycles.ts', 'src']],
];

const results = await Promise.all(
  GATES.map(
    ([name, command, args]) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
        const started = Date.now();
        const child = spawn(command, args, { env: process.env });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const done = (code: number) =>
          resolve({ name, code, output, seconds: (Date.now() - started) / 1000 });
        child.on('error', (error) => {
          output += String(error);
          done(1);
        });
        child.on('close', (code) => done(code ?? 1));
      }),
  ),
);

for (const r of results) {
  console.log(`== ${r.name}: ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
  if (r.code !== 0 || process.env.GATES_VERBOSE) process.stdout.write(r.output);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`Gates failed: ${failed.join(', ')}.`);
  process.exit(1);
}
