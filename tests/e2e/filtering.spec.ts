// Issue 25's Dawn-grade filtering, on a Pixel 7: Filter and Sort on one row, counts that follow the
// other filters, colours as swatches, removable chips with Clear all, the drawer's results button,
// and Clear filters in the empty state. The expected counts are worked out here from the demo
// catalogue's file, apart from the shop's own code.
import { readFileSync } from 'node:fs';
import { discountedPrice } from '../../src/lib/pricing.ts';
import type { Product } from '../../src/lib/product.ts';
import { SWATCHES } from '../../src/lib/swatches.ts';
import { PHONE } from '../fixtures/mobile-profile.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { hydrated } from './support/islands.ts';
import { expect, test, type Page } from './support/test.ts';

const CATALOGUE = JSON.parse(
  readFileSync(new URL('../../data/catalogue.json', import.meta.url), 'utf8'),
) as Product[];
const sleeves = CATALOGUE.filter((p) => p.category === 'sleeves');
const inBlack = (list: Product[]) => list.filter((p) => p.colors.includes('Black'));

test.use({ ...PHONE });

/** The total of the 'Viewing X of Y products' counter. */
async function total(page: Page): Promise<number> {
  const text = (await page.getByTestId('listing-counter').textContent()) ?? '';
  return Number(/of (\d+) products?$/.exec(text.trim())?.[1] ?? NaN);
}

async function openFilters(page: Page, path = '/Collections') {
  await page.goto(path);
  await hydrated(page, 'ProductListing');
  await page.getByRole('button', { name: 'Show Filter' }).click();
  return page.getByRole('complementary', { name: 'Filters' });
}

test('on a phone, Show Filter and Sort share one row above the counter', async ({ page }) => {
  await page.goto('/Collections');
  const filter = (await page.getByRole('button', { name: 'Show Filter' }).boundingBox())!;
  const sort = (await page.getByLabel('Sort by').boundingBox())!;
  const count = (await page.getByTestId('listing-counter').boundingBox())!;
  // One row: each control's middle lies within the other's height, and they do not overlap.
  expect(Math.abs(filter.y + filter.height / 2 - (sort.y + sort.height / 2))).toBeLessThan(
    Math.min(filter.height, sort.height) / 2,
  );
  expect(sort.x).toBeGreaterThanOrEqual(filter.x + filter.width);
  expect(sort.x + sort.width).toBeLessThanOrEqual(PHONE.viewport.width);
  expect(count.y).toBeGreaterThanOrEqual(Math.max(filter.y + filter.height, sort.y + sort.height));
});

test('counts follow the other filters, and colours are swatches painted in their colour', async ({
  page,
}) => {
  const panel = await openFilters(page);
  await expect(panel.getByLabel(/^Black \(\d+\)$/)).toHaveAccessibleName(
    `Black (${inBlack(CATALOGUE).length})`,
  );
  await panel.getByLabel(/^Sleeves/).check();
  await expect(panel.getByLabel(/^Black \(\d+\)$/)).toHaveAccessibleName(
    `Black (${inBlack(sleeves).length})`,
  );
  await expect(panel.getByLabel(/^Bagpacks/)).toHaveAccessibleName(
    `Bagpacks (${CATALOGUE.filter((p) => p.category === 'bagpacks').length})`,
  );
  await expect(panel.getByLabel(/^In stock only/)).toHaveAccessibleName(
    `In stock only (${sleeves.filter((p) => p.stock).length})`,
  );
  // A colour no sleeve comes in is offered only once Sleeves is unticked.
  const noSleeve = [...new Set(CATALOGUE.flatMap((p) => p.colors))].find(
    (c) => !sleeves.some((p) => p.colors.includes(c)),
  )!;
  await expect(panel.getByLabel(new RegExp(`^${noSleeve} \\(0\\)$`))).toBeDisabled();

  const dot = panel.getByLabel(/^Black \(/).locator('xpath=following-sibling::*[1]');
  const hex = SWATCHES.Black!.slice(1)
    .match(/../g)!
    .map((h) => parseInt(h, 16));
  await expect(dot).toHaveCSS('background-color', `rgb(${hex.join(', ')})`);
  await expectNoAxeViolations(page);
});

test('active filters are chips that each remove their filter, with Clear all; the drawer shows its results', async ({
  page,
}) => {
  const all = CATALOGUE.length;
  const panel = await openFilters(page);
  await panel.getByLabel(/^Sleeves/).check();
  await panel.getByLabel(/^Black \(/).check();
  const kept = inBlack(sleeves).length;
  await panel.getByRole('button', { name: `Show ${kept} products` }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(() => total(page)).toBe(kept);

  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText(['Sleeves×', 'Black×', 'Clear all']);
  await expectNoAxeViolations(page);

  await chips.getByRole('button', { name: 'Remove filter: Black' }).click();
  await expect.poll(() => total(page)).toBe(sleeves.length);
  await expect(chips.getByRole('button')).toHaveText(['Sleeves×', 'Clear all']);

  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect.poll(() => total(page)).toBe(all);
});

test('a price chip names the range, and an empty result offers Clear filters', async ({ page }) => {
  const panel = await openFilters(page);
  // No bag of the demo catalogue costs from 920 to 930 (the two nearest cost 910 and 938).
  expect(CATALOGUE.filter((p) => discountedPrice(p) >= 920 && discountedPrice(p) <= 930)).toEqual(
    [],
  );
  await panel.getByLabel('From', { exact: true }).fill('920');
  await panel.getByLabel('From', { exact: true }).press('Enter');
  await panel.getByLabel('To', { exact: true }).fill('930');
  await panel.getByLabel('To', { exact: true }).press('Enter');
  await panel.getByRole('button', { name: 'Show 0 products' }).click();

  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByRole('button').first(),
  ).toHaveAccessibleName('Remove filter: ₨920 – ₨930');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('No products found.')).toHaveCount(0);
  await expect.poll(() => total(page)).toBe(CATALOGUE.length);
});

test('one product is counted as one: Viewing 1 of 1 product', async ({ page }) => {
  const one = CATALOGUE.find(
    (p) =>
      CATALOGUE.filter((q) => q.category === p.category && q.colors.includes(p.colors[0]!))
        .length === 1,
  );
  expect(one, 'a colour that only one product of its category comes in').toBeDefined();
  const panel = await openFilters(page);
  await panel
    .getByLabel(new RegExp(`^${one!.category.replace(/^./, (c) => c.toUpperCase())}`))
    .check();
  await panel.getByLabel(new RegExp(`^${one!.colors[0]} \\(`)).check();
  await panel.getByRole('button', { name: 'Show 1 product' }).click();
  await expect(page.getByTestId('listing-counter')).toHaveText('Viewing 1 of 1 product');
});
