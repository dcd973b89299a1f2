// Shoppers on phones and tablets (issue: a walk-through at 390×844 with touch, 820 and 1024 px).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test.describe('the mobile menu at 390×844 with touch', () => {
  test.use(PHONE);

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
    const axe = await new AxeBuilder({ page })
      .include('#mobile-menu')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
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
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
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

test('the desktop header at 1366×900 shows the links and no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Best Sellers' }),
  ).toBeVisible();
});

for (const width of [820, 1024]) {
  test(`a tablet at ${width} px reaches every category through the header`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/');
    const inHeader = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Handbags' });
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    if (width <= 900) {
      await expect(inHeader).toBeHidden();
      await button.click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: 'Laptop Handbags' })
        .click();
    } else {
      await expect(button).toBeHidden();
      await inHeader.click();
    }
    await expect(page).toHaveURL(/\/Handbags$/);
  });
}

test('the checkout page shows no menu at 390×844', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/Checkout');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
  await context.close();
});

test.describe('the chat bubble at 390×844 with touch', () => {
  test.use(PHONE);

  for (const path of ['/', '/Collections', '/product/margalla-commuter-laptop-bagpack']) {
    test(`never lies over a control while ${path} is scrolled`, async ({ page }) => {
      await page.goto(path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'no sideways scrolling',
      ).toBe(390);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 300) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const overlaps = await page.evaluate(() => {
          const bubble = document.querySelector('.messaging')!.getBoundingClientRect();
          const hit: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>(
            'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
          )) {
            if (
              el.closest('.messaging') ||
              el.closest('dialog:not([open])') ||
              el.offsetParent === null
            )
              continue;
            // The part of the control that shows: clipped by every scrolling or clipping ancestor.
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
                el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName,
              );
          }
          return hit;
        });
        expect(overlaps, `at scrollY ${y}`).toEqual([]);
      }
      const bubble = (await page
        .getByRole('link', { name: 'Chat with us on WhatsApp' })
        .boundingBox())!;
      expect(bubble.width).toBeGreaterThanOrEqual(24);
      expect(bubble.height).toBeGreaterThanOrEqual(24);
    });
  }
});
