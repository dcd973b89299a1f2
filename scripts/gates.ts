// `npm run gates`: astro check (types), ESLint, Prettier's check and the import-cycle check, run
// side by side. Each is one thread, so on a 2-core machine they take about as long as astro check
// alone (measured: 25 + 11 + 13 s one after another, about 27 s together). Each tool's output is printed whole when
// it ends, under its name; the gates fail when any one fails.
//
// ESLint and Prettier keep what they found of each file outside the clone, keyed by the file's
// content (not its time, which a fresh clone changes), in a folder named by the hash of
// everything else their answer depends on: their config, the shop's own lint rule and the
// lockfile (their versions). A file already found clean with the same content, config and tools is
// not read again (measured 2026-11-30, one after the other on an idle machine: ESLint 20 s and
// Prettier 23 s cold). None of our lint rules reads another file than the one it lints, so a
// file's answer depends on its content alone. Each run works on its own copy and puts it back
// whole with a rename, so two runs at once never write one file together.
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name: string) => path.resolve('node_modules/.bin', name);

/** What ESLint's and Prettier's answers depend on besides each file's content. */
const CACHE_KEYED_BY = [
  'package-lock.json',
  'eslint.config.js',
  'scripts/eslint-layers.ts',
  '.prettierrc.json',
  '.prettierignore',
];

/** The gates' cache folder for these tools and settings; null where none can be kept. */
function gatesCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GATES_CACHE === '0') return null;
  const home = env.HOME || os.homedir();
  const base = env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : '');
  if (!base) return null;
  const hash = createHash('sha256');
  for (const file of CACHE_KEYED_BY) hash.update(`${file}\0${readFileSync(file)}\0`);
  const dir = path.join(base, 'bagshop', 'gates', hash.digest('hex').slice(0, 16));
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return null;
  }
}

const cacheDir = gatesCacheDir();
// ESLint's cache names each file by its absolute path: the kept copy names them under this
// stand-in for the clone's folder, so a clone elsewhere (CI clones into a new folder each run)
// finds them.
const ROOT = '@@clone@@/';
const here = `${JSON.stringify(process.cwd()).slice(1, -1)}/`;
/** This run's copy of ESLint's cache, from the kept one when there is one. */
const ownCopy = (tool: string): string | null => {
  if (!cacheDir) return null;
  const kept = path.join(cacheDir, tool);
  const mine = `${kept}.${process.pid}`;
  if (existsSync(kept)) writeFileSync(mine, readFileSync(kept, 'utf8').replaceAll(ROOT, here));
  return mine;
};
/** Keeps this run's copy for the next run (a failed run's too: what it found clean stays so). */
const keep = (tool: string, mine: string | null) => {
  if (!mine || !existsSync(mine)) return;
  writeFileSync(mine, readFileSync(mine, 'utf8').replaceAll(here, ROOT));
  renameSync(mine, path.join(path.dirname(mine), tool));
};
const cacheArgs = (mine: string | null) =>
  mine ? ['--cache', '--cache-strategy', 'content', '--cache-location', mine] : [];

// Prettier's own cache keys each file's options by a hash that holds its absolute path, so a clone
// elsewhere never finds it: the gate keeps instead the files (path and content) it found formatted,
// and checks only the others. The files are git's (tracked, and new ones not ignored), which is
// what `prettier --check .` walks; --ignore-unknown skips those it has no parser for, and
// .prettierignore applies to named files as to a walked folder.
const fileKey = (file: string) =>
  createHash('sha256').update(`${file}\0`).update(readFileSync(file)).digest('hex');
/** Every file Prettier would walk, with its key; null where git cannot list them. */
function prettierFiles(): Map<string, string> | null {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    )
      .toString()
      .split('\0')
      .filter((file) => file && existsSync(file));
    return new Map(listed.map((file) => [file, fileKey(file)]));
  } catch {
    return null;
  }
}
const formatted = cacheDir ? path.join(cacheDir, 'prettier-formatted.json') : null;
const files = formatted ? prettierFiles() : null;
const known = new Set<string>(
  formatted && existsSync(formatted)
    ? (JSON.parse(readFileSync(formatted, 'utf8')) as string[])
    : [],
);
const toCheck = files
  ? [...files].filter(([, key]) => !known.has(key)).map(([file]) => file)
  : null;
const prettierGate: [string, string, string[]] =
  toCheck === null
    ? ['prettier --check', bin('prettier'), ['--check', '.']]
    : toCheck.length === 0
      ? [
          'prettier --check',
          process.execPath,
          ['-e', 'console.log("Every file as formatted before.")'],
        ]
      : ['prettier --check', bin('prettier'), ['--check', '--ignore-unknown', ...toCheck]];

// astro check (the types) reads the whole tree, so its answer is kept for the whole tree: a tree
// whose every file (path and content: the files listed for Prettier above, the lockfile among
// them) passed before, on the same Node, passes again without a second check; a change to any
// file checks again. Type-checking the same files with the same tools gives the same answer (a warm
// run spent 43 CPU-s, 65 s, on it: measured 2026-11-30). Ignored files are not in the key: those
// the check reads (`.astro/types.d.ts`) are made from tracked ones.
const treeKey = files
  ? createHash('sha256')
      .update(`${process.version}\0`)
      .update(
        [...files]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, key]) => key)
          .join('\0'),
      )
      .digest('hex')
      .slice(0, 32)
  : null;
const typesPassed = cacheDir && treeKey ? path.join(cacheDir, 'astro-check', treeKey) : null;
const typesGate: [string, string, string[]] =
  typesPassed && existsSync(typesPassed)
    ? ['astro check (this very tree passed it before)', process.execPath, ['-e', '']]
    : ['astro check', bin('astro'), ['check']];

const eslintCache = ownCopy('eslint');
const GATES: [string, string, string[]][] = [
  typesGate,
  ['eslint', bin('eslint'), [...cacheArgs(eslintCache), '.']],
  prettierGate,
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

keep('eslint', eslintCache);
// A clean check: every file listed is formatted (and any unknown to Prettier stays unknown).
if (formatted && files && results.find((r) => r.name === 'prettier --check')?.code === 0) {
  const mine = `${formatted}.${process.pid}`;
  writeFileSync(mine, JSON.stringify([...files.values()]));
  renameSync(mine, formatted);
}

if (typesPassed && results.find((r) => r.name === 'astro check')?.code === 0) {
  mkdirSync(path.dirname(typesPassed), { recursive: true });
  writeFileSync(typesPassed, '');
}

for (const r of results) {
  console.log(`== ${r.name}: ${r.code === 0 ? 'passed' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
  if (r.code !== 0 || process.env.GATES_VERBOSE) process.stdout.write(r.output);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`Gates failed: ${failed.join(', ')}.`);
  process.exit(1);
}
