// Takes the README's screenshots ("What it looks like"): home, a listing, a product, the cart with
// lines and the checkout, each at a phone, a tablet and a desktop size, as compressed WebP files in
// docs/screenshots/ (<page>-<size>.webp). Run with `npm run screenshots` (see playwright.config.ts
// beside this file), then commit the images: they are documentation.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { storeBeforeLoad } from '../../tests/e2e/support/ui.ts';

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
/** Each size's viewport, and the pixel density the picture is taken at (kept small on disk). */
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, scale: 2, mobile: true },
  tablet: { viewport: { width: 820, height: 1180 }, scale: 1, mobile: true },
  desktop: { viewport: { width: 1440, height: 900 }, scale: 1, mobile: false },
} as const;
/** Most bytes one picture may take. */
const MAX_BYTES = 150 * 1024;

const TRAIL = '/product/karakoram-trail-bagpack';
/** The cart the cart and checkout pictures show: three lines, one of them two items. */
const CART = JSON.stringify({
  'karakoram-trail-bagpack': { Olive: { '0': 1 } },
  'zamzama-crossbody-handbag': { 'Blush Pink': { '0': 2 } },
  'saddar-leather-laptop-sleeve': { Brown: { '0': 1 } },
});

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => void (await page.locator('main img').first().waitFor()),
  },
  {
    name: 'listing',
    path: '/Bagpacks',
    ready: async (page) => void (await page.locator('main img').first().waitFor()),
  },
  {
    name: 'product',
    path: TRAIL,
    ready: async (page) => void (await page.locator('.gallery-main img').waitFor()),
  },
  {
    name: 'cart',
    path: '/Cart',
    ready: async (page) =>
      expect(page.locator('main').getByRole('button', { name: /^Remove / })).toHaveCount(3),
  },
  {
    name: 'checkout',
    path: '/Checkout',
    ready: async (page) => void (await page.locator('main img').first().waitFor()),
  },
];

/**
 * Waits for the fonts and for every image on the first screen to load (at most 10 s: a slide
 * parked beside the screen may never be asked for).
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.top < innerHeight && box.left < innerWidth && box.right > 0;
    };
    const pending = [...document.images].filter((img) => !img.complete && onScreen(img));
    const loaded = Promise.all(
      pending.map(
        (img) => new Promise((done) => img.addEventListener('load', done, { once: true })),
      ),
    );
    await Promise.race([loaded, new Promise((done) => setTimeout(done, 10_000))]);
  });
}

mkdirSync(OUT, { recursive: true });

for (const [size, { viewport, scale, mobile }] of Object.entries(SIZES)) {
  test.describe(`${size} (${viewport.width} px)`, () => {
    test.use({ viewport, deviceScaleFactor: scale, isMobile: mobile, hasTouch: mobile });

    for (const { name, path: route, ready } of PAGES) {
      test(`${name}`, async ({ page }) => {
        await storeBeforeLoad(page, { cartItems_guest: CART });
        await page.goto(route);
        await ready(page);
        await settled(page);
        const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
        let quality = 72;
        let webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
        while (webp.length > MAX_BYTES && quality > 30) {
          quality -= 8;
          webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
        }
        expect(webp.length).toBeLessThanOrEqual(MAX_BYTES);
        writeFileSync(path.join(OUT, `${name}-${size}.webp`), webp);
      });
    }
  });
}
