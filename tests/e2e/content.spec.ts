// The shop's content and addresses: the FAQ, the legal pages, the 404 page, redirects to each
// page's canonical spelling, the sitemap and robots meta, and the footer's newsletter sign-up.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { CONTENT_PAGES, FAQ_TOPICS, LEGAL_PAGES } from './support/pages.ts';
import { MARGALLA } from './support/catalogue.ts';
import { uniqueEmail } from './support/shopper.ts';
import { PAGE_ROUTES } from '../../src/lib/routes.ts';
import { MESSAGING_LINK, SHOP, SUPPORT_HOURS } from '../../src/lib/shop-info.ts';
import { htmlFileFor } from '../fixtures/page-weight.ts';

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
  for (const topic of FAQ_TOPICS) {
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
      await expect(nav.getByRole('link')).toHaveCount(FAQ_TOPICS.length);
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
  for (const path of LEGAL_PAGES) {
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

test.describe('addresses', () => {
  test('every route answers in any letter case with a 301 to its canonical spelling', async ({
    request,
  }) => {
    for (const [typed, canonical] of [
      ['/collections', '/Collections'],
      ['/HANDBAGS', '/Handbags'],
      ['/bestsellers', '/BestSellers'],
      ['/Under999', '/under999'],
      ['/yourorders', '/yourOrders'],
      ['/Product/Margalla-Commuter-Laptop-Bagpack', MARGALLA.path],
    ] as const) {
      const res = await request.get(typed, { maxRedirects: 0 });
      expect(res.status(), typed).toBe(301);
      expect(res.headers().location, typed).toBe(canonical);
    }
    const missing = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
  });

  test('/cart redirects to /Cart', async ({ request }) => {
    const res = await request.get('/cart', { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toMatch(/\/Cart$/);
  });

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
  test('load no scripts beyond the layout’s', async ({ page }) => {
    // The 404 page is the bare layout: every content page must load exactly its scripts.
    await page.goto('/404');
    const layoutScripts = await scriptsOf(page);
    for (const path of CONTENT_PAGES) {
      await page.goto(path);
      expect(await scriptsOf(page), path).toEqual(layoutScripts);
    }
  });
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
        '/order/confirm',
        '/search',
        '/yourFavourites',
        '/yourOrders',
        '/yourOrders/order',
      ].sort(),
    );
    for (const route of PAGE_ROUTES)
      expect(listed.has(route), route).toBe(!noindexed.includes(route));
  });
});

test.describe('the newsletter box', () => {
  test('at 1366×900, says to check the inbox, clears the field, and answers a second subscribe the same', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const field = page.getByLabel('E-mail address');
    const email = uniqueEmail('news');
    for (let i = 0; i < 2; i++) {
      await field.fill(email);
      const answered = page.waitForResponse('**/api/newsletter');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await answered;
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: 'Check your inbox to confirm your subscription.' }),
      ).toBeVisible();
      await expect(field).toHaveValue('');
    }
  });
});
