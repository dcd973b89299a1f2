// The defects a full walk-through found (shoppers on phones, abroad and in a hurry), each at the
// viewport and with the input where it showed.
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';

const MARGALLA = '/product/margalla-commuter-laptop-bagpack';
const PASSWORD = 'correct horse battery';
const DESKTOP = { width: 1366, height: 900 };
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test.describe('at 1366×900 with a mouse', () => {
  test.use({ viewport: DESKTOP });

  test('dragging a price handle on /Handbags never moves the page while the pointer is down', async ({
    page,
  }) => {
    await page.goto('/Handbags');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const handle = page.getByLabel('Highest price');
    await handle.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => scrollY);
    expect(before).toBeGreaterThan(100);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await page.mouse.move(box.x + box.width - 4 - step * 15, box.y + box.height / 2);
      await page.waitForTimeout(60);
      expect(await page.evaluate(() => scrollY)).toBe(before);
    }
    const handleDuringDrag = (await handle.boundingBox())!;
    expect(handleDuringDrag.y).toBeCloseTo(box.y, 0);
    await page.mouse.up();
  });

  test('the first Add To Cart and the first favourite raise no React error', async ({ page }) => {
    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Just Added to Cart' })).toBeVisible();
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page
      .locator('.card')
      .first()
      .getByRole('button', { name: /Add To Your Favourite/ })
      .click();
    await expect(
      page
        .locator('.card')
        .first()
        .getByRole('button', { name: /Remove from Favourite/ }),
    ).toBeVisible();
  });

  test('the footer country select shows a neutral choice to a new visitor and applies India only on Update', async ({
    page,
  }) => {
    await page.goto('/Collections');
    const select = page.getByLabel('Country / currency');
    await expect(select.locator('option:checked')).toHaveText('Choose your country');
    await select.selectOption('India');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBeNull();
    // Update stores the choice, fetches rates and reloads the page.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBe('India');
    await expect(page.getByLabel('Country / currency').locator('option:checked')).toHaveText(
      'India (INR)',
    );
  });

  test('by keyboard, ArrowDown on the closed footer country select changes nothing until Update', async ({
    page,
  }) => {
    await page.goto('/');
    const select = page.getByLabel('Country / currency');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => localStorage.getItem('selectedCountry'))).toBeNull();
    await expect(page).toHaveURL(/\/$/);
  });

  test('by keyboard, checking a colour far down the filter panel keeps the checkbox in view', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const box = page
      .getByRole('complementary', { name: 'Filters' })
      .getByLabel(/^Sky Blue \(\d+\)$/);
    await box.focus();
    await box.scrollIntoViewIfNeeded();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.waitForTimeout(800);
    const rect = (await box.boundingBox())!;
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.y + rect.height).toBeLessThanOrEqual(900);
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('complementary', { name: 'Filters' }).locator(':focus'),
    ).toHaveCount(1);
  });

  test('by keyboard, moving the highest-price slider keeps it in view', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const slider = page.getByLabel('Highest price');
    await slider.focus();
    await slider.scrollIntoViewIfNeeded();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
    await page.waitForTimeout(800);
    await expect(slider).toBeFocused();
    const rect = (await slider.boundingBox())!;
    expect(rect.y).toBeGreaterThanOrEqual(0);
    expect(rect.y + rect.height).toBeLessThanOrEqual(900);
  });

  test('adding 60 and then 60 more of one line says only 40 were added, the most being 100', async ({
    page,
  }) => {
    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('60');
    await quantity.press('Enter');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page
      .getByRole('dialog', { name: 'Just Added to Cart' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(
      toast(page, 'Only 40 added: 100 is the most per line, and your cart now holds 100.'),
    ).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain('"Black":{"0":100}');
  });

  test("signing in keeps the account's saved line and adds the guest's other colour", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('merge-lines');
    const register = await request.post('/api/user/register', {
      data: { name: 'Merge Lines', email, password: PASSWORD },
    });
    const { token } = (await register.json()) as { token: string };
    await request.post('/api/cart/add', {
      headers: { token },
      data: {
        itemId: 'margalla-commuter-laptop-bagpack',
        selectedColor: 'Black',
        imageIndex: 0,
        quantity: 2,
      },
    });
    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    await page.getByRole('radio', { name: 'Grey' }).check();
    await page.getByLabel('Quantity', { exact: true }).fill('5');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /Log in or create an account/ }).click();
    const drawer = page.locator('dialog.drawer[open]');
    await drawer.getByLabel('Email').fill(email);
    await drawer.getByLabel('Password').fill(PASSWORD);
    await drawer.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'You are logged in!')).toBeVisible();
    // The welcome shows at once; the guest cart is merged on the server just after it.
    await expect
      .poll(() =>
        page.evaluate(async (t) => {
          const res = await fetch('/api/cart/get', { method: 'POST', headers: { token: t } });
          return ((await res.json()) as { cartData: unknown }).cartData;
        }, token),
      )
      .toEqual({
        'margalla-commuter-laptop-bagpack': { Black: { '0': 2 }, Grey: { '0': 5 } },
      });
  });

  test('every route answers in any letter case with a 301 to its canonical spelling', async ({
    request,
  }) => {
    for (const [typed, canonical] of [
      ['/collections', '/Collections'],
      ['/HANDBAGS', '/Handbags'],
      ['/bestsellers', '/BestSellers'],
      ['/Under999', '/under999'],
      ['/yourorders', '/yourOrders'],
      ['/Product/Margalla-Commuter-Laptop-Bagpack', MARGALLA],
    ] as const) {
      const res = await request.get(typed, { maxRedirects: 0 });
      expect(res.status(), typed).toBe(301);
      expect(res.headers().location, typed).toBe(canonical);
    }
    const missing = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
  });

  test("the product list's own failure message is what /favourites and search show", async ({
    page,
  }) => {
    const message = 'Our catalogue is being updated. Please come back in a minute.';
    await page.route('**/api/product/list', (route) =>
      route.fulfill({ json: { success: false, message } }),
    );
    await page.addInitScript(() =>
      localStorage.setItem(
        'favourites_guest',
        JSON.stringify(['margalla-commuter-laptop-bagpack']),
      ),
    );
    await page.goto('/favourites');
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog').getByText(message)).toBeVisible();
  });

  test('search suggests completions of the typed word, not the first results again', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('combobox', { name: 'Search products by name' });
    await search.fill('mar');
    const suggestions = page.locator('.suggestions button');
    await expect(suggestions.filter({ hasText: /^margalla$/ })).toBeVisible();
    await expect(suggestions.filter({ hasText: /^maroon$/ })).toBeVisible();
    const results = await page.locator('#search-results .name').allTextContents();
    for (const text of await suggestions.allTextContents()) expect(results).not.toContain(text);
    await suggestions.filter({ hasText: /^margalla$/ }).click();
    await expect(search).toHaveValue('margalla');
  });

  test('the newsletter box says to check the inbox, clears the field, and answers a second subscribe the same', async ({
    page,
  }) => {
    await page.goto('/');
    const field = page.getByLabel('E-mail address');
    const email = uniqueEmail('news');
    for (let i = 0; i < 2; i++) {
      await field.fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: 'Check your inbox to confirm your subscription.' }),
      ).toBeVisible();
      await expect(field).toHaveValue('');
    }
  });

  test('on the checkout, Payment follows Shipping Details and the Order Review stays in view while the form scrolls', async ({
    page,
  }) => {
    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/Checkout');
    const shipping = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Shipping Details' }) });
    const payment = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Payment', exact: true }) });
    const review = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Order Review' }) });
    await expect(review).toBeVisible();
    const s = (await shipping.boundingBox())!;
    const p = (await payment.boundingBox())!;
    expect(p.y - (s.y + s.height)).toBeLessThanOrEqual(32);
    // Scroll until the bottom of the Payment block meets the bottom of the window.
    await page.evaluate(() => {
      const payment = [...document.querySelectorAll('section')].find((s) =>
        s.querySelector('#payment'),
      )!;
      window.scrollBy(0, payment.getBoundingClientRect().bottom - window.innerHeight);
    });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
    const r = (await review.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(64);
    expect(r.y).toBeLessThan(900);
  });

  test('a toast raised as the login drawer opens sits above the dark overlay', async ({ page }) => {
    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/Checkout');
    await page.getByLabel('First Name').fill('Sana');
    await page.getByLabel('Last Name').fill('Tariq');
    await page.getByLabel('Email', { exact: true }).fill('sana.tariq@example.com');
    await page.getByLabel('Address 1').fill('12 Canal View Road');
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await page.getByLabel('State').selectOption('Punjab');
    await page.getByLabel('City').fill('Lahore');
    await page.getByLabel('Zip code').fill('54000');
    await page.getByLabel('Mobile number').fill('+92 300 1234567');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('dialog.drawer[open]')).toBeVisible();
    const strip = toast(page, 'Please login to place your order.');
    // The strip slides in from above the viewport: measure it once it has arrived.
    await expect.poll(async () => (await strip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    const toastBox = (await strip.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) =>
        document.elementsFromPoint(x!, y!).findIndex((e) => e.closest('.toasts')) <
        document.elementsFromPoint(x!, y!).findIndex((e) => e.matches('dialog.drawer')),
      [toastBox.x + toastBox.width - 60, toastBox.y + toastBox.height / 2],
    );
    expect(onTop).toBe(true);
  });

  test('the empty cart page shows its subtotal once', async ({ page }) => {
    await page.goto('/Cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Subtotal', { exact: true })).toHaveCount(1);
  });

  test('an empty listing shows only the empty message', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    // Forest Green is a bagpack colour only: no sleeve has it.
    await panel.getByLabel('Sleeves').check();
    await panel.getByLabel(/^Forest Green \(\d+\)$/).check();
    await expect(page.getByText('No products found.')).toBeVisible();
    await expect(page.getByTestId('listing-counter')).toHaveText('');
    await expect(page.getByText(/Viewing 0 of/)).toHaveCount(0);
  });
});

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

for (const { width, panel } of [
  { width: 820, panel: false },
  { width: 1024, panel: true },
  { width: 1366, panel: true },
  { width: 1366, panel: false },
]) {
  test(`8 cards fill whole rows at ${width} px${panel ? ' with the filter open' : ''}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    if (panel) await page.getByRole('button', { name: 'Show Filter' }).click();
    const rows = await rowSizes(page);
    expect(rows.reduce((a, b) => a + b, 0)).toBe(8);
    expect(new Set(rows).size, `rows of ${rows.join(', ')}`).toBe(1);
  });
}

test.describe('abroad while no exchange rate can be had, at 1366×900', () => {
  test.use({ viewport: DESKTOP });

  test('a shopper in the United States with no rate ever known sees PKR, is told why, and the checkout says orders abroad are paused', async ({
    page,
  }) => {
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
    await page.route('**/rates-snapshot.json', (route) =>
      route.fulfill({ json: { rates: {}, fetchedAt: 0 } }),
    );
    await page.goto('/Collections');
    await page.evaluate(() => location.assign('/selectCountry'));
    await page.waitForURL('**/selectCountry');
    await page.getByRole('button', { name: /United States/ }).click();
    await page.waitForURL('**/Collections');
    const price = page.locator('.card-price .now').first();
    await expect(price).toContainText('₨');
    await expect(price).not.toContainText('$');
    await expect(
      page.getByRole('status').filter({
        hasText: 'Prices are shown in PKR: the exchange rate for USD is not available right now.',
      }),
    ).toBeVisible();

    await page.goto(MARGALLA);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/Checkout');
    await page.getByLabel('Country', { exact: true }).selectOption('United States');
    await expect(
      page.getByText(
        'Orders to United States are paused: we cannot confirm prices in USD right now. Please try again later, or ship to Pakistan.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expect(page.locator('.review')).not.toContainText('$');
  });

  test('with only an old rate, prices show in dollars marked approximate, with the rate date', async ({
    page,
  }) => {
    const threeDaysAgo = Date.UTC(2026, 10, 20, 12);
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
    await page.addInitScript((at) => {
      if (localStorage.getItem('currencyRates')) return;
      localStorage.setItem(
        'currencyRates',
        JSON.stringify({ rates: { PKR: 1, USD: 0.0036 }, fetchedAt: at }),
      );
    }, threeDaysAgo);
    await page.goto('/Collections');
    await page.evaluate(() => location.assign('/selectCountry'));
    await page.waitForURL('**/selectCountry');
    await page.getByRole('button', { name: /United States/ }).click();
    await page.waitForURL('**/Collections');
    await expect(page.locator('.card-price .now').first()).toContainText('$');
    await expect(
      page.getByRole('status').filter({
        hasText: 'Prices in USD are approximate: converted at the exchange rate of 20 Nov 2026.',
      }),
    ).toBeVisible();
  });
});
