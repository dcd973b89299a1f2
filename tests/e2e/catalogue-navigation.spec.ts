// Finding a product: the header's links and its mobile menu at phone, tablet and desktop widths,
// and the search overlay.
import { expect, test } from './support/test.ts';
import { DESKTOP, MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';

test.describe('the mobile menu at 390×844 with touch', () => {
  test.use(TOUCH_PHONE);

  test('opens from the menu button with the longer labels, keeps focus inside, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/Collections');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Our Best Sellers',
      'All Collections',
      'Laptop Handbags',
      'Laptop Bagpacks',
      'Laptop Sleeves',
      'Bags Under 999',
    ]);
    await expect(menu.getByRole('link', { name: 'All Collections' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page, { include: '#mobile-menu' });
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('closes on a tap on the overlay and on its close button', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await button.tap();
    await expect(menu).toBeVisible();
    await page.touchscreen.tap(375, 420);
    await expect(menu).toBeHidden();
    await button.tap();
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('takes the shopper to a category page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Laptop Sleeves' })
      .tap();
    await expect(page).toHaveURL(/\/Sleeves$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laptop Sleeves');
  });

  test('works before any script has run: the first tap opens it', async ({ browser }) => {
    const context = await browser.newContext({ ...TOUCH_PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/Handbags');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Laptop Bagpacks' }),
    ).toBeVisible();
    await context.close();
  });
});

test.describe('the header on wider screens', () => {
  test('at 1366×900 it shows the links and no menu button', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Best Sellers' }),
    ).toBeVisible();
  });

  for (const width of [820, 1024]) {
    test(`a tablet at ${width} px reaches every category through the header's own links`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Handbags' })
        .click();
      await expect(page).toHaveURL(/\/Handbags$/);
    });
  }
});

test.describe('search overlay', () => {
  test('opens from the icon with Trending Products, finds a product by part of its name and goes there by keyboard', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search products' });
    await expect(overlay).toBeVisible();
    const input = overlay.getByRole('combobox', { name: 'Search products' });
    await expect(input).toBeFocused();
    await expect(overlay.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
    const trending = overlay
      .getByRole('listbox', { name: 'Trending Products' })
      .getByRole('option');
    await expect(trending.first()).toBeVisible();
    expect(await trending.count()).toBeLessThanOrEqual(6);
    await expectNoAxeViolations(page);

    await page.keyboard.type('commuter');
    const results = overlay.getByRole('listbox', { name: 'Results' }).getByRole('option');
    await expect(results.filter({ hasText: MARGALLA.name })).toHaveCount(1);
    expect(await results.count()).toBeLessThanOrEqual(6);
    const index = (await results.allTextContents()).findIndex((t) => t.includes(MARGALLA.name));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await expect(results.nth(index)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${MARGALLA.path}`);
  });

  test('says when nothing matches, and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search products' });
    await overlay.getByRole('combobox', { name: 'Search products' }).fill('zzzz no such bag');
    await expect(overlay.getByText('No products found.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test('at 1366×900, suggests completions of the typed word, not the first results again', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('mar');
    const suggestions = page.locator('.suggestions button');
    await expect(suggestions.filter({ hasText: /^margalla$/ })).toBeVisible();
    await expect(suggestions.filter({ hasText: /^maroon$/ })).toBeVisible();
    const results = await page.locator('#search-results .name').allTextContents();
    for (const text of await suggestions.allTextContents()) expect(results).not.toContain(text);
    await suggestions.filter({ hasText: /^margalla$/ }).click();
    await expect(search).toHaveValue('margalla');
  });
});
