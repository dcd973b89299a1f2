// Build time at scale: generate n products with the operator CLI, import them into a temporary
// store, then time `astro build` into a temporary folder, with pages/s and peak memory.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuildRow {
  products: number;
  seconds: number;
  pages: number;
  pagesPerSecond: number;
  peakMemoryMB: number | null;
  budgetSeconds: number;
  withinBudget: boolean;
  error?: string;
}

function run(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

function countHtml(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) n += countHtml(p);
    else if (entry.endsWith('.html')) n++;
  }
  return n;
}

export async function buildAtScale(
  n: number,
  budgetSeconds: number,
  log: (s: string) => void = () => {},
): Promise<BuildRow> {
  const work = mkdtempSync(path.join(tmpdir(), `shop-build-${n}-`));
  const dataDir = path.join(work, 'data');
  const outDir = path.join(work, 'dist');
  const file = path.join(work, `catalogue-${n}.json`);
  const shop = ['--disable-warning=ExperimentalWarning', path.resolve('scripts/shop.ts')];
  const fail = (error: string): BuildRow => ({
    products: n,
    seconds: 0,
    pages: 0,
    pagesPerSecond: 0,
    peakMemoryMB: null,
    budgetSeconds,
    withinBudget: false,
    error,
  });
  try {
    log(`build ${n}: generating and importing the catalogue`);
    const gen = await run(
      process.execPath,
      [...shop, 'catalogue', 'generate', String(n), file],
      {},
    );
    if (gen.code !== 0) return fail(`generate: ${gen.out.slice(-500)}`);
    const imp = await run(process.execPath, [...shop, 'catalogue', 'import', file], {
      DATA_DIR: dataDir,
    });
    if (imp.code !== 0) return fail(`import: ${imp.out.slice(-500)}`);
    log(`build ${n}: astro build`);
    const astro = [path.resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir];
    const timed = existsSync('/usr/bin/time');
    const started = performance.now();
    const result = timed
      ? await run('/usr/bin/time', ['-v', process.execPath, ...astro], { DATA_DIR: dataDir })
      : await run(process.execPath, astro, { DATA_DIR: dataDir });
    const seconds = (performance.now() - started) / 1000;
    if (result.code !== 0) return fail(`astro build: ${result.out.slice(-800)}`);
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.out);
    const pages = countHtml(outDir);
    return {
      products: n,
      seconds: Number(seconds.toFixed(1)),
      pages,
      pagesPerSecond: Number((pages / seconds).toFixed(1)),
      peakMemoryMB: rss ? Math.round(Number(rss[1]) / 1024) : null,
      budgetSeconds,
      withinBudget: seconds <= budgetSeconds,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
