// Issue 25's money and after-purchase slice: lines that add up to the subtotal in every currency,
// the price filter's ends in the shopper's currency, the cart badge after an order, and the
// wholesale banner that no longer moves Add To Cart from under a finger.
import { discountedPrice } from '../../src/lib/pricing.ts';
import { convertAmount, toMinorUnits } from '../../src/lib/money.ts';
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { slowPhone } from './support/slow-phone.ts';
import { addToServerCart, signUp } from './support/shopper.ts';
import {
  chooseCountry,
  fillShipping,
  signInBeforeLoad,
  storeBeforeLoad,
  untilAnswered,
} from './support/ui.ts';

/** A shown amount ('£15.47', '¥2,984', 'KWD 6.078') as an integer count of its minor unit. */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

/**
 * Three lines whose converted sum differs from the converted rupee sum at the sample rates in GBP,
 * JPY and KWD (₨5,525 + ₨4,160 + ₨938: £15.47 + £11.65 + £2.63 = £29.75, where ₨10,623 gives £29.74).
 */
const THREE_LINES = JSON.stringify({
  [MARGALLA.id]: { Black: { '0': 1 } },
  'clifton-roll-top-bagpack': { Mustard: { '0': 1 } },
  'murree-kids-school-bagpack': { 'Sky Blue': { '0': 1 } },
});

test.describe('lines that add up', () => {
  for (const [country, code] of [
    [/United Kingdom/, 'GBP'],
    [/Japan/, 'JPY'],
    [/Kuwait/, 'KWD'],
  ] as const)
    test(`in ${code}, the cart's lines add up to the subtotal on /Cart, in the cart panel and in the order review`, async ({
      page,
    }) => {
      await storeBeforeLoad(page, { cartItems_guest: THREE_LINES });
      await chooseCountry(page, country);
      await page.goto('/Cart');
      const lines = page.locator('.cart-page .cart-line-info .line-total');
      await expect(lines).toHaveCount(3);
      await expect(lines.first()).not.toContainText('₨');
      const sum = (await lines.allTextContents()).reduce((s, t) => s + minorOf(t), 0);
      await expect
        .poll(async () => minorOf((await page.getByTestId('summary-subtotal').textContent()) ?? ''))
        .toBe(sum);

      await page.goto('/Checkout');
      const review = page.locator('.review-items .line-total');
      await expect(review).toHaveCount(3);
      expect((await review.allTextContents()).reduce((s, t) => s + minorOf(t), 0)).toBe(sum);
      await expect
        .poll(async () => minorOf((await page.getByTestId('summary-subtotal').textContent()) ?? ''))
        .toBe(sum);

      await page.goto(MARGALLA.path);
      await hydrated(page, 'BuyBox');
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel.locator('.cart-line')).toHaveCount(3);
      const panelLines = await panel.locator('.cart-line-info .line-total').allTextContents();
      expect(minorOf((await panel.locator('.subtotal span').last().textContent()) ?? '')).toBe(
        panelLines.reduce((s, t) => s + minorOf(t), 0),
      );
    });
});

/** The 'Viewing X of Y products' total: how many products the filters keep. */
async function listed(page: Page) {
  const text = (await page.getByTestId('listing-counter').textContent()) ?? '';
  return Number(/of (\d+) products/.exec(text)?.[1]);
}

test.describe('the price filter in pounds', () => {
  test('To and From are inclusive to the penny: To £X keeps a product shown at £X and drops one a penny above', async ({
    page,
    request,
  }) => {
    await chooseCountry(page, /United Kingdom/);
    await hydrated(page, 'ProductListing');
    const rate = await page.evaluate(
      () => JSON.parse(localStorage.getItem('displayCurrency') ?? '{}').rate as number,
    );
    const { products } = (await (await request.get('/api/product/list')).json()) as {
      products: { price: number; discountPercent: number; wholesalePrice: number | null }[];
    };
    const pounds = products
      .map((p) => toMinorUnits(convertAmount(discountedPrice(p), rate, 'GBP'), 'GBP'))
      .sort((a, b) => a - b);
    // Bounds at shown prices of real products, a third and two thirds of the way up.
    const to = pounds[Math.floor((pounds.length * 2) / 3)]!;
    const from = pounds[Math.floor(pounds.length / 3)]!;
    await page.getByRole('button', { name: 'Show Filter' }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    const box = (name: string) => panel.getByLabel(name, { exact: true });

    await box('To').fill((to / 100).toFixed(2));
    await box('To').press('Enter');
    await expect(box('To')).toHaveValue((to / 100).toFixed(2));
    await expect.poll(() => listed(page)).toBe(pounds.filter((p) => p <= to).length);
    await box('From').fill((from / 100).toFixed(2));
    await box('From').press('Enter');
    await expect(box('From')).toHaveValue((from / 100).toFixed(2));
    await expect.poll(() => listed(page)).toBe(pounds.filter((p) => p >= from && p <= to).length);
    const shown = (await page.locator('.card .card-price .now').allTextContents()).map(minorOf);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((p) => p >= from && p <= to)).toBe(true);
  });
});

test.describe('after the order', () => {
  test('the header badge reads 0 behind the thank-you dialog, though the header was never touched', async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'badge' });
    await signInBeforeLoad(page, shopper, {
      [`cartItems_${shopper.email}`]: JSON.stringify({ [MARGALLA.id]: { Black: { '0': 2 } } }),
    });
    await addToServerCart(request, shopper, { quantity: 2 });
    await page.goto('/Checkout');
    await expect(page.locator('[data-cart-count]')).toHaveText('2');
    await fillShipping(page);
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(page.getByRole('dialog', { name: 'Thank you for your order' })).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
  });
});

test.describe('the wholesale tap on a phone', () => {
  test.use(TOUCH_PHONE);

  test('typing 50 and tapping Add To Cart at 4× CPU adds 50: the banner never moves the button', async ({
    page,
  }) => {
    await slowPhone(page);
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    const quantity = page.getByLabel('Quantity', { exact: true });
    const button = page.getByRole('button', { name: 'Add To Cart' });
    await quantity.tap();
    await quantity.fill('50');
    const before = await button.boundingBox();
    // The tap itself leaves the field: the banner appears during the tap, not before it.
    await button.tap();
    await expect(page.getByRole('status').filter({ hasText: 'Congratulations!' })).toBeVisible();
    expect(await button.boundingBox()).toEqual(before);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain(`"${MARGALLA.id}":{"Black":{"0":50}}`);
  });
});
