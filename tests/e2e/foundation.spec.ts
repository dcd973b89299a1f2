import { expect, test } from './support/test.ts';
import { hydrated } from './support/islands.ts';

test.describe('the shop skeleton', () => {
  test('the collections page lists the catalogue read from the store at build time', async ({
    page,
  }) => {
    await page.goto('/Collections');
    const total = Number(
      /of (\d+) products/.exec(
        (await page.getByTestId('listing-counter').textContent()) ?? '',
      )?.[1],
    );
    expect(total).toBeGreaterThanOrEqual(48);
    await hydrated(page, 'ProductListing');
    const loadMore = page.getByRole('button', { name: 'Load More' });
    while (await loadMore.isVisible()) await loadMore.click();
    await expect(page.locator('.card')).toHaveCount(total);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Best Sellers' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible();
  });

  test('the product list API answers from the page', async ({ page }) => {
    await page.goto('/');
    const body = await page.evaluate(async () => {
      const res = await fetch('/api/product/list');
      return (await res.json()) as { success: boolean; products: unknown[] };
    });
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(48);
  });

  test('security headers are served with the pages', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('/cart redirects to /Cart', async ({ request }) => {
    const res = await request.get('/cart', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toMatch(/\/Cart$/);
  });
});
