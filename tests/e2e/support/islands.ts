// Islands hydrate on the shopper's first interaction (client:interaction), not by themselves.
import type { Page } from '@playwright/test';

/**
 * Hydrates every waiting island, as a first tap or a page's own wake call would, then waits until
 * the island of `component` has hydrated (Astro drops `ssr` then).
 */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__shopAwake = true;
    document.dispatchEvent(new Event('shop:wake'));
  });
  await untilHydrated(page, component);
}

/** Waits, waking nothing, until the island of `component` has hydrated (Astro drops `ssr` then). */
export async function untilHydrated(page: Page, component: string): Promise<void> {
  await page
    .locator(`astro-island[component-url*="${component}"]:not([ssr])`)
    .first()
    .waitFor({ state: 'attached' });
}

/**
 * Wakes every island of the page, as a first tap would, and waits until each has hydrated: the
 * point after which a page has run all the code it will run without the shopper (what waiting for
 * an idle network only guessed at, and a request held open on a busy machine never let settle).
 */
export async function allHydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__shopAwake = true;
    document.dispatchEvent(new Event('shop:wake'));
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/**
 * Waits until the page has painted `frames` more frames (each a frame, then a task). An island
 * replays its held taps the frame after it hydrates, and what a replayed tap opens is drawn, with
 * its effects, in the frames after that: counting frames waits for that chain however busy the
 * machine, where a fixed time would be too short on a busy one and so pass a page that does open.
 */
export async function afterFrames(page: Page, frames: number): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++)
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }, frames);
}
