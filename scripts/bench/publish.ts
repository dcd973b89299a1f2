// Publish-to-live time of a local rebuild (npm start, no build hook) with n
// products, photos cached: generate and import n products into a temporary store (as
// build-scale.ts does), then scripts/bench/publish-run.ts builds once and times Publish → live.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PublishRow {
  products: number;
  changed: number;
  firstSeconds: number;
  seconds: number;
  live: boolean;
  budgetSeconds: number;
  withinBudget: boolean;
  error?: string;
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-50_000)));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Publish → live of a local rebuild with `n` products; budget in seconds. */
export async function publishToLive(
  n: number,
  budgetSeconds: number,
  log: (s: string) => void = () => {},
): Promise<PublishRow> {
  const work = mkdtempSync(path.join(tmpdir(), `shop-publish-${n}-`));
  const env = { DATA_DIR: path.join(work, 'data') };
  const file = path.join(work, 'catalogue.json');
  const shop = path.resolve('scripts/shop.ts');
  const fail = (error: string): PublishRow => ({
    products: n,
    changed: 0,
    firstSeconds: 0,
    seconds: 0,
    live: false,
    budgetSeconds,
    withinBudget: false,
    error,
  });
  try {
    log(`publish ${n}: generating and importing the catalogue`);
    const gen = await run([shop, 'catalogue', 'generate', String(n), file], {});
    if (gen.code !== 0) return fail(`generate: ${gen.out.slice(-500)}`);
    const imp = await run([shop, 'catalogue', 'import', file], env);
    if (imp.code !== 0) return fail(`import: ${imp.out.slice(-500)}`);
    log(`publish ${n}: first build, then Publish → live`);
    const timed = await run([path.resolve('scripts/bench/publish-run.ts'), work], env);
    const line = timed.out
      .trim()
      .split('\n')
      .findLast((l) => l.startsWith('{'));
    if (timed.code !== 0 || !line) return fail(`publish: ${timed.out.slice(-800)}`);
    const row = JSON.parse(line) as Omit<PublishRow, 'budgetSeconds' | 'withinBudget'>;
    return {
      ...row,
      budgetSeconds,
      withinBudget: row.live && row.seconds <= budgetSeconds,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// `node scripts/bench/publish.ts [n]`: one row, printed.
if (import.meta.main) {
  console.log(
    JSON.stringify(await publishToLive(Number(process.argv[2] ?? 1000), 60, console.log)),
  );
}
