// The desk's products screen on a phone: staff find a product, mark one colour sold
// out with one tap and the shop's product page (built before, never rebuilt) shows it at once;
// archiving hides the product from the shop's live calls, restoring brings it back. Everything is
// put back at the end, for the other journeys.
import { STOCK_MESSAGES } from '../../src/lib/messages.ts';
import { PHONE } from '../fixtures/mobile-profile.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';
import { uniqueEmail } from './support/shopper.ts';
import { expect, test } from './support/test.ts';

test.use(PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 90_000 });

const BAG = 'defence-executive-bagpack';
const NAME = 'Defence Executive Bagpack';

test('staff mark a colour sold out from the products screen, the shop shows it at once, and archive and restore the bag', async ({
  page,
  context,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('products'), 'staff', 'Shelf Keeper');
  await openDeskAs(page, staff, '#/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  await page.getByLabel('Search: name, maker or id').fill('defence');
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.locator('.desk-product').filter({ hasText: NAME });
  await expect(page.locator('.desk-product')).toHaveCount(1);
  await expect(card.getByRole('list', { name: `Colours of ${NAME}` })).toContainText(
    'Black: In stock',
  );
  await expectNoAxeViolations(page);
  // Each card's buttons name its product, as a screen reader's list of buttons reads them.
  await expect(
    card.getByRole('button', { name: `Mark Black sold out (${NAME})`, exact: true }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: `Archive ${NAME}`, exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Mark Black sold out' }).tap();
  await expect(page.getByRole('status').first()).toHaveText(
    `${NAME} in Black is now out of stock.`,
  );
  await expect(card.getByRole('button', { name: 'Mark Black in stock' })).toBeVisible();

  const shop = await context.newPage();
  await shop.goto(`/product/${BAG}`);
  const buyBox = shop.locator('.buy-box');
  await buyBox.locator('label[title^="Black"]').tap();
  await expect(shop.getByTestId('stock')).toHaveText(STOCK_MESSAGES.outOfStock);
  await expect(buyBox.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();

  await card.getByRole('button', { name: 'Mark Black in stock' }).tap();
  await expect(card.getByRole('button', { name: 'Mark Black sold out' })).toBeVisible();

  // Archive: the bag leaves the live list and the shop's stock call; Restore brings it back.
  await card.getByRole('button', { name: 'Archive' }).tap();
  await expect(page.locator('.desk-product')).toHaveCount(0);
  const stock = async () =>
    (
      (await (await request.get(`/api/stock?ids=${BAG}`)).json()) as {
        products: unknown[];
      }
    ).products.length;
  expect(await stock()).toBe(0);
  await page.getByRole('button', { name: /^Archived/ }).tap();
  await expect(card).toContainText('Archived');
  await card.getByRole('button', { name: 'Restore' }).tap();
  await expect(page.locator('.desk-product')).toHaveCount(0);
  expect(await stock()).toBe(1);
  // Staff see no Delete: that is the owner's.
  await page.getByRole('button', { name: /^On sale/ }).tap();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
