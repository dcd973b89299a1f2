// Performance: no tap is ever lost on a slow phone — every control the static HTML shows works when
// used as soon as the page shows, at DOMContentLoaded, before its island has hydrated. (The pages'
// JavaScript and image budgets: page-weight.spec.ts.)
import { expect, test, type Page } from './support/test.ts';
import { untilHydrated } from './support/islands.ts';
import { MARGALLA } from './support/catalogue.ts';
import { demoImage } from './support/demo-images.ts';
import {
  expectUsedBeforeHydration,
  openEarly,
  slowPhone,
  SLOW_PHONE,
  tapWithFeedback,
} from './support/slow-phone.ts';

test.describe('taps before hydration on a slow phone', () => {
  // Lighthouse's mobile profile (4× CPU, 150 ms RTT, 1.6 Mbps). Each journey proves its tap came
  // before hydration, waits for the island to hydrate (the held tap is replayed then), and asserts
  // the tap's effect, once.
  test.use(SLOW_PHONE);

  const storage = (page: Page, key: string) =>
    page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

  test.describe('on the product page', () => {
    test('Add To Cart stores the line and opens the Just Added to Cart panel at once; the header panel then shows one line of quantity 1', async ({
      page,
    }) => {
      const phone = await slowPhone(page);
      // Tapped in the page itself at the DOMContentLoaded event: no later than a shopper could.
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          document.querySelector<HTMLElement>('.add-to-cart')!.click();
          (window as unknown as { __atTap: unknown }).__atTap = {
            stored: localStorage.getItem('cartItems_guest'),
            panel: document.querySelector<HTMLDialogElement>('#shell-added')?.open,
          };
        }),
      );
      await openEarly(page, MARGALLA.path);
      await expectUsedBeforeHydration(page, phone);
      expect(
        await page.evaluate(() => (window as unknown as { __atTap: unknown }).__atTap),
      ).toEqual({ stored: JSON.stringify({ [MARGALLA.id]: { Black: { 0: 1 } } }), panel: true });
      // The islands wake; the header's panel takes the line over, and nothing adds it again.
      await untilHydrated(page, 'BuyBox');
      await untilHydrated(page, 'HeaderTools');
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel).toBeVisible();
      await expect(page.locator('#shell-added')).toHaveCount(0);
      await expect(panel.locator('.cart-line')).toHaveCount(1);
      await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('1');
      expect(await storage(page, 'cartItems_guest')).toEqual({
        [MARGALLA.id]: { Black: { 0: 1 } },
      });
    });

    test('a colour swatch changes the gallery image', async ({ page }) => {
      // The buy box's script waits until the tap is made and read: under load it once hydrated
      // between the tap and the check that the tap's answer came before it.
      const phone = await slowPhone(page, { holdIsland: 'BuyBox' });
      await openEarly(page, MARGALLA.path);
      await tapWithFeedback(page.locator('.colour-option[title="Navy"]'));
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'BuyBox');
      await untilHydrated(page, 'ProductGallery');
      await expect(page.locator('.gallery-main img')).toHaveAttribute(
        'src',
        demoImage(MARGALLA.id, 'Navy', 1),
      );
      await expect(page.getByRole('radio', { name: 'Navy' })).toBeChecked();
    });

    test('the quantity stepper adds one', async ({ page }) => {
      // The buy box's script waits until the tap is made and read: under load it once hydrated
      // between the tap and the check that the tap's answer came before it.
      const phone = await slowPhone(page, { holdIsland: 'BuyBox' });
      await openEarly(page, MARGALLA.path);
      await tapWithFeedback(page.getByRole('button', { name: 'Increase quantity' }));
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'BuyBox');
      await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    });

    test('the favourite toggle saves the product once', async ({ page }) => {
      // The buy box's script waits until the tap is made and read: under load it once hydrated
      // between the tap and the check that the tap's answer came before it.
      const phone = await slowPhone(page, { holdIsland: 'BuyBox' });
      await openEarly(page, MARGALLA.path);
      const fav = page.locator('.buy-box .fav');
      await expect(fav).toHaveAttribute('aria-pressed', 'false');
      await tapWithFeedback(fav);
      // Its answer, the heart filled, in the frame of the tap: before the buy box has hydrated.
      await expect(fav).toHaveAttribute('aria-pressed', 'true', { timeout: 100 });
      expect(await fav.locator('path').evaluate((path) => getComputedStyle(path).fill)).not.toBe(
        'none',
      );
      await expect(page.locator('astro-island[component-url*="BuyBox"][ssr]')).toHaveCount(1);
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'BuyBox');
      await expect(fav).toHaveAttribute('aria-pressed', 'true');
      expect(await storage(page, 'favourites_guest')).toEqual([MARGALLA.id]);
    });
  });

  test.describe('on a listing page', () => {
    test('Show Filter opens the filters, and a filter changes the counter', async ({ page }) => {
      const phone = await slowPhone(page);
      await openEarly(page, '/Collections');
      const toggle = page.getByRole('button', { name: 'Show Filter' });
      await tapWithFeedback(toggle);
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'ProductListing');
      await expect(page.getByRole('button', { name: 'Hide Filter' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const counter = page.getByTestId('listing-counter');
      const before = await counter.textContent();
      await page.locator('#filter-panel input[type="checkbox"]').first().check();
      await expect(counter).not.toHaveText(before ?? '');
    });

    test('sort reorders the products', async ({ page }) => {
      const phone = await slowPhone(page);
      await openEarly(page, '/Collections');
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price Low to High');
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'ProductListing');
      const prices = async () =>
        page
          .locator('.card [data-pkr]:not(s)')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-pkr'))));
      await expect
        .poll(async () => {
          const list = await prices();
          return list.every((p, i) => i === 0 || list[i - 1]! <= p);
        })
        .toBe(true);
    });

    test('Load More shows one more page of products', async ({ page }) => {
      const phone = await slowPhone(page);
      await openEarly(page, '/Collections');
      const counter = page.getByTestId('listing-counter');
      await expect(counter).toHaveText(/^Viewing 8 of \d+ products$/);
      await tapWithFeedback(page.getByRole('button', { name: 'Load More' }));
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'ProductListing');
      await expect(counter).toHaveText(/^Viewing 16 of \d+ products$/);
      await expect(page.locator('.listing-results .card')).toHaveCount(16);
    });
  });

  test.describe('in the header and footer', () => {
    for (const [name, dialog] of [
      ['Search', 'Search products'],
      ['Log in or create an account', 'Log in'],
      ['Your Favourite Bags', 'Your Favourite Bags'],
    ] as const) {
      test(`the ${name} icon opens ${dialog}`, async ({ page }) => {
        const phone = await slowPhone(page);
        await openEarly(page, '/Collections');
        await tapWithFeedback(page.getByRole('button', { name, exact: true }));
        await expectUsedBeforeHydration(page, phone);
        await untilHydrated(page, 'HeaderTools');
        await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      });
    }

    test('the cart icon is a link to the cart, which needs no script', async ({ page }) => {
      await slowPhone(page);
      await openEarly(page, '/Collections');
      await expect(page.locator('astro-island[component-url*="HeaderTools"][ssr]')).toHaveCount(1);
      await page.getByRole('link', { name: /^Cart, items:/ }).tap();
      await expect(page).toHaveURL(/\/Cart$/);
    });

    test('the country select chooses the country even before its island has hydrated', async ({
      page,
    }) => {
      const phone = await slowPhone(page);
      await openEarly(page, '/Collections');
      await page.getByLabel('Country / currency').selectOption('Pakistan');
      await expectUsedBeforeHydration(page, phone);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('selectedCountry')).catch(() => null))
        .toBe('Pakistan');
    });
  });

  test.describe('on the home slideshow', () => {
    test('a dot shows its slide, and React keeps it when it takes over', async ({ page }) => {
      const phone = await slowPhone(page);
      await openEarly(page, '/');
      const dot = page.getByRole('button', { name: /^Slide 3:/ });
      await tapWithFeedback(dot);
      await expectUsedBeforeHydration(page, phone);
      await expect(page.locator('.slide.active')).toHaveClass(/slide-3/);
      await untilHydrated(page, 'Slideshow');
      await expect(dot).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('.slide.active')).toHaveCount(1);
      await expect(page.locator('.slide.active')).toHaveClass(/slide-3/);
    });

    test('it advances every 5 s with no React loaded, and a swipe moves it', async ({ page }) => {
      await slowPhone(page);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.clock.install();
      await page.goto('/', { waitUntil: 'load' });
      await expect(page.locator('.slide.active')).toHaveClass(/slide-1/);
      await page.clock.runFor(5000);
      await expect(page.locator('.slide.active')).toHaveClass(/slide-2/);
      expect(scripts.filter((s) => /client\.|Slideshow/.test(s))).toEqual([]);
      const box = (await page.getByTestId('slides').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect(page.locator('.slide.active')).toHaveClass(/slide-3/);
    });
  });
});
