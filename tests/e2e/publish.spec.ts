// Draft and published on a phone: a price changed in the draft (the CLI's import
// --draft, as the desk's editor writes the draft) is not what shoppers see or pay: the product
// page, the cart and the stored order keep the published price. The owner then presses Publish on
// the desk's Products screen, reads what it would change, and confirms; the local server rebuilds the pages beside the ones it serves and
// swaps them in, the progress says live, and the product page shows the new price. One journey,
// since the rebuild is the slow part (~30 s). The bag is one no other journey reads. It runs after
// every other journey (playwright.config.ts); alone: `npm run test:e2e -- <this file> --no-deps`.
import { readFileSync } from 'node:fs';
import type { Product } from '../../src/lib/product.ts';
import { PHONE } from '../fixtures/mobile-profile.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import {
  cliImportToDraft,
  enrolledMember,
  holdableCalls,
  holdCall,
  openDeskAs,
} from './support/desk.ts';
import { hydrated } from './support/islands.ts';
import { signUp, uniqueEmail } from './support/shopper.ts';
import { budget, expect, test } from './support/test.ts';
import { addToCart, fillShipping, signInBeforeLoad } from './support/ui.ts';

test.use(PHONE);

const BAG = 'faisal-campus-bagpack';

test('a draft price is neither shown nor charged; Publish rebuilds the pages, says live, and the page shows the new price', async ({
  page,
  context,
  request,
}) => {
  // Enrolment hashes a password at full strength; the rebuild takes ~30 s on a loaded machine.
  test.setTimeout(budget(240_000));
  const catalogue = JSON.parse(readFileSync('data/catalogue.json', 'utf8')) as Product[];
  const bag = catalogue.find((p) => p._id === BAG)!;
  const published = bag.price.toLocaleString('en-US');
  const draft = bag.price + 50;
  cliImportToDraft([{ ...bag, price: draft }]);

  const owner = await enrolledMember(request, uniqueEmail('publish'), 'owner', 'Shop Owner');
  await holdableCalls(page);
  await openDeskAs(page, owner, '#/products');
  const bar = page.getByRole('region', { name: 'Publish' });
  await expect(bar).toContainText('1 unpublished change');
  await expectNoAxeViolations(page);

  // The shopper sees and pays the published price.
  const shop = await context.newPage();
  const shopper = await signUp(shop.request, { tag: 'publish', name: 'Sana Tariq' });
  await signInBeforeLoad(shop, shopper);
  await addToCart(shop, `/product/${BAG}`);
  await expect(shop.locator('.buy-box')).toContainText(published);
  await shop.goto('/Cart');
  await expect(shop.locator('.cart-page .cart-line')).toContainText(published);
  await shop.goto('/Checkout');
  await hydrated(shop, 'Checkout');
  await fillShipping(shop);
  const placed = shop.waitForResponse('**/api/order/COD');
  await shop.getByRole('button', { name: 'Place Order' }).click();
  const answer = (await (await placed).json()) as {
    order: { items: { productId: string; lineTotal: number }[] };
  };
  expect(answer.order.items).toMatchObject([{ productId: BAG, lineTotal: bag.price }]);
  const thanks = shop.getByRole('dialog', { name: 'Thank you for your order' });
  await expect(thanks).toContainText(published);

  // Publish: building, then live; the rebuilt page shows the new price. While the call is out the
  // button keeps focus (busy, not disabled, which would drop focus to the page); then focus is on
  // the message, which says which version was published.
  // Publish shows first what it would change: the draft price, before → after.
  await bar.getByRole('button', { name: 'Publish', exact: true }).tap();
  const review = bar.getByRole('region', { name: 'What Publish changes' });
  await expect(review.getByRole('listitem')).toHaveText([
    new RegExp(`^${bag.productName}Price: ₨${published} → ₨${draft.toLocaleString('en-US')}$`),
  ]);
  // Named "Publishing…" while its call is out.
  const publish = review.getByRole('button', { name: /^Publish(ing…| these changes)$/ });
  const call = await holdCall(page, '/api/desk/catalogue/publish');
  await publish.tap();
  await expect.poll(call.arrived).toBe(true);
  await expect(publish).toBeFocused();
  await expect(publish).toHaveAttribute('aria-disabled', 'true');
  call.release();
  const message = page.locator('#desk-message');
  await expect(message).toBeFocused();
  await expect(message.getByRole('status')).toHaveText(/^Version \d+ published\.$/);
  await expect(bar.getByRole('status')).toHaveText(
    /^Version \d+: (publishing|building the site)…$/,
  );
  await expect(bar).toContainText('No unpublished changes');
  await expect(bar.getByRole('status')).toHaveText(/^Version \d+ live at \d\d:\d\d$/, {
    timeout: 200_000,
  });
  await expectNoAxeViolations(page);
  await shop.goto(`/product/${BAG}`);
  await expect(shop.locator('.buy-box')).toContainText(draft.toLocaleString('en-US'));
});
