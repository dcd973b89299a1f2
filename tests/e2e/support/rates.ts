// The exchange-rate service, as a page sees it, when it cannot be had.
import type { Page } from './test.ts';

/**
 * Answers the page's /api/rates with the server's fallback: no rate fetched, PKR only (what the
 * shop says when the rates service is down and no stored rate is fresh enough).
 */
export async function ratesServiceDown(page: Page) {
  await page.route('**/api/rates', (route) =>
    route.fulfill({
      json: {
        result: 'success',
        base: 'PKR',
        rates: { PKR: 1 },
        fetchedAt: Date.now(),
        fallback: true,
        stale: false,
      },
    }),
  );
}
