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
