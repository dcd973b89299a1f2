// `npm run bench [-- --quick] [-- --only=weight,lighthouse,instant,api,inproc,catalogue,build,photos,crash,desk,deskui,stock,couriers] [-- --tap=settled]`:
// page weight, Lighthouse, JS before interaction and first-tap INP (instant.ts), API latency under
// load, catalogue filter speed, build time at scale, the photo pipeline and the crash test. Prints
// one table and writes bench/results.json. Everything runs on loopback; nothing is downloaded.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { JS_BUDGET_KB } from '../../tests/fixtures/browser-weight.ts';
import { startFakeRates } from '../../tests/fixtures/fake-rates.ts';
import {
  FIRST_SCREEN_IMAGES,
  firstProductRoute,
  htmlFileFor,
  imageProblems,
  measurePage,
  measureSite,
  type PageWeight,
} from '../../tests/fixtures/page-weight.ts';
import { buildAtScale, type BuildRow } from './build-scale.ts';
import { photoBench } from './photos.ts';
import { catalogueSpeed } from './catalogue-speed.ts';
import { deskListSpeed } from './desk-orders.ts';
import { stockCallSpeed } from './live-stock.ts';
import { courierBench } from './couriers.ts';
import { DESK_UI_ORDERS, deskUiBench } from './desk-ui.ts';
import { catalogueDeskWeight } from './desk-ui.ts';
import { crashTest, type CrashResult } from './crash.ts';
import { measureInstant, type InstantPage, type TapMoment } from './instant.ts';
import { runLighthouse, type LighthouseRow } from './lighthouse.ts';
import { endpointLoad, loginLatency, prepareStore, shopperScenario, type LoadRow } from './load.ts';
import { startShop, type RunningShop } from './server.ts';
import { publishToLive } from './publish.ts';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice(7);
/** `--tap=settled`: the first taps come 2 s after the load event instead of at the first paint. */
const tapAt: TapMoment = argv.includes('--tap=settled') ? 'settled' : 'paint';
const only = onlyArg ? new Set(onlyArg.split(',')) : null;
const want = (s: string) => !only || only.has(s);
const KB = 1024;
const started = Date.now();
const log = (s: string) =>
  console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);

const cfg = quick
  ? {
      lighthouseRuns: 1,
      loadSeconds: 3,
      serverLoadSeconds: 10,
      serverEndpoints: ['product/list', 'cart/add'],
      shopperSeconds: 10,
      logins: 5,
      builds: [[300, 60]] as [number, number][],
      crash: false,
    }
  : {
      lighthouseRuns: 3,
      loadSeconds: 10,
      serverLoadSeconds: 30,
      serverEndpoints: ['product/list', 'cart/get', 'cart/add', 'order/COD'],
      shopperSeconds: 60,
      logins: 10,
      builds: [
        [1000, 60],
        [10000, 360],
      ] as [number, number][],
      crash: true,
    };

interface BudgetCheck {
  area: string;
  item: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
const checks: BudgetCheck[] = [];
let lighthouseRows: LighthouseRow[] = [];
const results: Record<string, unknown> = {
  startedAt: new Date().toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
  },
};
const temps: string[] = [];
const tmp = (p: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), p));
  temps.push(d);
  return d;
};
let shop: RunningShop | null = null;
let worker: Worker | null = null;
const cleanup = async () => {
  await shop?.kill().catch(() => {});
  shop = null;
  if (worker) await worker.terminate().catch(() => 0);
  worker = null;
  for (const d of temps) rmSync(d, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const ms = (x: number | null | undefined) => (x == null ? '—' : `${Math.round(x)} ms`);
const kb = (x: number) => `${(x / KB).toFixed(1)} KB`;

/** JS budget of a route (content ≤ 5 KB, catalogue ≤ 15 KB, cart and checkout ≤ 100 KB). */
function jsBudget(route: string): number {
  if (/^\/(faq|privacy-policy|terms-of-service|404|selectCountry)/.test(route))
    return JS_BUDGET_KB.content * KB;
  if (/^\/(Checkout|Cart)$/.test(route)) return JS_BUDGET_KB.cartAndCheckout * KB;
  if (/^\/(yourOrders|mySetting|favourites)$/.test(route)) return JS_BUDGET_KB.account * KB;
  return JS_BUDGET_KB.catalogue * KB;
}

/**
 * The first taps of the instant-storefront table: Add To Cart, the cart panel, the heart, Show
 * Filter, Search and the account drawer, each with what answers it; and /Checkout's.
 */
function instantPages(dist: string): InstantPage[] {
  const product = firstProductRoute(dist);
  const open = (label: string) => `dialog[open][aria-label="${label}"]`;
  // The server-rendered shell a tap opens before its island hydrates (src/components/TapShell.astro).
  const shell = (id: string) => `dialog[open]#shell-${id}`;
  return [
    ...(product
      ? ([
          {
            page: 'Add To Cart',
            route: product,
            tap: { role: 'button', name: 'Add To Cart' },
            shows: open('Just Added to Cart'),
          },
          {
            page: 'cart panel',
            route: product,
            tap: { role: 'button', name: 'Add To Cart' },
            shows: open('Just Added to Cart'),
            whole: `${open('Just Added to Cart')} .cart-lines li`,
          },
          {
            // The buy box's heart: its answer is the heart pressed (saved), not a pending mark.
            page: 'heart',
            route: product,
            tap: { role: 'button', name: /^Add To Your Favourite: / },
            shows: '.fav-inline[aria-pressed="true"]',
          },
        ] as const)
      : []),
    {
      page: 'Show Filter',
      route: '/Collections',
      tap: { role: 'button', name: 'Show Filter' },
      shows: `.filter-panel, ${shell('filter')}`,
      whole: '.filter-panel input',
    },
    {
      page: 'Search',
      route: '/',
      tap: { role: 'button', name: 'Search' },
      shows: open('Search products'),
      whole: `${open('Search products')} .search-results a`,
    },
    {
      page: 'account drawer',
      route: '/',
      tap: { role: 'button', name: 'Log in or create an account' },
      shows: `${open('Log in')}, ${shell('account')}`,
      whole: `${open('Log in')} input`,
    },
    {
      page: 'checkout',
      route: '/Checkout',
      tap: { role: 'button', name: 'Log in or create an account' },
      shows: `${open('Log in')}, ${shell('account')}`,
      whole: `${open('Log in')} input`,
    },
  ];
}

/**
 * One row per page: JS before interaction, first-tap INP, and Lighthouse mobile
 * performance, LCP and CLS (median of the runs), each beside its budget.
 */
async function instantSection(base: string, dist: string, lighthouseRows: LighthouseRow[]) {
  const pages = instantPages(dist);
  log(
    `instant storefront: JS before interaction and first-tap INP on ${pages.length} pages (tap at ${tapAt === 'paint' ? 'the first paint' : '2 s after load'})`,
  );
  const rows = await measureInstant(base, pages, tapAt);
  results.instant = rows;
  for (const r of rows) {
    const lh = lighthouseRows.find((l) => l.page === r.page);
    const checkout = r.route === '/Checkout';
    const js = jsBudget(r.route);
    const budget = [
      `JS ≤ ${js / KB} KB`,
      'INP ≤ 200 ms',
      'shown ≤ 200 ms',
      ...(checkout ? ['perf ≥ 98', 'LCP ≤ 2.0 s'] : []),
      'CLS ≤ 0.02',
    ].join(', ');
    const ok =
      !r.error &&
      r.jsGzip <= js &&
      r.firstTapInpMs !== null &&
      r.firstTapInpMs <= 200 &&
      r.visibleMs !== null &&
      r.visibleMs <= 200 &&
      (!lh ||
        ((lh.cls ?? 1) <= 0.02 &&
          (!checkout || ((lh.performance ?? 0) >= 98 && (lh.lcpMs ?? Infinity) <= 2000))));
    checks.push({
      area: 'instant',
      item: `${r.page} ${r.route}`,
      value: r.error
        ? `error: ${r.error}`
        : `JS ${kb(r.jsGzip)} (${kb(r.jsBeforePaintGzip)} before first paint), first-tap INP ${r.firstTapInpMs === 16 ? '< 16 ms' : ms(r.firstTapInpMs)}, shown in ${ms(r.visibleMs)}, whole in ${ms(r.wholeMs)}${lh ? `, perf ${lh.performance}, LCP ${ms(lh.lcpMs)}, CLS ${lh.cls} (median of ${lh.runs})` : ', Lighthouse not run'}`,
      budget,
      ok,
    });
  }
}

async function pageWeightSection(dist: string) {
  log(`page weight from ${dist}`);
  const pages = measureSite(dist);
  // Also the content pages the CI budgets cover.
  const extra = [
    '/privacy-policy',
    '/terms-of-service',
    '/404',
    '/selectCountry',
    '/Cart',
    '/mySetting',
    '/favourites',
  ].filter((r) => htmlFileFor(dist, r));
  const all: PageWeight[] = [...pages, ...extra.map((r) => measurePage(dist, r.slice(1), r))];
  results.pageWeight = all.map(({ images, jsFiles, ...rest }) => ({
    ...rest,
    jsFiles,
    imageCount: images.length,
    lazyImages: images.filter((i) => i.loading === 'lazy').length,
    imageProblems: imageProblems({ images, jsFiles, ...rest }),
  }));
  for (const p of all) {
    if (p.status === 'missing') {
      checks.push({
        area: 'page weight',
        item: `${p.name} ${p.route}`,
        value: 'missing (not built yet)',
        budget: '—',
        ok: null,
      });
      continue;
    }
    const budget = jsBudget(p.route);
    const problems = imageProblems(p);
    checks.push({
      area: 'page weight',
      item: `${p.name} ${p.route}`,
      value: `HTML ${kb(p.htmlBytes)}, JS ${kb(p.jsGzip)} gz, CSS ${kb(p.cssGzip)} gz, img above fold ${kb(p.imageBytesAboveFold)}${problems.length ? `, ${problems.length} img problem(s)` : ''}`,
      budget: `JS ≤ ${budget / KB} KB; img sized, lazy after ${FIRST_SCREEN_IMAGES}`,
      ok: p.jsGzip <= budget && problems.length === 0,
    });
  }
}

async function lighthouseSection(base: string, dist: string) {
  const product = firstProductRoute(dist);
  const pages = [
    { page: 'home', url: `${base}/` },
    { page: 'listing', url: `${base}/Collections` },
    ...(product ? [{ page: 'product', url: `${base}${product}` }] : []),
    ...(htmlFileFor(dist, '/Cart') ? [{ page: 'cart', url: `${base}/Cart` }] : []),
    ...(htmlFileFor(dist, '/Checkout') ? [{ page: 'checkout', url: `${base}/Checkout` }] : []),
  ];
  log(`lighthouse: ${pages.length} pages × ${cfg.lighthouseRuns} run(s)`);
  const rows: LighthouseRow[] = await runLighthouse(pages, cfg.lighthouseRuns);
  results.lighthouse = rows;
  lighthouseRows = rows;
  for (const r of rows) {
    checks.push({
      area: 'lighthouse',
      item: `${r.page} (median of ${r.runs})`,
      value: r.error
        ? `error: ${r.error}`
        : `perf ${r.performance}, a11y ${r.accessibility}, BP ${r.bestPractices}, SEO ${r.seo}; LCP ${ms(r.lcpMs)}, TBT ${ms(r.tbtMs)}, CLS ${r.cls}`,
      budget: 'reported',
      ok: null,
    });
  }
}

function loadChecks(rows: LoadRow[], area: string, budgets: boolean) {
  for (const r of rows) {
    const write = /cart\/add|order\/COD/.test(r.name);
    const limit = write ? 60 : 30;
    const shoppers = /shoppers/.test(r.name);
    checks.push({
      area,
      item: `${r.name} @${r.connections}`,
      value: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.rps} req/s, ${r.errors} errors (${r.requests} req)`,
      budget: budgets && !shoppers ? `p99 ≤ ${limit} ms, 0 errors` : '0 errors',
      ok:
        r.requests > 0 &&
        (budgets && !shoppers ? r.p99 <= limit && r.errors === 0 : r.errors === 0),
    });
  }
}

async function npmStartSection(dist: string, needServer: { lighthouse: boolean; api: boolean }) {
  const skipBuild = existsSync(path.join(dist, 'index.html')) && !argv.includes('--rebuild');
  const dataDir = tmp('shop-bench-srv-');
  const prep = await prepareStore(dataDir, 50);
  log(
    `npm start (${skipBuild ? 'SKIP_BUILD=1, dist/ exists' : 'building dist/'}) on a temporary store`,
  );
  const t0 = Date.now();
  shop = await startShop({ dataDir, skipBuild });
  results.serverStartMs = Date.now() - t0;
  log(`server ready at ${shop.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (want('weight')) await pageWeightSection(dist);
  if (needServer.lighthouse)
    await lighthouseSection(shop.url, dist).catch((e) =>
      checks.push({
        area: 'lighthouse',
        item: 'all',
        value: `failed: ${String(e).slice(0, 200)}`,
        budget: 'reported',
        ok: null,
      }),
    );
  if (want('instant') || needServer.lighthouse)
    await instantSection(shop.url, dist, lighthouseRows).catch((e) =>
      checks.push({
        area: 'instant',
        item: 'all',
        value: `failed: ${String(e).slice(0, 200)}`,
        budget: 'JS, INP, Lighthouse budgets',
        ok: false,
      }),
    );
  if (want('deskui'))
    await deskUiSection(shop.url, dataDir).catch((e) =>
      checks.push({
        area: 'desk page',
        item: 'all',
        value: `failed: ${String(e).slice(0, 200)}`,
        budget: 'desk JS and Lighthouse budgets',
        ok: false,
      }),
    );
  if (needServer.api) {
    // @netlify/dev runs every invocation in a fresh worker thread: seconds per request at 50 connections.
    log(
      `API through npm start: ${cfg.serverEndpoints.join(', ')} × ${cfg.serverLoadSeconds} s @50`,
    );
    const rows = await endpointLoad(
      shop.url,
      prep,
      50,
      cfg.serverLoadSeconds,
      'npm start',
      cfg.serverEndpoints,
    );
    (results.api as Record<string, unknown>).npmStart = rows;
    loadChecks(rows, 'API via npm start', false);
  }
  await shop.kill();
  shop = null;
}

// The desk's order list, signed in: JS before interaction and Lighthouse mobile.
async function deskUiSection(base: string, dataDir: string) {
  // Five runs outside --quick: on this 2-core machine one run's score spreads over ±7 points
  // (measured 2026-11-28: 81 to 95 on one build), and the median of three still moved by 4.
  const runs = cfg.lighthouseRuns === 1 ? 1 : 5;
  log(`desk order list (signed in): JS before interaction, Lighthouse × ${runs}`);
  const row = await deskUiBench(base, dataDir, runs);
  results.deskUi = row;
  checks.push({
    area: 'desk page',
    item: `JS before interaction, ${row.route} signed in, ${DESK_UI_ORDERS} orders`,
    value: row.jsGzip === null ? '—' : `${kb(row.jsGzip)} gz`,
    budget: `≤ ${JS_BUDGET_KB.desk} KB`,
    ok: row.jsGzip !== null && row.jsGzip <= JS_BUDGET_KB.desk * KB,
  });
  checks.push({
    area: 'desk page',
    item: `Lighthouse mobile, ${row.route} signed in, ${DESK_UI_ORDERS} orders`,
    value:
      row.performance === null
        ? `failed: ${row.error ?? 'no run'}`
        : `perf ${row.performance}, a11y ${row.accessibility}, FCP ${ms(row.fcpMs)}, LCP ${ms(row.lcpMs)}, TBT ${ms(row.tbtMs)}, CLS ${row.cls} (median of ${row.lighthouseRuns})`,
    // Issue 38's goal.
    budget: 'perf ≥ 98',
    ok: row.performance !== null && row.performance >= 98,
  });
  // The catalogue desk's screens (the product list and the editor).
  log('catalogue desk (signed in): JS before interaction on the products list and the editor');
  for (const page of await catalogueDeskWeight(base, dataDir)) {
    checks.push({
      area: 'desk page',
      item: `JS before interaction, ${page.route} signed in (${page.heading})`,
      value: `${kb(page.jsGzip)} gz`,
      budget: `≤ ${JS_BUDGET_KB.desk} KB`,
      ok: page.jsGzip <= JS_BUDGET_KB.desk * KB,
    });
  }
}

async function inprocSection() {
  const dataDir = tmp('shop-bench-inproc-');
  const rates = await startFakeRates('ok');
  try {
    // A crowd: each pass of a connection is a new shopper (scripts/bench/load.ts), so enough of
    // them that none reaches the shop's 10-orders-in-10-minutes limits during the run.
    log('in-process server: preparing store (3,000 shoppers)');
    const prep = await prepareStore(dataDir, 3000);
    worker = new Worker(new URL('./inproc-server.ts', import.meta.url), {
      workerData: { inproc: true, env: { DATA_DIR: dataDir, RATES_URL: rates.url, SMTP_URL: '' } },
      stdout: true,
      stderr: true,
    });
    // The handlers log every dev-outbox mail: keep the bench table readable.
    worker.stdout.resume();
    worker.stderr.resume();
    const port: number = await new Promise((resolve, reject) => {
      worker!.once('message', (m: { port: number }) => resolve(m.port));
      worker!.once('error', reject);
    });
    const base = `http://127.0.0.1:${port}`;
    await fetch(`${base}/api/product/list`).then((r) => r.arrayBuffer()); // warm the store
    log(`in-process: 4 endpoints × ${cfg.loadSeconds} s @50`);
    const rows = await endpointLoad(base, prep, 50, cfg.loadSeconds, 'in-process');
    (results.api as Record<string, unknown>).inProcess = rows;
    loadChecks(rows, 'API in-process', true);
    log(`in-process: ${cfg.logins} sequential logins (scrypt N=2^17)`);
    const login = await loginLatency(base, prep, cfg.logins);
    results.login = login;
    checks.push({
      area: 'API in-process',
      item: `login ×${cfg.logins} sequential`,
      value: `p50 ${ms(login.p50)}, max ${ms(login.max)}, ${login.failures} failures`,
      budget: 'p50 ≤ 600 ms',
      ok: login.p50 <= 600 && login.failures === 0,
    });
    log(`in-process: 200 virtual shoppers for ${cfg.shopperSeconds} s`);
    const shoppers = await shopperScenario(base, prep, 200, cfg.shopperSeconds, 'in-process');
    results.shoppers = shoppers;
    loadChecks([shoppers], 'API in-process', true);
  } finally {
    worker?.postMessage('stop');
    await new Promise((r) => (worker ? worker.once('exit', r) : r(0)));
    worker = null;
    await rates.close();
  }
}

/** Filter + sort of 10,000 products: budget one frame (16 ms) on the fastest of 30 calls. */
function catalogueSection() {
  log('catalogue filter and sort, 10,000 products');
  const rows = catalogueSpeed();
  results.catalogue = rows;
  for (const r of rows) {
    checks.push({
      area: 'catalogue speed',
      item: `${r.scenario}, ${r.products} products`,
      value: `fastest ${r.fastestMs} ms, median ${r.medianMs} ms of ${r.runs} (${r.shown} shown)`,
      budget: '≤ 16 ms (fastest)',
      ok: r.fastestMs <= 16,
    });
  }
}

/** The desk's order list (and business view, customer look-up), 10,000 orders on SQLite, in-process: budget p95 ≤ 300 ms. */
async function deskSection() {
  log('desk order list, 10,000 orders on SQLite');
  const rows = await deskListSpeed(10_000, quick ? 15 : 40);
  results.deskOrderList = rows;
  for (const r of rows) {
    checks.push({
      area: 'desk reads',
      item: `${r.scenario}, ${r.orders} orders`,
      value: `p95 ${r.p95Ms} ms, p50 ${r.p50Ms} ms of ${r.runs} (${r.matched} matched)`,
      budget: '≤ 300 ms (p95)',
      ok: r.p95Ms <= 300,
    });
  }
}
/** GET /api/stock on the full demo catalogue, in-process: goal p95 ≤ 50 ms. */
async function stockSection() {
  log('stock call, demo catalogue on SQLite');
  const rows = await stockCallSpeed(quick ? 50 : 200);
  results.stockCall = rows;
  for (const r of rows) {
    checks.push({
      area: 'stock call',
      item: `${r.scenario}, ${r.catalogue} products`,
      value: `p95 ${r.p95Ms} ms, p50 ${r.p50Ms} ms of ${r.runs} (${r.answered} answered)`,
      budget: '≤ 50 ms (p95)',
      ok: r.p95Ms <= 50,
    });
  }
}

/** Book all packed and one tracking run over 1,000 open parcels, on the PostEx stand-in. */
async function courierSection() {
  const count = quick ? 200 : 1000;
  log(`couriers: ${count} open parcels booked and followed, PostEx stand-in`);
  const row = await courierBench(count);
  results.couriers = row;
  checks.push(
    {
      area: 'couriers',
      item: `Book all packed, ${row.parcels} orders`,
      value: `${row.presses} presses, ${row.bookRequests} booking requests one after another, ${(row.bookMs / 1000).toFixed(1)} s; slowest press ${row.slowestPressMs} ms`,
      budget: 'one request a parcel; a press ≤ 10 s (a function’s time)',
      ok: row.bookRequests === row.parcels && row.slowestPressMs <= 10_000,
    },
    {
      area: 'couriers',
      item: `tracking ${row.parcels} picked-up parcels`,
      value: `${row.trackRuns} run(s), ${row.trackRequests} requests of ≤ ${row.largestTrackRequest} numbers, ${(row.trackMs / 1000).toFixed(1)} s; ${row.movedToOutForDelivery} moved to Out for Delivery`,
      budget: 'all moved; ≤ 50 numbers a request',
      ok: row.movedToOutForDelivery === row.parcels && row.largestTrackRequest <= 50,
    },
  );
}

async function buildSection() {
  const rows: BuildRow[] = [];
  for (const [n, budget] of cfg.builds) {
    const row = await buildAtScale(n, budget, log);
    rows.push(row);
    checks.push({
      area: 'build at scale',
      item: `${n} products`,
      value: row.error
        ? `failed: ${row.error.slice(0, 160)}`
        : `${row.seconds} s, ${row.pages} pages, ${row.pagesPerSecond} pages/s, peak ${row.peakMemoryMB ?? '?'} MB`,
      budget: n >= 10000 ? '≤ 6 min' : n >= 1000 ? '≤ 60 s' : '(quick size)',
      ok: row.error ? false : n >= 1000 ? row.withinBudget : null,
    });
  }
  if (quick)
    checks.push({
      area: 'build at scale',
      item: '1,000 / 10,000 products',
      value: 'skipped in --quick',
      budget: '≤ 60 s / ≤ 6 min',
      ok: null,
    });
  results.build = rows;
}
/** Publish → live of a local rebuild (npm start, no hook), photos cached: goal ≤ 60 s at 1,000. */
async function publishSection() {
  const n = quick ? 300 : 1000;
  const row = await publishToLive(n, 60, log);
  results.publish = row;
  checks.push({
    area: 'publish',
    item: `Publish → live, local rebuild of ${n} products (${row.changed} changed), photos cached`,
    value: row.error
      ? `failed: ${row.error.slice(0, 160)}`
      : `${row.seconds} s (first build ${row.firstSeconds} s)${row.live ? '' : ', NOT live'}`,
    budget: n >= 1000 ? '≤ 60 s' : '(quick size)',
    ok: row.error ? false : n >= 1000 ? row.withinBudget : null,
  });
}

async function photoSection() {
  const r = await photoBench(log, 20, cfg.lighthouseRuns);
  results.photos = r;
  const at1000 = (results.build as BuildRow[] | undefined)?.find((b) => b.products === 1000);
  const pages = at1000 && !at1000.error ? at1000.seconds : null;
  checks.push(
    {
      area: 'photos',
      item: `product page on a 412 px phone, ${r.photos} imported ${r.averagePhotoMB} MB photos`,
      value: `${kb(r.imageBytesBeforeScroll)} of images before scrolling (${r.imageRequests.length} requests)`,
      budget: '≤ 150 KB',
      ok: r.imageBytesBeforeScroll <= 150 * KB,
    },
    {
      area: 'photos',
      item: `import + build of ${r.photos} photos (${r.distinctPhotos} distinct)`,
      value: `import ${r.importSeconds} s; first build ${r.firstBuildSeconds} s (pipeline ${r.pipelineFirstSeconds} s, CPU ${r.pipelineFirstCpuSeconds} s), rebuild ${r.rebuildSeconds} s (pipeline ${r.pipelineRebuildSeconds} s)`,
      budget: 'reported',
      ok: null,
    },
    {
      area: 'photos',
      item: '1,000 products × 4 photos (extrapolated)',
      value: `first ≈ ${r.estimate1000x4.firstWallSeconds + (pages ?? 0)} s at this machine's load (${r.estimate1000x4.firstCpuOn2CoresSeconds + (pages ?? 0)} s from CPU time on 2 idle cores), rebuild ≈ ${r.estimate1000x4.rebuildSeconds + (pages ?? 0)} s${pages === null ? ', each + the 1,000-product page build (run with build)' : ` (incl. ${pages} s of 1,000-product pages)`}`,
      budget: 'first ≤ 600 s, rebuild ≤ 90 s',
      ok: null,
    },
  );
  const lh = r.lighthouse;
  checks.push({
    area: 'photos',
    item: `Lighthouse mobile, ${r.productRoute} with photos`,
    value: !lh
      ? 'not run'
      : lh.error
        ? `error: ${lh.error}`
        : `perf ${lh.performance}, LCP ${ms(lh.lcpMs)}, CLS ${lh.cls}`,
    budget: 'perf ≥ 98, LCP ≤ 1.8 s, CLS ≤ 0.02',
    ok:
      !lh || lh.error
        ? null
        : (lh.performance ?? 0) >= 98 && (lh.lcpMs ?? Infinity) <= 1800 && (lh.cls ?? 1) <= 0.02,
  });
}

async function crashSection(dist: string) {
  log(
    'crash test: 400 orders from 40 shoppers and their transfers recorded, card refunds in flight, SIGKILL half-way, restart, reconciliation',
  );
  const r: CrashResult = await crashTest({
    skipBuild: existsSync(path.join(dist, 'index.html')),
    log,
  });
  results.crash = r;
  checks.push({
    area: 'fault: crash',
    item: `${r.clients} clients, SIGKILL mid-run`,
    value: `${r.presentAndIntact}/${r.acknowledged} acknowledged orders intact, ${r.paymentsIntact}/${r.paymentsAcknowledged} payments intact, ${r.inFlightCommitted} in-flight committed, ${r.cartsChecked} carts ok, integrity ${r.integrity}, restart ${(r.restartMs / 1000).toFixed(1)} s${r.problems.length ? `; ${r.problems[0]}` : ''}`,
    budget: 'nothing lost',
    ok: r.ok,
  });
  const c = r.cards;
  checks.push({
    area: 'fault: crash',
    item: `${c.cardOrders} card orders refunded twice at once, SIGKILL with refunds at the gateway`,
    value: `${c.refundsAtGateway} refunds at the gateway at the kill, ${c.refundsAcknowledgedOnLedger}/${c.refundsAcknowledged} acknowledged on the ledger; reconciliation settled ${c.settledSent} sent, ${c.settledReleased} released; ${c.differences.length === 0 ? 'gateway = ledger on every order' : c.differences.slice(0, 2).join('; ')}`,
    budget: 'no difference',
    ok: c.differences.length === 0 && c.refundsAcknowledgedOnLedger === c.refundsAcknowledged,
  });
}

function printTable() {
  const header = ['area', 'item', 'result', 'budget', 'ok'];
  const rows = checks.map((c) => [
    c.area,
    c.item,
    c.value,
    c.budget,
    c.ok === null ? '·' : c.ok ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

try {
  const dist = path.resolve(argv.find((a) => a.startsWith('--dist='))?.slice(7) ?? 'dist');
  results.api = {};
  const needServer = { lighthouse: want('lighthouse'), api: want('api') };
  if (
    needServer.lighthouse ||
    want('instant') ||
    want('deskui') ||
    needServer.api ||
    (want('weight') && !existsSync(path.join(dist, 'index.html')))
  ) {
    await npmStartSection(dist, needServer);
  } else if (want('weight')) {
    await pageWeightSection(dist);
  }
  if (want('inproc')) await inprocSection();
  if (want('catalogue')) catalogueSection();
  if (want('desk')) await deskSection();
  if (want('stock')) await stockSection(); // live-stock
  if (want('couriers')) await courierSection();
  if (want('build')) await buildSection();
  if (want('publish')) await publishSection(); // publish
  if (want('photos')) await photoSection();
  if (want('crash') && (cfg.crash || only?.has('crash'))) await crashSection(dist);
  else if (want('crash'))
    checks.push({
      area: 'fault: crash',
      item: 'SIGKILL mid-run',
      value: 'skipped in --quick (run without --quick)',
      budget: 'nothing lost',
      ok: null,
    });
} catch (error) {
  console.error(error);
  checks.push({
    area: 'bench',
    item: 'run',
    value: `aborted: ${String(error).slice(0, 200)}`,
    budget: '—',
    ok: false,
  });
} finally {
  await cleanup();
}

results.durationSeconds = Math.round((Date.now() - started) / 1000);
results.checks = checks;
results.budgetsBroken = checks.filter((c) => c.ok === false).map((c) => `${c.area}: ${c.item}`);
mkdirSync('bench', { recursive: true });
writeFileSync(path.join('bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
printTable();
console.log(
  `\n${quick ? 'Quick' : 'Full'} run in ${results.durationSeconds} s; ${checks.filter((c) => c.ok === false).length} budget(s) broken. Details: bench/results.json`,
);
process.exit(0);
