import { expect, test } from './support/test.ts';

// A demo product whose images are raster photos (data/photos), optimised by the build.
const PHOTO_PRODUCT = '/product/karakoram-trail-bagpack';
const PHOTO = /\/photos\/[0-9a-f]{64}/;

test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true });

test('a product page serves its photos as AVIF or WebP from srcsets, the first one eager with high priority', async ({
  page,
}) => {
  const served: string[] = [];
  page.on('response', (r) => {
    if (PHOTO.test(r.url())) served.push(`${r.status()} ${r.headers()['content-type']}`);
  });
  await page.goto(PHOTO_PRODUCT);
  const main = page.locator('.gallery-main img');
  await expect(page.locator('.gallery-main source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`${PHOTO.source}-360\\.avif 360w, .+-720\\.avif 720w, .+-1080\\.avif 1080w$`),
  );
  await expect(main).toHaveAttribute(
    'srcset',
    new RegExp(`${PHOTO.source}-360\\.webp 360w, .+-720\\.webp 720w$`),
  );
  await expect(main).toHaveAttribute('sizes', '(min-width: 900px) 560px, 100vw');
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
