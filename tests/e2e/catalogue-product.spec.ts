// The product page: its gallery and image viewer, the buy box's stepper and favourite, its
// structured data, and the optimised photos it serves to a phone.
import { expect, test } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA, TRAIL } from './support/catalogue.ts';
import { demoImage } from './support/demo-images.ts';
import { focused } from './support/ui.ts';

test.describe('product page', () => {
  test('a colour swatch changes the gallery, and the viewer works by keyboard', async ({
    page,
  }) => {
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await hydrated(page, 'ProductGallery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MARGALLA.name);
    await expect(page.getByTestId('stock')).toHaveText('In Stock');
    const main = page.locator('.gallery-main img');
    await expect(main).toHaveAttribute('src', demoImage(MARGALLA.id, 'Black', 1));
    await page.getByRole('radio', { name: 'Navy' }).check();
    await expect(main).toHaveAttribute('src', demoImage(MARGALLA.id, 'Navy', 1));
    await expect(page.locator('.thumbs img').first()).toHaveAttribute(
      'src',
      demoImage(MARGALLA.id, 'Navy', 1),
    );

    await page.locator('.gallery-main').focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('.viewer-counter')).toHaveText('1 / 4');
    await page.keyboard.press('ArrowRight');
    await expect(viewer.locator('.viewer-counter')).toHaveText('2 / 4');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.locator('.viewer-counter')).toHaveText('4 / 4');
    await expect(viewer.locator('img')).toHaveAttribute('src', demoImage(MARGALLA.id, 'Navy', 4));
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('at 1366×900 by keyboard, the image viewer opens with focus on Close', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MARGALLA.path);
    await hydrated(page, 'ProductGallery');
    await page.locator('.gallery-main').focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  });

  test('the quantity stepper shows the wholesale banner at 50 and Add To Cart fills the cart', async ({
    page,
  }) => {
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await expect(page.getByText(/^You save \d+%$/)).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('50');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Congratulations!' })).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('500');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('100');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain('"margalla-commuter-laptop-bagpack":{"Black":{"0":100}}');
  });

  test('at 1366×900 by keyboard, a − that reaches 1 keeps focus on the stepper', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Increase quantity' }).focus();
    await page.keyboard.press('Enter');
    const quantity = page.locator('#quantity');
    await expect(quantity).toHaveValue('2');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(focused(page)).toHaveAccessibleName('Decrease quantity');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
    await expect(focused(page)).toHaveAccessibleName('Decrease quantity');
    await expect(focused(page)).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
  });

  test('has its accordions, notes, related strip, favourite toggle and JSON-LD', async ({
    page,
  }) => {
    await page.goto(MARGALLA.path);
    for (const name of ['Description', 'Shipping & Returns', 'More Information'])
      await expect(page.locator('summary', { hasText: name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You Might Also Like' })).toBeVisible();
    // The notes promise only what the shop offers: the wholesale price, and no Buy 2 Get 1 offer
    // that no product has.
    await expect(page.locator('ul.notes li')).toHaveText([
      'Extra savings on 50+ units: the wholesale price applies when you buy 50 or more of one item, in any mix of its colours.',
    ]);
    await expect(page.getByText(/Buy 2 Get 1|B2G1/)).toHaveCount(0);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: MARGALLA.name,
      offers: { priceCurrency: 'PKR' },
    });
    await hydrated(page, 'BuyBox');
    const fav = page.locator('.buy-box').getByRole('button', { name: 'Add To Your Favourite' });
    await fav.click();
    await expect(
      page.locator('.buy-box').getByRole('button', { name: 'Remove from Favourite' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('favourites_guest')))
      .toContain(MARGALLA.id);
  });

  test.describe('on a 412 px phone at 2.625×', () => {
    test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true });

    // A demo product whose images are raster photos (data/photos), optimised by the build.
    const PHOTO = /\/photos\/[0-9a-f]{64}/;

    test('the photos come as AVIF or WebP from srcsets, the first one eager with high priority', async ({
      page,
    }) => {
      const served: string[] = [];
      page.on('response', (r) => {
        if (PHOTO.test(r.url())) served.push(`${r.status()} ${r.headers()['content-type']}`);
      });
      await page.goto(TRAIL.path);
      const main = page.locator('.gallery-main img');
      await expect(page.locator('.gallery-main source[type="image/avif"]')).toHaveAttribute(
        'srcset',
        new RegExp(`${PHOTO.source}-360\\.avif 360w, .+-720\\.avif 720w, .+-1080\\.avif 1080w$`),
      );
      await expect(main).toHaveAttribute(
        'srcset',
        new RegExp(`${PHOTO.source}-360\\.webp 360w, .+-720\\.webp 720w$`),
      );
      await expect(main).toHaveAttribute(
        'sizes',
        '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw',
      );
      await expect(main).toHaveAttribute('width', '800');
      await expect(main).toHaveAttribute('height', '800');
      await expect(main).toHaveAttribute('fetchpriority', 'high');
      await expect(main).toHaveAttribute('loading', 'eager');
      // 412 CSS px × 2.625 needs the 1080 px file; Chromium decodes AVIF, so it takes that source.
      // (naturalWidth is scaled by the srcset density to the 412 px slot, so the file is checked.)
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
        .toMatch(new RegExp(`${PHOTO.source}-1080\\.avif$`));
      expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(412);
      for (const thumb of await page.locator('.thumbs img').all())
        await expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(served.length).toBeGreaterThan(0);
      expect(served.filter((s) => !/^200 image\/(avif|webp)$/.test(s))).toEqual([]);

      const og = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(og).toMatch(new RegExp(`${PHOTO.source}-1080\\.jpg$`));
      const ogAnswer = await page.request.get(new URL(og!).pathname);
      expect(ogAnswer.status()).toBe(200);
      expect(ogAnswer.headers()['content-type']).toBe('image/jpeg');

      // Structured data names a file the build made for every photo, not the 4 MB original.
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as { image: string[] };
      expect(ld.image).toHaveLength(9);
      for (const url of ld.image) {
        expect(url).toMatch(new RegExp(`${PHOTO.source}-720\\.webp$`));
        expect((await page.request.get(new URL(url).pathname)).status()).toBe(200);
      }
    });
  });
});
