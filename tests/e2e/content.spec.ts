import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PAGE_ROUTES } from '../../src/lib/routes.ts';
import { MESSAGING_LINK, SHOP, SUPPORT_HOURS } from '../../src/lib/shop-info.ts';
import { htmlFileFor } from '../fixtures/page-weight.ts';

const TOPICS = ['products', 'orders', 'returns', 'payments', 'delivery'] as const;
const LEGAL = ['/privacy-policy', '/terms-of-service'] as const;

/** The scripts a page loads: external sources and the text of inline ones. */
const scriptsOf = (page: Page) =>
  page
    .locator('script')
    .evaluateAll((nodes) =>
      nodes.map(
        (s) => `${s.getAttribute('type') ?? ''}|${s.getAttribute('src') ?? s.textContent?.trim()}`,
      ),
    );

test.describe('FAQ pages', () => {
  for (const topic of TOPICS) {
    test(`/faq/${topic} is an accordion of questions with a Need Help panel`, async ({ page }) => {
      await page.goto(`/faq/${topic}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const items = page.locator('main details');
      expect(await items.count()).toBeGreaterThanOrEqual(5);
      const first = items.first();
      const answer = first.locator('.answer');
      await expect(answer).toBeHidden();
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(answer).toBeVisible();

      const nav = page.getByRole('navigation', { name: 'FAQ topics' });
      await expect(nav.getByRole('link')).toHaveCount(TOPICS.length);
      await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', `/faq/${topic}`);

      const help = page.getByTestId('need-help');
      await expect(help.getByRole('heading', { name: 'Need help?' })).toBeVisible();
      await expect(help.getByRole('link', { name: SHOP.email })).toHaveAttribute(
        'href',
        `mailto:${SHOP.email}`,
      );
      await expect(help.getByRole('link', { name: /Message us/ })).toHaveAttribute(
        'href',
        MESSAGING_LINK,
      );
      await expect(help).toContainText(SUPPORT_HOURS.open);
      await expect(help).toContainText(SUPPORT_HOURS.closed);
      await expect(page.locator('main')).not.toContainText('{{');
    });
  }

  test('the returns page states the return window and the refund timing', async ({ page }) => {
    await page.goto('/faq/returns');
    await expect(page.locator('main')).toContainText('within 7 days of delivery');
    await expect(page.locator('main')).toContainText('48–72 hours after pick-up');
  });

  test('/faq leads to /faq/products', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/faq\/products\/?$/);
  });
});

test.describe('legal pages', () => {
  for (const path of LEGAL) {
    test(`${path} has a table of contents whose anchors exist and a last-updated date`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByText('Last updated: 22 November 2026')).toBeVisible();
      const hrefs = await page
        .getByRole('navigation', { name: 'Contents' })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of hrefs) {
        expect(href).toMatch(/^#./);
        await expect(page.locator(`[id="${href.slice(1)}"]`)).toHaveCount(1);
      }
    });
  }

  test('the terms have 20 numbered sections', async ({ page }) => {
    await page.goto('/terms-of-service');
    const titles = await page.locator('article h2').allTextContents();
    expect(titles).toHaveLength(20);
    titles.forEach((title, i) => expect(title).toMatch(new RegExp(`^${i + 1}\\. `)));
  });
});

test.describe('not-found page', () => {
  test('an unknown path shows the 404 page with links to Collections and the FAQ', async ({
    page,
  }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    await expect(page.locator('main a[href="/Collections"]')).toBeVisible();
    await expect(page.locator('main a[href="/faq/products"]')).toBeVisible();
  });
});

test.describe('content pages', () => {
  const pages = [...TOPICS.map((t) => `/faq/${t}`), ...LEGAL, '/404'];

  test('load no scripts beyond the layout’s', async ({ page }) => {
    // The 404 page is the bare layout: every content page must load exactly its scripts.
    await page.goto('/404');
    const layoutScripts = await scriptsOf(page);
    for (const path of pages) {
      await page.goto(path);
      expect(await scriptsOf(page), path).toEqual(layoutScripts);
    }
  });

  for (const path of pages) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      if (path.startsWith('/faq/')) await page.locator('main details summary').first().click();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});

// Read from the built site (npm start has built dist/ before this runs): the sitemap and the robots
// meta are both written at build time, from one list, and must agree page by page.
test.describe('sitemap and robots meta', () => {
  test('the sitemap lists every fixed page but the shopper-only ones, which say noindex', () => {
    const dist = resolve('dist');
    const sitemap = readFileSync(resolve(dist, 'sitemap-0.xml'), 'utf8');
    const listed = new Set(
      [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname.replace(/\/$/, '') || '/',
      ),
    );
    const noindexed = PAGE_ROUTES.filter((route) => {
      const file = htmlFileFor(dist, route);
      expect(file, route).not.toBeNull();
      return readFileSync(file!, 'utf8').includes('<meta name="robots" content="noindex"');
    });
    expect([...noindexed].sort()).toEqual(
      [
        '/Cart',
        '/Checkout',
        '/faq',
        '/favourites',
        '/mySetting',
        '/yourFavourites',
        '/yourOrders',
      ].sort(),
    );
    for (const route of PAGE_ROUTES)
      expect(listed.has(route), route).toBe(!noindexed.includes(route));
  });
});
