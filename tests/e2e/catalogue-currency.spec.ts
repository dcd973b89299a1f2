// Prices in the shopper's currency: choosing a country (the select-country page, the footer
// select), and what the catalogue shows when the exchange rate is old.
import { expect, test } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA } from './support/catalogue.ts';
import { ratesServiceDown } from './support/rates.ts';
import {
  chooseCountry,
  navigationsStarted,
  pressAndSettle,
  watchNavigations,
} from './support/ui.ts';

test.describe("prices in the shopper's currency", () => {
  test('choosing United Kingdom shows £ prices on every page type after reload', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await page.evaluate(() => location.assign('/selectCountry'));
    await page.waitForURL('**/selectCountry');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Select the location you would like to ship to:',
    );
    await page.getByRole('button', { name: /United Kingdom/ }).click();
    await page.waitForURL('**/Collections');
    for (const path of ['/', '/Collections', MARGALLA.path]) {
      await page.goto(path);
      await page.reload();
      const price =
        path === MARGALLA.path
          ? page.locator('.buy-price .now')
          : page.locator('.card-price .now').first();
      await price.scrollIntoViewIfNeeded();
      await expect(price).toContainText('£');
    }
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    await expect(page.locator('.price-input').first()).toContainText('£');
  });

  test.describe('at 1366×900', () => {
    test.use({ viewport: DESKTOP });

    test('the footer country select shows India to a new visitor, and a choice changes the prices in place at once', async ({
      page,
    }) => {
      await page.goto('/Collections');
      const select = page.getByLabel('Country / currency');
      await expect(select.locator('option:checked')).toHaveText('India (INR)');
      await expect(page.locator('.card-price .now').first()).toContainText('₨');
      await watchNavigations(page);
      await select.selectOption('United Kingdom');
      await expect(
        page.getByRole('status').filter({ hasText: 'Shipping to United Kingdom' }),
      ).toHaveText('Shipping to United Kingdom: prices are now in GBP.');
      await expect(page.locator('.card-price .now').first()).toContainText('£');
      await expect(page.getByRole('complementary', { name: 'Shipping country' })).toHaveText(
        'Shipping to United Kingdom, prices in GBP. Change country',
      );
      expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBe(
        'United Kingdom',
      );
      expect(await navigationsStarted(page), 'the page is not reloaded').toEqual([]);
      // Back to rupees in place too, and the next page shows the choice.
      await select.selectOption('Pakistan');
      await expect(page.locator('.card-price .now').first()).toContainText('₨');
      await page.goto('/');
      await expect(page.getByLabel('Country / currency').locator('option:checked')).toHaveText(
        'Pakistan (PKR)',
      );
    });

    test('by keyboard, ArrowDown on the closed footer country select changes the prices it reads, never the page', async ({
      page,
    }) => {
      await page.goto('/');
      const select = page.getByLabel('Country / currency');
      await watchNavigations(page);
      await select.focus();
      await pressAndSettle(page, 'ArrowDown');
      await pressAndSettle(page, 'ArrowDown');
      // The keys moved the selection past India, and the footer island has hydrated and taken it ...
      await expect(select).not.toHaveValue('India');
      await expect(
        page.locator('astro-island[component-url*="FooterCountry"]:not([ssr])'),
      ).toHaveCount(1);
      await expect(select).not.toHaveAttribute('data-pending');
      const chosen = await select.inputValue();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('selectedCountry')))
        .toBe(chosen);
      // ... in place: no page asked for, and focus still on the select.
      expect(await navigationsStarted(page)).toEqual([]);
      await expect(page).toHaveURL(/\/$/);
      await expect(select).toBeFocused();
    });

    test('with only an old exchange rate, prices show in dollars marked approximate, with the rate date', async ({
      page,
    }) => {
      const threeDaysAgo = Date.UTC(2026, 10, 20, 12);
      await ratesServiceDown(page);
      await page.addInitScript((at) => {
        if (localStorage.getItem('currencyRates')) return;
        localStorage.setItem(
          'currencyRates',
          JSON.stringify({ rates: { PKR: 1, USD: 0.0036 }, fetchedAt: at }),
        );
      }, threeDaysAgo);
      await chooseCountry(page, /United States/);
      await expect(page.locator('.card-price .now').first()).toContainText('$');
      await expect(
        page.getByRole('status').filter({
          hasText: 'Prices in USD are approximate: converted at the exchange rate of 20 Nov 2026.',
        }),
      ).toBeVisible();
    });
  });
});
