// The "instant storefront" figures of `npm run bench` (issue 14), per page, in Debian's Chromium:
// JavaScript run before interaction (tests/fixtures/browser-weight.ts) and the INP of the first tap
// made as the page shows, on Lighthouse's mobile profile (4× CPU, 150 ms RTT, 1.6 Mbps).
import { chromium, type Page } from '@playwright/test';
import { jsBeforeInteraction } from '../../tests/fixtures/browser-weight.ts';
import { PHONE, throttleLikeMobile } from '../../tests/fixtures/mobile-profile.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/fixtures/chromium.ts';

/** A page of the table and the control its first tap uses. */
export interface InstantPage {
  page: string;
  route: string;
  /** What the shopper taps first (an accessible role and name). */
  tap: { role: 'button' | 'link'; name: string | RegExp };
}

export interface InstantRow {
  page: string;
  route: string;
  jsGzip: number;
  /** The longest interaction of the first tap in ms; < 16 is reported as 16 (Event Timing's floor). */
  firstTapInpMs: number | null;
  error?: string;
}

/** Event Timing entries of real interactions, collected from the start of the page. */
function observeInteractions() {
  const w = window as unknown as { __inp: number };
  w.__inp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

async function firstTapInp(page: Page, url: string, tap: InstantPage['tap']): Promise<number> {
  await throttleLikeMobile(page);
  await page.addInitScript(observeInteractions);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.getByRole(tap.role, { name: tap.name }).first().tap();
  // Event Timing reports after the next paint; the replay after hydration is not a new interaction.
  await page.waitForTimeout(2500);
  const inp = await page.evaluate(() => (window as unknown as { __inp: number }).__inp);
  return Math.max(16, Math.round(inp));
}

/** Measures every page: JS before interaction unthrottled (bytes do not depend on speed), INP throttled. */
export async function measureInstant(base: string, pages: InstantPage[]): Promise<InstantRow[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const rows: InstantRow[] = [];
  try {
    for (const { page: name, route, tap } of pages) {
      const row: InstantRow = { page: name, route, jsGzip: 0, firstTapInpMs: null };
      try {
        const weightContext = await browser.newContext(PHONE);
        row.jsGzip = (
          await jsBeforeInteraction(await weightContext.newPage(), `${base}${route}`)
        ).gzip;
        await weightContext.close();
        const tapContext = await browser.newContext(PHONE);
        row.firstTapInpMs = await firstTapInp(await tapContext.newPage(), `${base}${route}`, tap);
        await tapContext.close();
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
