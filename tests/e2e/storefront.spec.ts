import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';

const PRODUCT = '/product/margalla-commuter-laptop-bagpack';
const ROUTES = [
  '/',
  '/Collections',
  '/Handbags',
  '/Bagpacks',
  '/Sleeves',
  '/BestSellers',
  '/under999',
  PRODUCT,
  '/selectCountry',
];

/** The 'Viewing X of Y products' counter as numbers. */
async function counter(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByTestId('listing-counter').textContent()) ?? '';
  const m = /^Viewing (\d+) of (\d+) products$/.exec(text.trim());
  expect(m, text).not.toBeNull();
  return { shown: Number(m![1]), total: Number(m![2]) };
}

const cards = (page: Page) => page.locator('.card');
const cardPrices = (page: Page) =>
  cards(page)
    .locator('.card-price .now')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pkr'))));

test.describe('home', () => {
  test('the slideshow advances by itself every 5 seconds', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'Slideshow');
    const active = page.locator('.slide.active h2');
    await expect(active).toHaveText('Work in Style');
    await expect(active).toHaveText('Carry Confidence', { timeout: 7000 });
  });

  test('swipes, drags and dots change the slide, wrapping at both ends', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'Slideshow');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const active = page.locator('.slide.active h2');
    const box = (await page.getByTestId('slides').boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y, { steps: 5 });
      await page.mouse.up();
    };
    await drag(box.x + 400, box.x + 200);
    await expect(active).toHaveText('Carry Confidence');
    await drag(box.x + 200, box.x + 400);
    await drag(box.x + 200, box.x + 400);
    await expect(active).toHaveText('Tech Meets Trend');
    await drag(box.x + 400, box.x + 370);
    await expect(active).toHaveText('Tech Meets Trend');
    await page.getByRole('button', { name: 'Slide 2: Carry Confidence' }).click();
    await expect(active).toHaveText('Carry Confidence');
  });

  test('shows the category tabs, the promo banner and 8 best sellers, Load More adds 4', async ({
    page,
  }) => {
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: 'Browse by' });
    const categories = page.getByRole('tabpanel', { name: 'Categories' });
    for (const name of ['Laptop Bagpacks', 'Laptop Handbags', 'Laptop Sleeves'])
      await expect(categories.getByRole('link', { name })).toBeVisible();
    await expect(categories.getByText('Coming Soon')).toBeVisible();
    await tabs.getByRole('tab', { name: 'Collections' }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Under 999' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Collections' })).toHaveAttribute(
      'href',
      '/Collections',
    );
    const best = page.locator('section', {
      has: page.getByRole('heading', { name: 'Shop The Best' }),
    });
    await best.scrollIntoViewIfNeeded();
    await hydrated(page, 'BestSellersGrid');
    await expect(best.locator('.card')).toHaveCount(8);
    await best.getByRole('button', { name: 'Load More' }).click();
    await expect(best.locator('.card')).toHaveCount(12);
  });
});

test.describe('listing pages', () => {
  test('the category pages, best sellers and under 999 have their headings and breadcrumb', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/Handbags', 'Laptop Handbags'],
      ['/Bagpacks', 'Laptop Bagpacks'],
      ['/Sleeves', 'Laptop Sleeves'],
      ['/under999', 'Bags Under 999'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Collections']);
    }
    const prices = await cardPrices(page);
    expect(prices.every((p) => p <= 999)).toBe(true);
  });

  test('Load More adds 8 and the counter follows', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const { shown, total } = await counter(page);
    expect(shown).toBe(8);
    await expect(cards(page)).toHaveCount(8);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(cards(page)).toHaveCount(16);
    expect(await counter(page)).toEqual({ shown: 16, total });
  });

  test('each sort reorders the cards', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('Price Low to High');
    await expect
      .poll(async () => {
        const p = await cardPrices(page);
        return p.every((v, i) => i === 0 || p[i - 1]! <= v);
      })
      .toBe(true);
    await sort.selectOption('Price High to Low');
    await expect
      .poll(async () => {
        const p = await cardPrices(page);
        return p.every((v, i) => i === 0 || p[i - 1]! >= v);
      })
      .toBe(true);
    const names = () => cards(page).locator('.card-name').allTextContents();
    await sort.selectOption('A to Z');
    await expect
      .poll(async () => {
        const n = await names();
        return n.join('|') === [...n].sort((a, b) => a.localeCompare(b)).join('|');
      })
      .toBe(true);
    await sort.selectOption('Z to A');
    await expect
      .poll(async () => {
        const n = await names();
        return n.join('|') === [...n].sort((a, b) => b.localeCompare(a)).join('|');
      })
      .toBe(true);
  });

  test('each filter changes the cards and the counter, and Reset Filters undoes them', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const { total } = await counter(page);
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    const reset = async () => {
      await panel.getByRole('button', { name: 'Reset Filters' }).click();
      await expect.poll(async () => (await counter(page)).total).toBe(total);
    };

    await panel.getByLabel('In stock only').check();
    await expect.poll(async () => (await counter(page)).total).toBeLessThan(total);
    await reset();

    await panel.getByLabel('Sleeves').check();
    await expect.poll(async () => (await counter(page)).total).toBeLessThan(total);
    await expect(cards(page).first().locator('a').first()).toHaveAttribute('href', /sleeve/);
    await reset();

    const black = panel.getByLabel(/^Black \(\d+\)$/);
    const count = Number(/\((\d+)\)/.exec((await black.locator('..').textContent()) ?? '')![1]);
    await black.check();
    await expect.poll(async () => (await counter(page)).total).toBe(count);
    await reset();

    await panel.getByLabel('From', { exact: true }).fill('5000');
    await panel.getByLabel('From', { exact: true }).press('Enter');
    await expect.poll(async () => (await counter(page)).total).toBeLessThan(total);
    expect((await cardPrices(page)).every((p) => p >= 5000)).toBe(true);
    await panel.getByLabel('To', { exact: true }).fill('6000');
    await panel.getByLabel('To', { exact: true }).press('Enter');
    await expect
      .poll(async () => (await cardPrices(page)).every((p) => p >= 5000 && p <= 6000))
      .toBe(true);
    await reset();

    await panel.getByLabel('Highest price').fill('2000');
    await expect.poll(async () => (await cardPrices(page)).every((p) => p <= 2000)).toBe(true);
    await reset();
  });

  test('under 999 with no match shows the spec empty text', async ({ page }) => {
    await page.goto('/under999');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    // No bag of the demo catalogue under 999 costs from 920 to 930 (they cost 910, then 938).
    await page.getByLabel('From', { exact: true }).fill('920');
    await page.getByLabel('From', { exact: true }).press('Enter');
    await page.getByLabel('To', { exact: true }).fill('930');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await expect(page.getByText('No products found under 1999.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});

test.describe('product page', () => {
  test('a colour swatch changes the gallery, and the viewer works by keyboard', async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    await hydrated(page, 'BuyBox');
    await hydrated(page, 'ProductGallery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Margalla Commuter Laptop Bagpack',
    );
    await expect(page.getByTestId('stock')).toHaveText('In Stock');
    const main = page.locator('.gallery-main img');
    await expect(main).toHaveAttribute('src', /-black-1\.svg$/);
    await page.getByRole('radio', { name: 'Navy' }).check();
    await expect(main).toHaveAttribute('src', /-navy-1\.svg$/);
    await expect(page.locator('.thumbs img').first()).toHaveAttribute('src', /-navy-1\.svg$/);

    await page.locator('.gallery-main').focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('.viewer-counter')).toHaveText('1 / 4');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.locator('.viewer-counter')).toHaveText('2 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.locator('.viewer-counter')).toHaveText('4 / 4');
    await expect(viewer.locator('img')).toHaveAttribute('src', /-navy-4\.svg$/);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('the quantity stepper shows the wholesale banner at 50 and Add To Cart fills the cart', async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    await hydrated(page, 'BuyBox');
    await expect(page.getByText(/^You save \d+%$/)).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('50');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Congratulations!' })).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('500');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('100');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain('"margalla-commuter-laptop-bagpack":{"Black":{"0":100}}');
  });

  test('has its accordions, notes, related strip, favourite toggle and JSON-LD', async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    for (const name of ['Description', 'Shipping & Returns', 'More Information'])
      await expect(page.locator('summary', { hasText: name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You Might Also Like' })).toBeVisible();
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Margalla Commuter Laptop Bagpack',
      offers: { priceCurrency: 'PKR' },
    });
    await hydrated(page, 'BuyBox');
    const fav = page.locator('.buy-box').getByRole('button', { name: 'Add To Your Favourite' });
    await fav.click();
    await expect(
      page.locator('.buy-box').getByRole('button', { name: 'Remove from Favourite' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('favourites_guest')))
      .toContain('margalla-commuter-laptop-bagpack');
  });
});

test.describe('search overlay', () => {
  test('opens from the icon with Trending Products, finds a product by part of its name and goes there by keyboard', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search products' });
    await expect(overlay).toBeVisible();
    const input = overlay.getByRole('combobox', { name: 'Search products by name' });
    await expect(input).toBeFocused();
    await expect(overlay.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
    const trending = overlay
      .getByRole('listbox', { name: 'Trending Products' })
      .getByRole('option');
    await expect(trending.first()).toBeVisible();
    expect(await trending.count()).toBeLessThanOrEqual(6);
    expect(
      (
        await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze()
      ).violations,
    ).toEqual([]);

    await page.keyboard.type('commuter');
    const results = overlay.getByRole('listbox', { name: 'Results' }).getByRole('option');
    await expect(results.filter({ hasText: 'Margalla Commuter Laptop Bagpack' })).toHaveCount(1);
    expect(await results.count()).toBeLessThanOrEqual(6);
    const index = (await results.allTextContents()).findIndex((t) =>
      t.includes('Margalla Commuter Laptop Bagpack'),
    );
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(results.nth(index)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/product/margalla-commuter-laptop-bagpack');
  });

  test('says when nothing matches, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search products' });
    await overlay
      .getByRole('combobox', { name: 'Search products by name' })
      .fill('zzzz no such bag');
    await expect(overlay.getByText('No products found.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });
});

test('choosing United Kingdom shows £ prices on every page type after reload', async ({ page }) => {
  await page.goto('/Collections');
  // Navigating from the page (not page.goto) sets document.referrer, like a shopper's click.
  await page.evaluate(() => location.assign('/selectCountry'));
  await page.waitForURL('**/selectCountry');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Select the location you would like to ship to:',
  );
  await page.getByRole('button', { name: /United Kingdom/ }).click();
  await page.waitForURL('**/Collections');
  for (const path of ['/', '/Collections', PRODUCT]) {
    await page.goto(path);
    await page.reload();
    const price =
      path === PRODUCT ? page.locator('.buy-price .now') : page.locator('.card-price .now').first();
    await price.scrollIntoViewIfNeeded();
    await expect(price).toContainText('£');
  }
  await page.goto('/Collections');
  await hydrated(page, 'ProductListing');
  await page.getByRole('button', { name: 'Show Filter' }).click();
  await expect(page.locator('.price-input').first()).toContainText('£');
});

for (const path of ROUTES) {
  test(`axe finds no WCAG 2.1 A/AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (path === '/Collections') {
      await hydrated(page, 'ProductListing');
      await page.getByRole('button', { name: 'Show Filter' }).click();
    }
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}

test('axe finds no WCAG 2.1 A/AA violations with the image viewer open', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page, 'ProductGallery');
  await page.locator('.gallery-main').click();
  await expect(page.getByRole('dialog', { name: 'Image viewer' })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('dialog')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
