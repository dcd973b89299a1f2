// The "instant storefront" figures of `npm run bench` (issues 14 and 25), per first tap, in Debian's
// full Chromium on the Pixel 7 profile at 4× CPU (Lighthouse's mobile profile: 150 ms RTT,
// 1.6 Mbps): the JavaScript the page runs before interaction and before its first paint
// (tests/fixtures/browser-weight.ts), the INP of the first tap made the moment the page shows
// (Event Timing: the longest interaction, input to next paint), and the time from that tap's
// pointerdown to the frame in which its answer is visible (the drawer, panel or overlay) and to the
// frame in which it is whole (React's own content in it).
import { chromium, type Page } from '@playwright/test';
import { jsBeforeInteraction } from '../../tests/fixtures/browser-weight.ts';
import { PHONE, throttleLikeMobile } from '../../tests/fixtures/mobile-profile.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/fixtures/chromium.ts';

/** A first tap of the table: where, which control, and what answers it. */
export interface InstantPage {
  page: string;
  route: string;
  /** What the shopper taps first (an accessible role and name). */
  tap: { role: 'button' | 'link'; name: string | RegExp };
  /** CSS selector of the answer, visible in the frame the tap is answered in. */
  shows: string;
  /** CSS selector of the answer once React fills it (defaults to `shows`). */
  whole?: string;
}

export interface InstantRow {
  page: string;
  route: string;
  jsGzip: number;
  /** Gzipped JS fetched before the first contentful paint, plus the page's inline scripts. */
  jsBeforePaintGzip: number;
  /** The longest interaction of the first tap in ms; < 16 is reported as 16 (Event Timing's floor). */
  firstTapInpMs: number | null;
  /** Pointerdown to the frame in which `shows` is visible. */
  visibleMs: number | null;
  /** Pointerdown to the frame in which `whole` is visible. */
  wholeMs: number | null;
  error?: string;
}

/** Event Timing entries of real interactions, and the frames in which the answer shows. */
function observeInteractions({ shows, whole }: { shows: string; whole: string }) {
  const w = window as unknown as { __inp: number; __visible: number; __whole: number };
  w.__inp = 0;
  w.__visible = -1;
  w.__whole = -1;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  const seen = (selector: string) =>
    [...document.querySelectorAll(selector)].some((el) =>
      (el as HTMLElement).checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    );
  addEventListener(
    'pointerdown',
    (event) => {
      const from = event.timeStamp;
      const frame = () => {
        const now = performance.now();
        if (w.__visible < 0 && seen(shows)) w.__visible = now - from;
        if (w.__whole < 0 && seen(whole)) w.__whole = now - from;
        if (w.__whole < 0 || w.__visible < 0) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { once: true, capture: true },
  );
}

/**
 * When the first tap comes: `paint`, the moment the page shows (its first contentful paint: a
 * shopper taps what is painted); `settled`, 2 s after the load event (a shopper who read first,
 * and the time an island hydrated in idle time would be hydrating or done).
 */
export type TapMoment = 'paint' | 'settled';

/** How long after the load event a `settled` tap comes. */
const SETTLED_MS = 2000;

async function firstTap(page: Page, url: string, entry: InstantPage, at: TapMoment) {
  await throttleLikeMobile(page);
  await page.addInitScript(observeInteractions, {
    shows: entry.shows,
    whole: entry.whole ?? entry.shows,
  });
  await page.goto(url, { waitUntil: at === 'paint' ? 'domcontentloaded' : 'load' });
  if (at === 'settled') await page.waitForTimeout(SETTLED_MS);
  else
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
  await page.getByRole(entry.tap.role, { name: entry.tap.name }).first().tap();
  // Event Timing reports after the next paint; the replay after hydration is not a new interaction.
  await page
    .waitForFunction(() => (window as unknown as { __whole: number }).__whole >= 0, null, {
      timeout: 15000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(1000);
  const { inp, visible, whole } = await page.evaluate(() => {
    const w = window as unknown as { __inp: number; __visible: number; __whole: number };
    return { inp: w.__inp, visible: w.__visible, whole: w.__whole };
  });
  return {
    firstTapInpMs: Math.max(16, Math.round(inp)),
    visibleMs: visible < 0 ? null : Math.round(visible),
    wholeMs: whole < 0 ? null : Math.round(whole),
  };
}

/** JS before interaction (all of it, idle loads too) and the part fetched before the first paint. */
async function pageJs(page: Page, url: string) {
  const all = await jsBeforeInteraction(page, url);
  const beforePaint = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.responseEnd <= fcp)
      .map((r) => new URL(r.name).pathname);
  });
  const early = new Set(beforePaint);
  return {
    jsGzip: all.gzip,
    jsBeforePaintGzip:
      all.inlineGzip + all.files.filter((f) => early.has(f.url)).reduce((s, f) => s + f.gzip, 0),
  };
}

/** Taps measured per control; the table gives their median. */
const TAP_RUNS = 3;

/** The median of the figures a run gave (null when a run gave none). */
function median(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Measures every first tap: JS unthrottled (bytes do not depend on speed), the tap throttled. */
export async function measureInstant(
  base: string,
  pages: InstantPage[],
  at: TapMoment = 'paint',
): Promise<InstantRow[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows: InstantRow[] = [];
  try {
    for (const entry of pages) {
      const { page: name, route } = entry;
      const row: InstantRow = {
        page: name,
        route,
        jsGzip: 0,
        jsBeforePaintGzip: 0,
        firstTapInpMs: null,
        visibleMs: null,
        wholeMs: null,
      };
      try {
        const weightContext = await browser.newContext(PHONE);
        Object.assign(row, await pageJs(await weightContext.newPage(), `${base}${route}`));
        await weightContext.close();
        // Each tap in a fresh context, TAP_RUNS times: the median of each figure (a shared
        // machine's noise moves one run by hundreds of ms).
        const runs: Awaited<ReturnType<typeof firstTap>>[] = [];
        for (let i = 0; i < TAP_RUNS; i++) {
          const tapContext = await browser.newContext(PHONE);
          runs.push(await firstTap(await tapContext.newPage(), `${base}${route}`, entry, at));
          await tapContext.close();
        }
        row.firstTapInpMs = median(runs.map((r) => r.firstTapInpMs));
        row.visibleMs = median(runs.map((r) => r.visibleMs));
        row.wholeMs = median(runs.map((r) => r.wholeMs));
      } catch (error) {
        row.error = String((error as Error).message ?? error).slice(0, 200);
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}
