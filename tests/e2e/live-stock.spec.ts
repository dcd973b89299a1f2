// Live stock on a phone: staff mark one colour sold out through the desk call, and the
// product page, built before and never rebuilt, shows that colour "Out of stock" and refuses to
// add it, while another colour still adds; the cart marks a line whose colour sold out after it
// was added. (A browser reuses a stock answer up to 25 s, so each step reads a product set it has
// not asked for before; the 60 s bound itself is tested on the call's headers, tests/api.) The colour is put back in stock at the end, for the other journeys.
import { expect, test } from './support/test.ts';
import { enrolledMember, type Member } from './support/desk.ts';
import { uniqueEmail } from './support/shopper.ts';
import { PHONE } from '../fixtures/mobile-profile.ts';
import { STOCK_MESSAGES } from '../../src/lib/messages.ts';
import type { APIRequestContext } from '@playwright/test';

test.use(PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 90_000 });

const BAG = 'gulberg-slim-laptop-bagpack';
const NAME = 'Gulberg Slim Laptop Bagpack';

const setStock = (request: APIRequestContext, member: Member, color: string, inStock: boolean) =>
  request.post('/api/desk/products/stock', {
    headers: { token: member.token },
    data: { productId: BAG, color, inStock },
  });

let keeper: Member | null = null;
test.afterAll(async ({ playwright, baseURL }) => {
  if (!keeper) return;
  const request = await playwright.request.newContext({ baseURL });
  await setStock(request, keeper, 'Charcoal', true);
  await setStock(request, keeper, 'Navy', true);
  await request.dispose();
});

test('a colour marked sold out at the desk shows Out of stock on the product page, without a rebuild, and cannot be added', async ({
  page,
  request,
}) => {
  keeper = await enrolledMember(request, uniqueEmail('stock'), 'staff', 'Stock Keeper');

  const marked = await setStock(request, keeper, 'Charcoal', false);
  expect(marked.status()).toBe(200);
  expect((await marked.json()).message).toBe(`${NAME} in Charcoal is now out of stock.`);

  await page.goto(`/product/${BAG}`);
  const buyBox = page.locator('.buy-box');
  const addToCart = buyBox.getByRole('button', { name: 'Add To Cart' });
  // The first touch wakes the buy box, which reads the current stock: Charcoal (the first colour,
  // chosen by default) is out, whatever the page said at build time.
  await buyBox.locator('label[title^="Charcoal"]').tap();
  await expect(page.getByTestId('stock')).toHaveText(STOCK_MESSAGES.outOfStock);
  await expect(buyBox.locator('label[title^="Charcoal"]')).toHaveClass(/sold-out/);
  await expect(addToCart).toBeDisabled();

  await buyBox.locator('label[title="Navy"]').tap();
  await expect(page.getByTestId('stock')).toHaveText(STOCK_MESSAGES.inStock);
  await expect(addToCart).toBeEnabled();
  await addToCart.tap();
  const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
  await expect(panel).toBeVisible();
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  await expect(panel.locator('.cart-line-info > .muted')).toHaveText('Navy');

  // Back to Charcoal: still refused.
  await page.keyboard.press('Escape');
  await buyBox.locator('label[title^="Charcoal"]').tap();
  await expect(addToCart).toBeDisabled();

  // Navy sells out after it was added. Another bag goes in the cart; the cart page reads both
  // bags' current stock and marks the Navy line only.
  expect((await setStock(request, keeper, 'Navy', false)).status()).toBe(200);
  await page.goto('/product/deosai-hiking-bagpack');
  await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).tap();
  await expect(panel.locator('.cart-line')).toHaveCount(2);
  await page.goto('/Cart');
  const lines = page.locator('.cart-page .cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: NAME }).getByTestId('line-stock')).toHaveText(
    STOCK_MESSAGES.outOfStock,
  );
  await expect(page.getByTestId('line-stock')).toHaveCount(1);
});
