// Instant first taps and the guest cart through registration, on the Pixel 7 profile
// at 4× CPU: a first tap made the moment the page shows opens its sheet (a server-rendered shell
// with a pending line) in the first frame after the tap, before React; the island's own sheet then
// takes its place. The time to that frame is recorded on each journey (a 'first tap' annotation);
// its 200 ms budget is asserted by `npm run bench -- --only=instant` on a quiet machine, not here,
// where three journeys share two cores with the shop and a wall-clock budget would fail sound code. And a guest's cart
// reaches the account however fast the shopper moves on after registering.
import { budget, expect, test, type Locator, type Page } from './support/test.ts';
import { afterFrames, untilHydrated } from './support/islands.ts';
import { LYARI, MARGALLA } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import {
  expectUsedBeforeHydration,
  openEarly,
  slowPhone,
  SLOW_PHONE,
} from './support/slow-phone.ts';
import { serverCart, serverCartOf, signUp, uniqueEmail, type Shopper } from './support/shopper.ts';
import {
  addToCart,
  cartOf,
  drawer,
  fillShipping,
  registerInDrawer,
  signInBeforeLoad,
  storeBeforeLoad,
} from './support/ui.ts';
import { GWADAR } from './support/catalogue.ts';

// No trace, not even on a retry (playwright.config.ts): its screenshots would take the CPU whose
// time these journeys measure.
test.use({ trace: 'off' });

/**
 * Records, in the page, how the first tap's activation (its click, which the browser sends once the
 * finger lifts) is answered: the frames painted until `selector` shows, and the time to that frame.
 * From the click, not the pointerdown: the gap between the two is the test driver's, not the page's.
 */
async function timeFirstTap(page: Page, selector: string) {
  await page.addInitScript((shown) => {
    const w = window as unknown as { __tapShown: { ms: number; frames: number } | null };
    w.__tapShown = null;
    addEventListener(
      'click',
      (event) => {
        let frames = 0;
        const frame = () => {
          frames++;
          const el = document.querySelector<HTMLElement>(shown);
          if (el?.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
            w.__tapShown = { ms: performance.now() - event.timeStamp, frames };
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      },
      { once: true, capture: true },
    );
  }, selector);
}

/**
 * Records, in the page, every frame from the first tap's until the island's own sheet (a modal
 * dialog that is not a shell) is open, and counts those painted with no modal dialog at all: a
 * frame in which the shell had gone and the sheet had not yet come, where an Escape or a tap would
 * reach the page behind.
 */
async function watchHandOver(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __handOver: { frames: number; bare: number } | null };
    w.__handOver = null;
    addEventListener(
      'click',
      () => {
        const seen = { frames: 0, bare: 0 };
        const frame = () => {
          seen.frames++;
          if (document.querySelector('dialog:modal:not([data-shell])')) w.__handOver = seen;
          else {
            if (!document.querySelector('dialog:modal')) seen.bare++;
            requestAnimationFrame(frame);
          }
        };
        requestAnimationFrame(frame);
      },
      { once: true, capture: true },
    );
  });
}

/** The count a filter choice (its box) or the results button shows in its words: "Navy (7)" is 7. */
async function countOf(control: Locator): Promise<number> {
  const words = await control.evaluate((el) =>
    el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '') : (el.textContent ?? ''),
  );
  const count = /\((\d+)\)\s*$/.exec(words)?.[1];
  if (count === undefined) throw new Error(`no count in "${words}"`);
  return Number(count);
}

/**
 * On a slow phone, opens /Collections and taps Show Filter the moment the page shows: the filter
 * sheet's first-tap copy opens, and the listing's island is still to come.
 */
async function filterSheetEarly(page: Page) {
  const phone = await slowPhone(page, { holdIsland: 'ProductListing' });
  await openEarly(page, '/Collections');
  await shown(page);
  await page.getByRole('button', { name: 'Show Filter', exact: true }).tap();
  return { phone, shell: page.locator('#shell-filter') };
}

/** Waits for the page's first contentful paint: a shopper taps what the page shows. */
const shown = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);

/** The answer timeFirstTap recorded, once there is one. */
async function tapShown(page: Page): Promise<{ ms: number; frames: number }> {
  const answer = await page.waitForFunction(
    () => (window as unknown as { __tapShown: { ms: number; frames: number } | null }).__tapShown,
  );
  return (await answer.jsonValue())!;
}

test.describe('first taps on a slow phone', () => {
  test.use(SLOW_PHONE);

  for (const first of [
    {
      control: 'Add To Cart',
      path: MARGALLA.path,
      shell: 'added',
      sheet: 'Just Added to Cart',
      island: 'HeaderTools',
    },
    {
      control: 'Show Filter',
      path: '/Collections',
      shell: 'filter',
      sheet: 'Filters',
      island: 'ProductListing',
    },
    {
      control: 'Search',
      path: '/',
      shell: 'search',
      sheet: 'Search products',
      island: 'HeaderTools',
    },
    {
      control: 'Log in or create an account',
      path: '/',
      shell: 'account',
      sheet: 'Log in',
      island: 'HeaderTools',
    },
  ] as const) {
    test(`${first.control} opens its sheet in the first frame after the tap, before hydration, and the island's own sheet replaces it`, async ({
      page,
    }) => {
      // The island's script waits until the shell has been read and scanned: an island that came
      // during the axe scan replaced the shell under it, and axe read the colours of a Checkout
      // button no longer on the page (once, on a busy machine).
      const phone = await slowPhone(page, { holdIsland: first.island });
      const shell = page.locator(`#shell-${first.shell}`);
      await timeFirstTap(page, `#shell-${first.shell}[open]`);
      await watchHandOver(page);
      await openEarly(page, first.path);
      await shown(page);
      await page.getByRole('button', { name: first.control, exact: true }).tap();
      const answer = await tapShown(page);
      // In the first frame after the tap: the shell opens in the tap's own task, so nothing the
      // page does later can delay it by a frame. How long that frame took is the bench's figure.
      expect(answer.frames).toBe(1);
      test.info().annotations.push({
        type: 'first tap',
        description: `${first.control}: ${Math.round(answer.ms)} ms to the frame`,
      });
      // The shell came before React: the island had not hydrated when it showed.
      await expect(page.locator(`astro-island[component-url*="${first.island}"][ssr]`)).toHaveCount(
        1,
      );
      if (first.shell === 'filter') {
        // The filter sheet is the panel itself, with its counts, at once: nothing is pending.
        await expect(shell).not.toHaveAttribute('aria-busy');
        await expect(shell.getByLabel(/^In stock only \(\d+\)$/)).toBeVisible();
        await expect(shell.getByLabel(/^Navy \(\d+\)$/)).toBeVisible();
        await expect(shell).not.toContainText('Opening');
      } else if (first.shell === 'search') {
        // The search sheet with its chips and six Trending Products, and the field to type in.
        await expect(shell).not.toHaveAttribute('aria-busy');
        await expect(
          shell.getByRole('navigation', { name: 'Categories' }).getByRole('link'),
        ).toHaveCount(5);
        await expect(
          shell.getByRole('list', { name: 'Trending Products' }).getByRole('link'),
        ).toHaveCount(6);
        await expect(shell.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
        await expect(shell).not.toContainText('Opening');
      } else if (first.shell === 'added') {
        // A guest's line is in the cart before the panel says so, and the panel shows it at once:
        // read as one snapshot, since the island's panel may take the shell over at any moment.
        const seen = await page.evaluate(() => {
          const dialog = document.querySelector<HTMLDialogElement>('#shell-added');
          const lines = [...(dialog?.querySelectorAll<HTMLElement>('.cart-line') ?? [])].filter(
            (li) => li.checkVisibility(),
          );
          return {
            open: dialog?.open,
            busy: dialog?.getAttribute('aria-busy'),
            title: dialog?.querySelector('h2')?.textContent,
            lines: lines.map((li) => ({
              name: li.querySelector('a')?.textContent,
              colour: li.querySelector('.muted')?.textContent,
              quantity: li.querySelector('[data-quantity]')?.textContent,
            })),
            viewCart: dialog?.querySelector('a[href="/Cart"]')?.textContent?.replace(/\s+/g, ' '),
            stored: localStorage.getItem('cartItems_guest'),
          };
        });
        expect(seen).toEqual({
          open: true,
          busy: null,
          title: 'Just Added to Cart',
          lines: [{ name: MARGALLA.name, colour: 'Black', quantity: '1' }],
          viewCart: 'View My Cart (1)',
          stored: JSON.stringify({ [MARGALLA.id]: { Black: { 0: 1 } } }),
        });
      } else await expect(shell).toHaveAttribute('aria-busy', 'true');
      await expectNoAxeViolations(page);
      await phone.fullSpeed();
      await untilHydrated(page, first.island);
      await expect(shell).toHaveCount(0);
      if (first.shell === 'filter')
        await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
      else await expect(page.getByRole('dialog', { name: first.sheet })).toBeVisible();
      await expect(page.getByRole('dialog', { name: first.sheet })).toHaveCount(
        first.shell === 'filter' ? 0 : 1,
      );
      if (first.shell !== 'filter') {
        // The shell gave way to the island's sheet with no frame between them: Preact runs plain
        // effects after the next frame, so a sheet opened in one left such a frame (and an Escape
        // pressed in it was lost, then the sheet opened anyway).
        const handOver = await page.waitForFunction(
          () => (window as unknown as { __handOver: unknown }).__handOver,
        );
        expect(await handOver.jsonValue()).toMatchObject({ bare: 0 });
      }
      if (first.shell === 'added') {
        // The island's panel took the line over; it was added once, not again when React came.
        const panel = page.getByRole('dialog', { name: first.sheet });
        await expect(panel.locator('.cart-line')).toHaveCount(1);
        await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('1');
        expect(
          JSON.parse(
            (await page.evaluate(() => localStorage.getItem('cartItems_guest'))) ?? 'null',
          ),
        ).toEqual({ [MARGALLA.id]: { Black: { 0: 1 } } });
      }
    });
  }

  test('a colour ticked in the filter sheet before React comes is the listing’s filter when it comes', async ({
    page,
  }) => {
    const { phone, shell } = await filterSheetEarly(page);
    await shell.getByLabel(/^Navy \(\d+\)$/).tap();
    await expect(shell.getByLabel(/^Navy \(\d+\)$/)).toBeChecked();
    await phone.fullSpeed();
    await untilHydrated(page, 'ProductListing');
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await expect(panel.getByLabel(/^Navy \(\d+\)$/)).toBeChecked();
    await panel.getByRole('button', { name: /^Show \d+ products?$/ }).tap();
    const cards = page.locator('.listing-results .card');
    await expect(cards.first()).toBeVisible();
    // Every card shown is one that comes in Navy: its link opens it in Navy.
    for (const href of await cards
      .locator('.card-name a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/\?colour=Navy$/);
  });

  test('the filter sheet’s counts follow a tick made before React comes, as the island’s panel then counts them', async ({
    page,
  }) => {
    const { phone, shell } = await filterSheetEarly(page);
    const navy = shell.getByLabel(/^Navy \(\d+\)$/);
    const inNavy = await countOf(navy);
    const inStockBefore = await countOf(shell.getByLabel(/^In stock only \(\d+\)$/));
    await navy.tap();
    // Navy's products are what the filters keep, said while the listing's island has not come (one
    // snapshot of both); the other counts follow it.
    const counted = await page.waitForFunction(() => {
      const words = document.querySelector('#shell-filter .filter-results')?.textContent ?? '';
      return /\d/.test(words)
        ? {
            words,
            beforeReact:
              document.querySelector('astro-island[component-url*="ProductListing"][ssr]') !== null,
          }
        : null;
    });
    expect(await counted.jsonValue()).toEqual({
      words: `Show ${inNavy} products`,
      beforeReact: true,
    });
    const inStockNavy = await countOf(shell.getByLabel(/^In stock only \(\d+\)$/));
    expect(inStockNavy).toBeLessThanOrEqual(inNavy);
    expect(inStockNavy).toBeLessThan(inStockBefore);
    await phone.fullSpeed();
    await untilHydrated(page, 'ProductListing');
    // The island's own panel counts the same.
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await expect(panel.getByLabel(`Navy (${inNavy})`)).toBeChecked();
    await expect(panel.getByLabel(`In stock only (${inStockNavy})`)).toBeVisible();
    await expect(panel.getByRole('button', { name: `Show ${inNavy} products` })).toBeVisible();
  });

  test('a filter sheet closed with "Show products" before React comes leaves its ticks for the listing', async ({
    page,
  }) => {
    const { phone, shell } = await filterSheetEarly(page);
    await expect(shell.getByRole('button', { name: 'Show products' })).toBeVisible();
    const inStock = shell.getByLabel(/^In stock only \(\d+\)$/);
    const kept = await countOf(inStock);
    await inStock.tap();
    // The button counts once a tick is made, as the island's does.
    await shell.getByRole('button', { name: `Show ${kept} products` }).tap();
    await expect(shell).toBeHidden();
    await phone.fullSpeed();
    await untilHydrated(page, 'ProductListing');
    await expect(page.getByRole('button', { name: /^Remove filter: In stock/ })).toBeVisible();
  });

  test('words typed into the search sheet before React comes are the search it shows when it comes', async ({
    page,
  }) => {
    const phone = await slowPhone(page);
    await openEarly(page, '/');
    await shown(page);
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    const field = page.locator('#shell-search').getByRole('searchbox');
    await expect(field).toBeFocused();
    await page.keyboard.type('margalla');
    await phone.fullSpeed();
    await untilHydrated(page, 'HeaderTools');
    const sheet = page.getByRole('dialog', { name: 'Search products' });
    await expect(sheet.getByRole('combobox')).toHaveValue('margalla');
    await expect(sheet.getByRole('option', { name: new RegExp(MARGALLA.name) })).toBeVisible();
  });

  test("closing the shell before the island comes withdraws the tap: nothing opens after hydration, and the control's pending mark goes", async ({
    page,
  }) => {
    const phone = await slowPhone(page);
    await openEarly(page, '/');
    const icon = page.getByRole('button', { name: 'Search', exact: true });
    await icon.tap();
    const shell = page.getByRole('dialog', { name: 'Search products' });
    await expect(shell).toBeVisible();
    await shell.getByRole('button', { name: 'Close' }).tap();
    await expect(shell).toBeHidden();
    await expect(icon).not.toHaveAttribute('data-pending');
    await phone.fullSpeed();
    await page.getByRole('link', { name: /^Cart, items:/ }).hover();
    await untilHydrated(page, 'HeaderTools');
    // Held taps replay the frame after hydration, and a sheet they open shows the frame after that.
    await afterFrames(page, 4);
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  });
});

test.describe('Add To Cart says only what is true, on a slow phone', () => {
  test.use(SLOW_PHONE);

  test('a guest who goes straight to /Cart the moment the panel says "Just Added to Cart" finds the line there', async ({
    page,
  }) => {
    await slowPhone(page);
    await timeFirstTap(page, '#shell-added[open]');
    await openEarly(page, MARGALLA.path);
    await shown(page);
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).tap();
    await tapShown(page);
    // Read in the frame the panel showed in: the line was stored before it said so.
    const stored = await page.evaluate(() => localStorage.getItem('cartItems_guest'));
    await expect(page.getByRole('dialog', { name: 'Just Added to Cart' })).toBeVisible();
    await page.goto('/Cart');
    expect(JSON.parse(stored ?? 'null')).toEqual({ [MARGALLA.id]: { Black: { 0: 1 } } });
    await expect(page.locator('.cart-page .cart-line')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.cart-page .cart-line')).toContainText(MARGALLA.name);
  });

  test('a signed-in shopper sees "Adding…" until the server has the line, and finds it in /Cart at once after', async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'adding' });
    await signInBeforeLoad(page, shopper);
    await slowPhone(page);
    await openEarly(page, MARGALLA.path);
    await shown(page);
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).tap();
    // Before the buy box wakes and the server answers, the sheet names no addition.
    const adding = page.getByRole('dialog', { name: 'Adding to Cart' });
    await expect(adding).toBeVisible();
    await expect(adding).toContainText('Adding…');
    await expect(adding).not.toContainText('Just Added');
    await expect(page.locator('#shell-added')).not.toHaveAttribute('open');
    // React arrives over the phone's network at 4× CPU: seconds on this machine.
    await page.getByRole('dialog', { name: 'Just Added to Cart' }).waitFor({ timeout: 30_000 });
    expect(await serverCartOf(request, shopper.token)).toEqual({
      [MARGALLA.id]: { Black: { 0: 1 } },
    });
    await page.goto('/Cart');
    await expect(page.locator('.cart-page .cart-line')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.cart-page .cart-line')).toContainText(MARGALLA.name);
  });

  test('with the header already awake, a first Add To Cart stores the line once and the header panel shows it, its cart read again', async ({
    page,
  }) => {
    const phone = await slowPhone(page);
    await openEarly(page, MARGALLA.path);
    await shown(page);
    await page.getByRole('link', { name: /^Cart, items:/ }).hover();
    await untilHydrated(page, 'HeaderTools');
    await expect(page.locator('astro-island[component-url*="BuyBox"][ssr]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).tap();
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await phone.fullSpeed();
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(page.locator('#shell-added')).toHaveCount(0);
    // The loaded store holds the line: a change made in the panel keeps it.
    await panel.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('2');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toBe(JSON.stringify({ [MARGALLA.id]: { Black: { 0: 2 } } }));
  });

  test('a colour tapped before the buy box wakes is the colour added: that tap waits for the buy box, behind "Adding…"', async ({
    page,
  }) => {
    const phone = await slowPhone(page);
    await openEarly(page, MARGALLA.path);
    await shown(page);
    const buyBox = page.locator('.buy-box');
    await buyBox.locator('label[title="Navy"]').tap();
    await buyBox.getByRole('button', { name: 'Add To Cart', exact: true }).tap();
    await expect(page.locator('#shell-added')).not.toHaveAttribute('open');
    await phone.fullSpeed();
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(panel.locator('.cart-line-info > .muted')).toHaveText('Navy');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems_guest'))) ?? 'null'),
    ).toEqual({ [MARGALLA.id]: { Navy: { 0: 1 } } });
  });
});

test.describe('keystrokes before the buy box wakes, on a slow phone', () => {
  test.use(SLOW_PHONE);

  test('"50" typed into the quantity box the moment the page shows is what the box holds when React comes, and 50 reach the cart', async ({
    page,
  }) => {
    const phone = await slowPhone(page);
    await openEarly(page, MARGALLA.path);
    await shown(page);
    const box = page.getByRole('spinbutton', { name: 'Quantity' });
    // As a shopper replaces the 1: tap the box, select its text, then type two keys.
    await box.tap();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('50');
    await expectUsedBeforeHydration(page, phone);
    await untilHydrated(page, 'BuyBox');
    await expect(box).toHaveValue('50');
    await page.getByRole('button', { name: 'Add To Cart', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('50');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems_guest'))) ?? 'null'),
    ).toEqual({ [MARGALLA.id]: { Black: { 0: 50 } } });
  });
});

test.describe('what you set is what you buy, on a slow phone', () => {
  test.use(SLOW_PHONE);

  /** The cart: the guest's in the browser, a signed-in shopper's on the server. */
  const cartNow = (page: Page, shopper: Shopper | null) =>
    shopper
      ? serverCart(page)
      : page.evaluate(() => JSON.parse(localStorage.getItem('cartItems_guest') ?? 'null'));

  for (const way of [
    {
      how: 'typed and left with Tab',
      who: 'a guest',
      enter: (page: Page) => page.keyboard.type('50'),
    },
    {
      how: 'pasted (as a phone keyboard or a paste puts it in) and left with Tab',
      who: 'a signed-in shopper',
      enter: (page: Page) => page.keyboard.insertText('50'),
    },
  ] as const)
    test(`"50" ${way.how} while the buy box wakes is the quantity ${way.who} adds, with the wholesale line`, async ({
      page,
      request,
    }) => {
      const shopper = way.who === 'a guest' ? null : await signUp(request, { tag: 'qty-tab' });
      if (shopper) await signInBeforeLoad(page, shopper);
      const phone = await slowPhone(page);
      // The shopper reads the page first: the buy box wakes only when the box is touched.
      await page.goto(MARGALLA.path, { waitUntil: 'load' });
      const box = page.getByRole('spinbutton', { name: 'Quantity', exact: true });
      await box.tap();
      await page.keyboard.press('ControlOrMeta+A');
      await way.enter(page);
      await page.keyboard.press('Tab');
      await expectUsedBeforeHydration(page, phone);
      await untilHydrated(page, 'BuyBox');
      await expect(box).toHaveValue('50');
      await expect(page.locator('.buy-box .wholesale')).toContainText(
        'Congratulations! You have unlocked our wholesale price of',
      );
      await page.getByRole('button', { name: 'Add To Cart', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('50');
      await expect(box).toHaveValue('50');
      expect(await cartNow(page, shopper)).toEqual({
        [MARGALLA.id]: { Black: { 0: 50 } },
      });
    });

  for (const who of ['a guest', 'a signed-in shopper'] as const)
    test(`+ tapped the moment the page shows, then Add To Cart, adds 2 for ${who}, and the stepper reads 2`, async ({
      page,
      request,
    }) => {
      const shopper = who === 'a guest' ? null : await signUp(request, { tag: 'qty-plus' });
      if (shopper) await signInBeforeLoad(page, shopper);
      const phone = await slowPhone(page);
      await openEarly(page, LYARI.path);
      await shown(page);
      const buyBox = page.locator('.buy-box');
      await buyBox.getByRole('button', { name: 'Increase quantity' }).tap();
      await buyBox.getByRole('button', { name: 'Add To Cart', exact: true }).tap();
      await expectUsedBeforeHydration(page, phone);
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel.locator('.cart-line')).toHaveCount(1, { timeout: 30_000 });
      await expect(panel.locator('.cart-line').getByRole('spinbutton')).toHaveValue('2');
      await expect(buyBox.getByRole('spinbutton', { name: 'Quantity', exact: true })).toHaveValue(
        '2',
      );
      expect(await cartNow(page, shopper)).toEqual({ [LYARI.id]: { Black: { 0: 2 } } });
    });
});

test.describe('the guest cart through registration on a slow phone', () => {
  test.use(SLOW_PHONE);

  test('added on the product page, taken to checkout and refused there, the lines are in the cart after registering on the home page and going straight to /Cart', async ({
    page,
  }) => {
    test.setTimeout(budget(90_000));
    // The CPU of a mid-range phone (4×) for the whole journey; the network's lateness is the
    // cart calls' below, where the race is.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await addToCart(page, MARGALLA.path);
    await page.goto('/Cart');
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await page.goto('/Checkout');
    await fillShipping(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(drawer(page).getByRole('alert')).toHaveText('Please login to place your order.');
    await page.goto('/');
    // The cart calls answer late, as on a busy phone network: the shopper leaves while the
    // sign-in's merge still travels (the loss the issue saw in 2 of 4 runs on a busy machine).
    await page.route('**/api/cart/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await registerInDrawer(page, uniqueEmail('guest-cart'));
    // Straight on, as a shopper does the moment the welcome shows.
    await page.goto('/Cart');
    await expect(page.locator('.cart-line')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.cart-line')).toContainText(MARGALLA.name);
    await expect(page.locator('[data-cart-count]').first()).toHaveText('1');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')), { timeout: 15_000 })
      .toBeNull();
    await expect
      .poll(() => serverCart(page), { timeout: 15_000 })
      .toEqual({
        [MARGALLA.id]: { Black: { '0': 1 } },
      });
  });
});

/**
 * Records, in the page, the cart rows of the first painted frame that holds the cart's list, and
 * whether any frame said "Loading". On slow 4G the header's bytes can arrive and paint before the
 * list's (the first paint then has no list at all, which is not a "Loading..." the shopper sees); a
 * list painted without its rows would be.
 */
async function watchCartPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __saidLoading: boolean; __rowsAtPaint: number };
    w.__saidLoading = false;
    w.__rowsAtPaint = -1;
    const look = () => {
      if (document.body?.innerText.includes('Loading')) w.__saidLoading = true;
      const list = document.querySelector('[data-cart-skeleton], .cart-line');
      if (
        w.__rowsAtPaint < 0 &&
        performance.getEntriesByName('first-contentful-paint').length &&
        list?.checkVisibility()
      )
        w.__rowsAtPaint = document.querySelectorAll('.cart-line-skeleton, .cart-line').length;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const cartPaintSeen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __saidLoading: boolean; __rowsAtPaint: number };
    return { saidLoading: w.__saidLoading, rowsAtPaint: w.__rowsAtPaint };
  });

test.describe('/Cart on a slow phone', () => {
  test.use(SLOW_PHONE);

  test('shows a row per line of the cart from its first paint and never says "Loading...", then the lines themselves', async ({
    page,
  }) => {
    await slowPhone(page);
    await storeBeforeLoad(page, {
      cartItems_guest: cartOf({ [MARGALLA.id]: 'Black', [GWADAR.id]: 'Teal' }),
    });
    await watchCartPaint(page);
    await page.goto('/Cart', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('.cart-line')).toHaveCount(2, { timeout: 15_000 });
    await expect(page.locator('.cart-line-skeleton')).toHaveCount(0);
    expect(await cartPaintSeen(page)).toEqual({ saidLoading: false, rowsAtPaint: 2 });
  });

  test('paints no frame of the list without its rows when the page stops right after the list', async ({
    page,
  }) => {
    await storeBeforeLoad(page, {
      cartItems_guest: cartOf({ [MARGALLA.id]: 'Black', [GWADAR.id]: 'Teal' }),
    });
    await watchCartPaint(page);
    // The parser stops right after the list, as when the rest of the page's bytes come late on a
    // busy phone: a script it must run before it goes on, answered 600 ms late. The browser paints
    // what it has meanwhile (a run of the slow-phone journeys two at a time once caught this frame
    // with the list and none of its rows).
    await page.route('**/Cart', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<ul[^>]*data-cart-skeleton[^>]*>\s*<\/ul>)/,
        '$1<script src="/parser-stop.js"></script>',
      );
      expect(html).toContain('parser-stop.js');
      await route.fulfill({ response, body: html });
    });
    await page.route('**/parser-stop.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.goto('/Cart', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('.cart-line')).toHaveCount(2, { timeout: 15_000 });
    expect(await cartPaintSeen(page)).toEqual({ saidLoading: false, rowsAtPaint: 2 });
  });
});
