// No tap is ever lost (issue 14): every control the static HTML shows works when a shopper uses it
// as soon as the page shows — at DOMContentLoaded, before its island has hydrated — on Lighthouse's
// mobile profile (4× CPU, 150 ms RTT, 1.6 Mbps). Each test proves the tap came before hydration,
// then asserts its effect, once.
import type { CDPSession } from '@playwright/test';
import { PHONE, throttleLikeMobile } from '../fixtures/mobile-profile.ts';
import { expect, test, type Locator, type Page } from './support/test.ts';

const PRODUCT = '/product/margalla-commuter-laptop-bagpack';
const PRODUCT_ID = 'margalla-commuter-laptop-bagpack';

test.use(PHONE);

let cdp: CDPSession;

test.beforeEach(async ({ page }) => {
  cdp = await throttleLikeMobile(page);
  // Whether the island a control belongs to had hydrated when the shopper used it.
  await page.addInitScript(() => {
    const w = window as unknown as { __early: { type: string; beforeHydration: boolean }[] };
    w.__early = [];
    for (const type of ['pointerdown', 'click', 'change'])
      addEventListener(
        type,
        (e) => {
          const island = (e.target as Element | null)?.closest?.('astro-island');
          if (island) w.__early.push({ type, beforeHydration: island.hasAttribute('ssr') });
        },
        true,
      );
  });
});

/** Opens a page and stops at DOMContentLoaded, as a shopper who taps the moment it shows. */
async function openEarly(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
}

/** The first use of a control reached it before its island hydrated. */
async function expectUsedBeforeHydration(page: Page) {
  const early = await page.evaluate(
    () => (window as unknown as { __early: { beforeHydration: boolean }[] }).__early,
  );
  expect(early.length, 'the control was used').toBeGreaterThan(0);
  expect(early[0]!.beforeHydration, 'the first use came before hydration').toBe(true);
  await fullSpeed();
}

/**
 * Lifts the throttling once the early tap is in: the race under test is decided, and the rest
 * (loading React, the effect) need not take a phone's time — the whole file stays quick for CI.
 */
async function fullSpeed() {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** Waits for an island to hydrate (Astro drops `ssr` then). */
async function hydrated(page: Page, component: string) {
  await page
    .locator(`astro-island[component-url*="${component}"]:not([ssr])`)
    .first()
    .waitFor({ state: 'attached' });
}

/** Taps a control and checks it shows feedback (pressed/busy) in the same frame, before React. */
async function tapWithFeedback(control: Locator) {
  await control.tap();
  await expect(control).toHaveAttribute('data-pending', '', { timeout: 100 });
}

const storage = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

test.describe('product page, tapped before hydration', () => {
  test('Add To Cart opens the Just Added to Cart panel with one line of quantity 1', async ({
    page,
  }) => {
    // Tapped in the page itself at the DOMContentLoaded event: no later than a shopper could.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const button = document.querySelector<HTMLElement>('.add-to-cart')!;
        button.click();
        (window as unknown as { __pendingShown: boolean }).__pendingShown =
          button.hasAttribute('data-pending');
      }),
    );
    await openEarly(page, PRODUCT);
    await expectUsedBeforeHydration(page);
    expect(
      await page.evaluate(() => (window as unknown as { __pendingShown: boolean }).__pendingShown),
    ).toBe(true);
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await expect(panel).toBeVisible();
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(panel.locator('.cart-line output')).toHaveText('1');
    expect(await storage(page, 'cartItems_guest')).toEqual({ [PRODUCT_ID]: { Black: { 0: 1 } } });
  });

  test('a colour swatch changes the gallery image', async ({ page }) => {
    await openEarly(page, PRODUCT);
    await tapWithFeedback(page.locator('.colour-option[title="Navy"]'));
    await expectUsedBeforeHydration(page);
    await expect(page.locator('.gallery-main img')).toHaveAttribute('src', /-navy-1\.svg$/);
    await expect(page.getByRole('radio', { name: 'Navy' })).toBeChecked();
  });

  test('the quantity stepper adds one', async ({ page }) => {
    await openEarly(page, PRODUCT);
    await tapWithFeedback(page.getByRole('button', { name: 'Increase quantity' }));
    await expectUsedBeforeHydration(page);
    await hydrated(page, 'BuyBox');
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  });

  test('the favourite toggle saves the product once', async ({ page }) => {
    await openEarly(page, PRODUCT);
    const fav = page.locator('.buy-box .fav');
    await tapWithFeedback(fav);
    await expectUsedBeforeHydration(page);
    await expect(fav).toHaveAttribute('aria-pressed', 'true');
    expect(await storage(page, 'favourites_guest')).toEqual([PRODUCT_ID]);
  });
});

test.describe('listing page, used before hydration', () => {
  test('Show Filter opens the filters, and a filter changes the counter', async ({ page }) => {
    await openEarly(page, '/Collections');
    const toggle = page.getByRole('button', { name: 'Show Filter' });
    await tapWithFeedback(toggle);
    await expectUsedBeforeHydration(page);
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
    await openEarly(page, '/Collections');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price Low to High');
    await expectUsedBeforeHydration(page);
    await hydrated(page, 'ProductListing');
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
    await openEarly(page, '/Collections');
    const counter = page.getByTestId('listing-counter');
    await expect(counter).toHaveText(/^Viewing 8 of \d+ products$/);
    await tapWithFeedback(page.getByRole('button', { name: 'Load More' }));
    await expectUsedBeforeHydration(page);
    await expect(counter).toHaveText(/^Viewing 16 of \d+ products$/);
    await expect(page.locator('.listing-results .card')).toHaveCount(16);
  });
});

test.describe('header and footer, used before hydration', () => {
  for (const [name, dialog] of [
    ['Search', 'Search products'],
    ['Log in or create an account', 'Log in'],
    ['Your Favourite Bags', 'Your Favourite Bags'],
  ] as const) {
    test(`the ${name} icon opens ${dialog}`, async ({ page }) => {
      await openEarly(page, '/Collections');
      await tapWithFeedback(page.getByRole('button', { name, exact: true }));
      await expectUsedBeforeHydration(page);
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    });
  }

  test('the cart icon is a link to the cart, which needs no script', async ({ page }) => {
    await openEarly(page, '/Collections');
    await expect(page.locator('astro-island[component-url*="HeaderTools"][ssr]')).toHaveCount(1);
    await page.getByRole('link', { name: /^Cart, items:/ }).tap();
    await expect(page).toHaveURL(/\/Cart$/);
  });

  test('the country select and Update choose the country', async ({ page }) => {
    await openEarly(page, '/Collections');
    await page.getByLabel('Country / currency').selectOption('Pakistan');
    await expectUsedBeforeHydration(page);
    await page.getByRole('button', { name: 'Update' }).tap();
    await page.waitForURL(/\/Collections$/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('selectedCountry')).catch(() => null))
      .toBe('Pakistan');
  });
});

test.describe('home slideshow before hydration', () => {
  test('a dot shows its slide, and React keeps it when it takes over', async ({ page }) => {
    await openEarly(page, '/');
    const dot = page.getByRole('button', { name: /^Slide 3:/ });
    await tapWithFeedback(dot);
    await expectUsedBeforeHydration(page);
    await expect(page.locator('.slide.active')).toHaveClass(/slide-3/);
    await hydrated(page, 'Slideshow');
    await expect(dot).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.slide.active')).toHaveCount(1);
    await expect(page.locator('.slide.active')).toHaveClass(/slide-3/);
  });

  test('it advances every 5 s with no React loaded, and a swipe moves it', async ({ page }) => {
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

test.describe('checkout, server-rendered', () => {
  test('the form is in the static HTML, restores the saved cart and country without a hydration error, and keeps what was typed before hydration', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/Checkout')).text();
    expect(html).toContain('Shipping Details');
    expect(html).toContain('id="checkout-firstName"');
    await page.addInitScript(() => {
      localStorage.setItem(
        'cartItems_guest',
        JSON.stringify({ 'margalla-commuter-laptop-bagpack': { Black: { '0': 2 } } }),
      );
      localStorage.setItem('selectedCountry', 'Pakistan');
    });
    // React arrives late (a slow phone on a bad network), so the shopper types first.
    await page.route('**/_astro/client.*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await openEarly(page, '/Checkout');
    await expect(page.locator('astro-island[component-url*="Checkout"][ssr]')).toHaveCount(1);
    await page.getByLabel('First Name').fill('Sana');
    await fullSpeed();
    await hydrated(page, 'Checkout');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
    await expect(page.locator('.review-items li')).toHaveCount(1);
    await expect(page.locator('.review-items li')).toContainText('× 2');
    await page.getByLabel('Last Name').fill('Khan');
    await expect(page.getByLabel('First Name')).toHaveValue('Sana');
  });
});
