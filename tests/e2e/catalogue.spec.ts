// The catalogue: the home page, and the listing pages with their Load More, sort and filters.
// (The product page, navigation and currency have catalogue-*.spec.ts files of their own.)
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA, PHONE } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { scrollAtRest } from './support/ui.ts';

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

/** Rows of the product grid: how many cards sit on each distinct top edge. */
async function rowSizes(page: Page): Promise<number[]> {
  return page.locator('[data-testid="product-grid"] > li').evaluateAll((items) => {
    const rows = new Map<number, number>();
    for (const item of items) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });
}

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
  test('/Collections lists the whole catalogue read from the store at build time', async ({
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

  test('the product list API answers a page with the whole catalogue', async ({ page }) => {
    await page.goto('/');
    const body = await page.evaluate(async () => {
      const res = await fetch('/api/product/list');
      return (await res.json()) as { success: boolean; products: unknown[] };
    });
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(48);
  });

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

  test('an empty listing at 1366×900 shows only the empty message', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    // No bag of the demo catalogue costs from 920 to 930 (the two nearest cost 910 and 938).
    await panel.getByLabel('From', { exact: true }).fill('920');
    await panel.getByLabel('From', { exact: true }).press('Enter');
    await panel.getByLabel('To', { exact: true }).fill('930');
    await panel.getByLabel('To', { exact: true }).press('Enter');
    await expect(page.getByText('No products found.')).toBeVisible();
    await expect(page.getByTestId('listing-counter')).toHaveText('');
    await expect(page.getByText(/Viewing 0 of/)).toHaveCount(0);
  });

  for (const { width, panel, columns } of [
    { width: 820, panel: false, columns: 3 },
    { width: 1024, panel: true, columns: 3 },
    { width: 1366, panel: true, columns: 4 },
    { width: 1366, panel: false, columns: 4 },
  ]) {
    test(`the first 8 cards sit ${columns} to a row at ${width} px${panel ? ' with the filter open' : ''}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/Collections');
      await hydrated(page, 'ProductListing');
      if (panel) await page.getByRole('button', { name: 'Show Filter' }).click();
      const rows = await rowSizes(page);
      expect(rows).toEqual(columns === 3 ? [3, 3, 2] : [4, 4]);
    });
  }

  test("at 1366×900 by keyboard, every card's favourite button names its product", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const all = page.locator('main .card');
    const count = await all.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const name = (await all.nth(i).locator('.card-name a').innerText()).trim();
      await expect(all.nth(i).locator('.fav')).toHaveAccessibleName(
        `Add To Your Favourite: ${name}`,
      );
    }
  });

  test('at 1366×900 by keyboard, the last Load More focuses the first card it added (home best sellers and /Collections)', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Load More' }).scrollIntoViewIfNeeded();
    await hydrated(page, 'BestSellersGrid');
    const home = page.locator('main .product-grid');
    await expect(home.locator('.card')).toHaveCount(8);
    await page.getByRole('button', { name: 'Load More' }).focus();
    await page.keyboard.press('Enter');
    await expect(home.locator('.card')).toHaveCount(12);
    await expect(home.locator('.card-name a').nth(8)).toBeFocused();

    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const more = page.getByRole('button', { name: 'Load More' });
    await expect(more).toBeVisible(); // the catalogue has more than one page: the loop runs
    while (await more.count()) {
      await more.focus();
      await page.keyboard.press('Enter');
      const shown = await page.locator('main .product-grid .card').count();
      if (await more.count()) {
        await expect(more).toBeFocused(); // more remain: focus stays on Load More
      } else {
        const before = shown - ((shown - 8) % 8 || 8);
        await expect(page.locator('main .product-grid .card-name a').nth(before)).toBeFocused();
      }
    }
  });

  test('Load More pressed again before the frame that follows the last press still focuses the first card of the last page', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await expect(page.getByRole('button', { name: 'Load More' })).toBeVisible();
    // A busy phone draws each page of cards at once but runs what follows its drawing only at the
    // next frame; every press here comes before that frame.
    const pressed = await page.evaluate(async () => {
      const cards = () => document.querySelectorAll('main .product-grid .card').length;
      const counts = [cards()];
      for (let more = document.querySelector<HTMLButtonElement>('main button.load-more'); more;) {
        more.focus();
        more.click();
        // The island draws in a microtask; a frame is a task away.
        for (let i = 0; i < 10 && cards() === counts.at(-1); i++) await Promise.resolve();
        counts.push(cards());
        more = document.querySelector<HTMLButtonElement>('main button.load-more');
      }
      return counts;
    });
    expect(pressed.length).toBeGreaterThan(2); // pressed at least twice, each drawing more cards
    for (let i = 1; i < pressed.length; i++) expect(pressed[i]).toBeGreaterThan(pressed[i - 1]!);
    await expect(
      page.locator('main .product-grid .card-name a').nth(pressed.at(-2)!),
    ).toBeFocused();
  });

  test('when the product list fails, /favourites and search show its own message', async ({
    page,
  }) => {
    const message = 'Our catalogue is being updated. Please come back in a minute.';
    await page.setViewportSize(DESKTOP);
    await page.route('**/api/product/list', (route) =>
      route.fulfill({ json: { success: false, message } }),
    );
    await page.addInitScript(
      (id) => localStorage.setItem('favourites_guest', JSON.stringify([id])),
      MARGALLA.id,
    );
    await page.goto('/favourites');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog').getByText(message)).toBeVisible();
  });
});

test.describe('the filter panel at 1366×900', () => {
  test.use({ viewport: DESKTOP });

  test('dragging a price handle on /Handbags with the mouse never moves the page while the pointer is down', async ({
    page,
  }) => {
    await page.goto('/Handbags');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const handle = page.getByLabel('Highest price');
    await handle.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await scrollAtRest(page);
    const before = await page.evaluate(() => scrollY);
    expect(before).toBeGreaterThan(100);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      const value = await handle.inputValue();
      await page.mouse.move(box.x + box.width - 4 - step * 15, box.y + box.height / 2);
      // The handle has taken the move (so the listing has re-rendered for it) before the page is read.
      await expect(handle).not.toHaveValue(value);
      await scrollAtRest(page);
      expect(await page.evaluate(() => scrollY)).toBe(before);
    }
    const handleDuringDrag = (await handle.boundingBox())!;
    expect(handleDuringDrag.y).toBeCloseTo(box.y, 0);
    await page.mouse.up();
  });

  test('checking a colour far down the panel by keyboard keeps the checkbox in view', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const box = page
      .getByRole('complementary', { name: 'Filters' })
      .getByLabel(/^Sky Blue \(\d+\)$/);
    const skyBlue = Number(/\((\d+)\)/.exec((await box.locator('..').textContent()) ?? '')![1]);
    await box.focus();
    await box.scrollIntoViewIfNeeded();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    // The listing shows the Sky Blue bags (the change that scrolls the page to the top, if any).
    await expect(page.getByTestId('listing-counter')).toHaveText(
      new RegExp(`of ${skyBlue} products$`),
    );
    await scrollAtRest(page);
    const rect = (await box.boundingBox())!;
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.y + rect.height).toBeLessThanOrEqual(900);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('complementary', { name: 'Filters' }).locator(':focus'),
    ).toHaveCount(1);
  });

  test('moving the highest-price slider by keyboard keeps it in view', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const { total } = await counter(page);
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const slider = page.getByLabel('Highest price');
    const highest = Number(await slider.inputValue());
    await slider.focus();
    await slider.scrollIntoViewIfNeeded();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
    // The slider has moved and the listing shows fewer bags (the change that would scroll the page).
    await expect.poll(async () => Number(await slider.inputValue())).toBeLessThan(highest);
    await expect.poll(async () => (await counter(page)).total).toBeLessThan(total);
    await scrollAtRest(page);
    await expect(slider).toBeFocused();
    const rect = (await slider.boundingBox())!;
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.y + rect.height).toBeLessThanOrEqual(900);
  });

  test('at 390×844 by keyboard, Tab stays inside the open filter drawer, the page behind is inert, and Escape gives it back', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const toggle = page.getByRole('button', { name: 'Show Filter' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('#filter-panel');
    await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      // Past the panel's last control Tab may visit the browser's own UI (body), never the page.
      expect(
        await page.evaluate(
          () =>
            Boolean(document.activeElement?.closest('#filter-panel')) ||
            document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await expect(page.locator('main .card .fav').first()).toHaveJSProperty('inert', false);
    expect(
      await page
        .locator('main .card .fav')
        .first()
        .evaluate((el) => Boolean(el.closest('[inert]'))),
    ).toBe(true);
    expect(
      await page.locator('header.site-header').evaluate((el) => (el as HTMLElement).inert),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show Filter' })).toBeFocused();
    expect(await page.locator('[inert]').count()).toBe(0);
  });
});
