// Search keeps its word: a colour, a maker, a category word or a slip of the keyboard finds bags;
// every suggestion finds something; "See all" (or Enter) opens a results page with the listing's
// sort, filters, counter and Load More; odd queries are text.
import { expect, test, type Page } from './support/test.ts';
import { DESKTOP } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { demoCatalogue } from '../../src/demo/catalogue/products.ts';

const demo = demoCatalogue();
/** The demo bags that come in Maroon, by name. */
const MAROON = demo.filter((p) => p.colors.includes('Maroon')).map((p) => p.productName);
const colours = (name: string) => demo.find((p) => p.productName === name)?.colors ?? [];

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search products' });
  await expect(overlay.getByRole('combobox', { name: 'Search products' })).toBeFocused();
  return overlay;
}

test.use({ viewport: DESKTOP });

test.describe('search in the overlay', () => {
  test('"maroon" lists maroon bags, and See all opens the results page with all ten and the count', async ({
    page,
  }) => {
    expect(MAROON).toHaveLength(10);
    await page.goto('/');
    const overlay = await openSearch(page);
    await page.keyboard.type('maroon');
    const names = overlay.getByRole('listbox', { name: 'Results' }).locator('.name');
    await expect(names).toHaveCount(6);
    for (const name of await names.allTextContents()) expect(colours(name)).toContain('Maroon');
    const seeAll = overlay.getByRole('link', { name: 'See all 10 results' });
    await expect(seeAll).toBeVisible();
    await expectNoAxeViolations(page, { include: '#search-input' });
    await expectNoAxeViolations(page, { include: 'dialog.search[open]' });

    await seeAll.click();
    await page.waitForURL('**/search?q=maroon');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "maroon"');
    await expect(page).toHaveTitle(/^Search results for "maroon" \|/);
    const counter = page.getByTestId('listing-counter');
    await expect(counter).toHaveText('Viewing 8 of 10 products');
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(counter).toHaveText('Viewing 10 of 10 products');
    const cards = page.locator('.listing-results .card-name');
    await expect(cards).toHaveCount(10);
    expect((await cards.allTextContents()).map((t) => t.trim()).sort()).toEqual([...MAROON].sort());
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show Filter' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Enter in the field opens every result; the sort menu and the filters narrow them', async ({
    page,
  }) => {
    const maroonHandbags = demo
      .filter((p) => p.colors.includes('Maroon') && p.category === 'handbags')
      .map((p) => p.productName);
    expect(maroonHandbags).toHaveLength(5);
    await page.goto('/Collections');
    await openSearch(page);
    await page.keyboard.type('maroon handbag');
    await expect(
      page.getByRole('link', { name: `See all ${maroonHandbags.length} results` }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=maroon+handbag');
    const counter = page.getByTestId('listing-counter');
    await expect(counter).toHaveText(
      `Viewing ${maroonHandbags.length} of ${maroonHandbags.length} products`,
    );
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('A to Z');
    const cards = page.locator('.listing-results .card-name');
    await expect(cards).toHaveText([...maroonHandbags].sort((a, b) => a.localeCompare(b)));
    await page.getByRole('button', { name: 'Show Filter' }).click();
    await page.getByRole('checkbox', { name: /^Tan/ }).check();
    const tan = maroonHandbags.filter((n) => colours(n).includes('Tan'));
    await expect(counter).toHaveText(`Viewing ${tan.length} of ${tan.length} products`);
  });

  test('every suggestion for "mar", tapped, finds products', async ({ page }) => {
    await page.goto('/');
    const overlay = await openSearch(page);
    const field = overlay.getByRole('combobox', { name: 'Search products' });
    await field.fill('mar');
    const suggestions = overlay.locator('.suggestions button');
    await expect(suggestions.first()).toBeVisible();
    const words = await suggestions.allTextContents();
    expect(words).toEqual(expect.arrayContaining(['maroon', 'margalla', 'market']));
    for (const word of words) {
      await field.fill('mar');
      await overlay.locator('.suggestions button', { hasText: new RegExp(`^${word}$`) }).click();
      await expect(field).toHaveValue(word);
      await expect(
        overlay.getByRole('listbox', { name: 'Results' }).getByRole('option').first(),
      ).toBeVisible();
      await expect(overlay.getByText('No products found.')).toBeHidden();
    }
  });

  test('a slip of the keyboard still finds: "marron" the maroon bags, "bagpak" the bagpacks', async ({
    page,
  }) => {
    await page.goto('/');
    const overlay = await openSearch(page);
    const field = overlay.getByRole('combobox', { name: 'Search products' });
    const names = overlay.getByRole('listbox', { name: 'Results' }).locator('.name');
    await field.fill('marron');
    await expect(overlay.getByRole('link', { name: 'See all 10 results' })).toBeVisible();
    for (const name of await names.allTextContents()) expect(colours(name)).toContain('Maroon');
    await field.fill('bagpak');
    const bagpacks = demo.filter((p) => p.category === 'bagpacks').length;
    await expect(overlay.getByRole('link', { name: `See all ${bagpacks} results` })).toBeVisible();
    await expect(names).toHaveCount(6);
    for (const name of await names.allTextContents())
      expect(demo.find((p) => p.productName === name)?.category).toBe('bagpacks');
  });
});

test.describe('the results page', () => {
  test('shows markup in a query as text, runs none of it, and finds nothing in it', async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const query = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`Search results for "${query}"`);
    await expect(heading.locator('script, img')).toHaveCount(0);
    await expect(page.getByText('No products found.')).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('takes a 2,000-character query and an emoji query in its stride', async ({ page }) => {
    await page.goto(`/search?q=${'maroon '.repeat(300).slice(0, 2000)}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Search results for "maroon maroon .*…"$/);
    await expect(page.getByTestId('listing-counter')).toHaveText('Viewing 8 of 10 products');
    const box = (await heading.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);

    await page.goto(`/search?q=${encodeURIComponent('🎒👜')}`);
    await expect(heading).toHaveText('Search results for "🎒👜"');
    await expect(page.getByText('No products found.')).toBeVisible();
  });

  test('with no query says Search results and finds nothing', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results');
    await expect(page.getByText('No products found.')).toBeVisible();
  });
});
