// Accessibility across the shop: axe on every storefront and content page, toasts that wait for a
// shopper who is reading them, and the chat bubble that never covers a control on a phone.
// (What a feature does for the keyboard or a screen reader is tested with the feature.)
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { allHydrated, hydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { CONTENT_PAGES, STOREFRONT_PAGES } from './support/pages.ts';
import { addToCart, toast } from './support/ui.ts';

test.describe('axe finds no violations', () => {
  for (const path of STOREFRONT_PAGES) {
    test(`of WCAG 2.1 A/AA on ${path}`, async ({ page }) => {
      await page.goto(path);
      await allHydrated(page);
      if (path === '/Collections') {
        await hydrated(page, 'ProductListing');
        await page.getByRole('button', { name: 'Show Filter' }).click();
      }
      await expectNoAxeViolations(page);
    });
  }

  test('of WCAG 2.1 A/AA with the image viewer open', async ({ page }) => {
    await page.goto(MARGALLA.path);
    await hydrated(page, 'ProductGallery');
    await page.locator('.gallery-main').click();
    await expect(page.getByRole('dialog', { name: 'Image viewer' })).toBeVisible();
    await expectNoAxeViolations(page, { include: 'dialog' });
  });

  for (const path of CONTENT_PAGES) {
    test(`of any rule on ${path}`, async ({ page }) => {
      await page.goto(path);
      if (path.startsWith('/faq/')) await page.locator('main details summary').first().click();
      await expectNoAxeViolations(page, { rules: 'all' });
    });
  }
});

test.describe('a toast waits for the shopper at 1366×900', () => {
  test.use({ viewport: DESKTOP });

  const ADDED = 'This Product Has Been Added To Your Favourites';
  /**
   * Lets the frame after a tap pass on the paused clock: Preact runs a drawing's effects (here, the
   * toast's popover showing) after the next frame, and a paused clock holds frames too. 35 ms is
   * Preact's own fallback for a frame that does not come; the toast's 7 s count from its message,
   * so each step below still lands on the same side of its limit.
   */
  const afterItsFrame = (page: Page) => page.clock.runFor(35);

  test('with the mouse, a toast stays while hovered and then leaves with the time it had left', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.clock.pauseAt(Date.now() + 1000);
    await page.locator('.buy-box .fav').click();
    await afterItsFrame(page);
    const added = toast(page, ADDED);
    await expect(added).toBeVisible();
    await page.clock.runFor(3_000);
    await added.hover();
    await page.clock.runFor(30_000);
    await expect(added).toBeVisible();
    await page.mouse.move(10, 880);
    await page.clock.runFor(3_900);
    await expect(added).toBeVisible();
    await page.clock.runFor(200);
    await expect(added).toBeHidden();
  });

  test('by keyboard, a toast stays while its button has focus, and 7 s still holds untouched', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.clock.pauseAt(Date.now() + 1000);
    const fav = page.locator('.buy-box .fav');
    await fav.focus();
    await page.keyboard.press('Enter');
    await afterItsFrame(page);
    const added = toast(page, ADDED);
    await expect(added).toBeVisible();
    await page.clock.runFor(6_900);
    await expect(added).toBeVisible();
    await page.clock.runFor(200);
    await expect(added).toBeHidden();
    await page.keyboard.press('Enter'); // removes it from the favourites
    await page.keyboard.press('Enter'); // and adds it again: a new toast
    await afterItsFrame(page);
    await expect(added).toBeVisible();
    await added.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.clock.runFor(30_000);
    await expect(added).toBeVisible();
    await fav.focus();
    await page.clock.runFor(7_100);
    await expect(added).toBeHidden();
  });
});

// The bubble floats; what it must never lie over, at any scroll: a control, a price, the cart's
// summary. It stays whole on screen.
const UNDER_BUBBLE =
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [data-pkr], .line-total, .summary-box, .summary';

for (const { name, use } of [
  { name: 'a phone at 390×844 with touch', use: TOUCH_PHONE },
  { name: 'a tablet at 820×1180', use: { viewport: { width: 820, height: 1180 } } },
  { name: 'a desktop at 1440×900', use: { viewport: { width: 1440, height: 900 } } },
]) {
  test.describe(`the chat bubble on ${name}`, () => {
    test.use(use);

    for (const path of ['/', '/Collections', MARGALLA.path, '/Cart']) {
      test(`never lies over a control, a price or the cart summary while ${path} is scrolled, and stays whole on screen`, async ({
        page,
      }) => {
        if (path === '/Cart') await addToCart(page, MARGALLA.path);
        await page.goto(path);
        const width = use.viewport.width;
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          'no sideways scrolling',
        ).toBe(width);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += 300) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          const overlaps = await page.evaluate((selector) => {
            const bubble = document.querySelector('.messaging')!.getBoundingClientRect();
            const hit: string[] = [];
            for (const el of document.querySelectorAll<HTMLElement>(selector)) {
              if (
                el.closest('.messaging') ||
                el.closest('dialog:not([open])') ||
                el.offsetParent === null
              )
                continue;
              // The part that shows: clipped by every scrolling or clipping ancestor.
              const box = el.getBoundingClientRect();
              const r = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
              for (let a = el.parentElement; a; a = a.parentElement) {
                if (
                  getComputedStyle(a).overflowX === 'visible' &&
                  getComputedStyle(a).overflowY === 'visible'
                )
                  continue;
                const c = a.getBoundingClientRect();
                r.left = Math.max(r.left, c.left);
                r.right = Math.min(r.right, c.right);
                r.top = Math.max(r.top, c.top);
                r.bottom = Math.min(r.bottom, c.bottom);
              }
              if (r.right <= r.left || r.bottom <= r.top) continue;
              if (
                r.left < bubble.right &&
                r.right > bubble.left &&
                r.top < bubble.bottom &&
                r.bottom > bubble.top
              )
                hit.push(
                  el.getAttribute('aria-label') ??
                    el.textContent?.trim().slice(0, 30) ??
                    el.tagName,
                );
            }
            return hit;
          }, UNDER_BUBBLE);
          expect(overlaps, `at scrollY ${y}`).toEqual([]);
        }
        const bubble = (await page
          .getByRole('link', { name: 'Chat with us on WhatsApp' })
          .boundingBox())!;
        expect(bubble.width).toBeGreaterThanOrEqual(24);
        expect(bubble.height).toBeGreaterThanOrEqual(24);
        expect(bubble.x, 'whole on screen: its left edge').toBeGreaterThan(0);
        expect(bubble.x + bubble.width, 'whole on screen: its right edge').toBeLessThan(width);
      });
    }
  });
}
