// GET /api/stock timed in this process through the shop's router function
// with real Requests, on the full demo catalogue in a fresh SQLite store with some colours sold
// out: the figure behind the goal of p95 ≤ 50 ms in-process. Scenarios: one product (the
// product page's buy box), a cart of 10, and the most one call takes (50, padded with unknown ids).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_STOCK_IDS } from '../../src/lib/stock.ts';
import { seedIfEmpty } from '../../src/server/catalogue/index.ts';
import { closeStore, getStore } from '../../src/server/store/index.ts';

/** One scenario's timings in milliseconds. */
export interface StockCallRow {
  scenario: string;
  catalogue: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  answered: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Seeds the demo catalogue, marks every third product's first colour sold out, times the call. */
export async function stockCallSpeed(runs = 200): Promise<StockCallRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-stock-'));
  const previous = process.env.DATA_DIR;
  await closeStore();
  process.env.DATA_DIR = dir;
  try {
    const store = await getStore();
    await seedIfEmpty(store);
    const products = await store.products.list();
    for (const [i, p] of products.entries())
      if (i % 3 === 0) await store.products.setColourStock(p._id, p.colors[0]!, false);
    // Imported after DATA_DIR is set: the router reads the store per request.
    const { default: shop } = await import('../../netlify/functions/shop.mts');
    const ids = products.map((p) => p._id);
    const padded = [...ids, ...Array.from({ length: MAX_STOCK_IDS }, (_, i) => `unknown-bag-${i}`)];
    const scenarios: [string, string[]][] = [
      ['one product (buy box)', ids.slice(0, 1)],
      ['a cart of 10', ids.slice(0, 10)],
      [`${MAX_STOCK_IDS} ids (the most one call takes)`, padded.slice(0, MAX_STOCK_IDS)],
    ];
    const rows: StockCallRow[] = [];
    for (const [scenario, asked] of scenarios) {
      const times: number[] = [];
      let answered = 0;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const res = await shop(new Request(`http://localhost/api/stock?ids=${asked.join(',')}`), {
          ip: '127.0.0.1',
        });
        const answer = (await res.json()) as { products?: unknown[] };
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`stock answered ${res.status}`);
        answered = answer.products?.length ?? 0;
      }
      times.sort((a, b) => a - b);
      const round = (x: number) => Number(x.toFixed(2));
      rows.push({
        scenario,
        catalogue: products.length,
        runs,
        p50Ms: round(percentile(times, 0.5)),
        p95Ms: round(percentile(times, 0.95)),
        answered,
      });
    }
    return rows;
  } finally {
    await closeStore();
    if (previous === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  }
}
