// The desk's messages on a phone belong to the screen and the order they were made on: a payment
// recorded on one order is not announced on the next order opened, nor on Orders; an invitation's
// message goes when Orders opens; a cancellation's when Business opens.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs, openFromNav } from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { shortNumber } from '../../src/lib/desk.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

/** Text as a regular expression matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens an order from the Orders screen by searching its #number. */
async function openFromOrders(page: Page, number: string) {
  await page.getByLabel(/^Search: #number/).fill(`#${number}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: new RegExp(`#${number}`) }).click();
  await expect(heading(page)).toHaveText(`Order #${number}`);
}

test("a payment's, an invitation's and a cancellation's messages stay on the screen and order they were made on", async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('msg-owner'), 'owner', 'Maha Owner');
  const shopper = await signUp(request, { tag: 'msg-shopper' });
  const paidId = await placeOrder(request, shopper, { paymentMethod: 'Bank Transfer' });
  const unpaidId = await placeOrder(request, shopper, { paymentMethod: 'Bank Transfer' });
  const paid = shortNumber(paidId);
  const unpaid = shortNumber(unpaidId);

  await openDeskAs(page, owner, `#/orders/${paid}`);
  await expect(heading(page)).toHaveText(`Order #${paid}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  const due = (await payments.getByTestId('order-due').textContent())!.replace(/^Due: /, '');
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const form = payments.getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Reference', { exact: true }).fill(`FT-${paid}`);
  await form.getByRole('button', { name: 'Record payment' }).click();
  const recorded = PAYMENT_MESSAGES.recorded(due, 'Bank Transfer', paid, null);
  await expect(status(page)).toHaveText(recorded);
  expect(due).toMatch(/^₨/);
  // The timeline names the payment as a payment, not as another row of the order's status.
  await expect(page.locator('.desk-timeline > li')).toHaveText([
    /^Order placed · .* · by the shopper$/,
    new RegExp(
      `^Payment received: ${due} by Bank Transfer · .* · by ${escaped(owner.email)} · reference FT-${paid}$`,
    ),
  ]);

  await expectNoAxeViolations(page);

  // Straight to another order, as a link from an alert or a chat would open it.
  await page.evaluate((n) => (location.hash = `#/orders/${n}`), unpaid);
  await expect(heading(page)).toHaveText(`Order #${unpaid}`);
  await expect(page.getByRole('region', { name: 'Payments' }).getByTestId('order-due')).toHaveText(
    `Due: ${due}`,
  );
  await expect(status(page)).toHaveText('');
  await expect(page.getByText(recorded)).toHaveCount(0);

  // Back on the paid order, its message is not brought back either: it went when staff left.
  await page.goBack();
  await expect(heading(page)).toHaveText(`Order #${paid}`);
  await expect(status(page)).toHaveText('');

  await openFromNav(page, 'Staff');
  await expect(heading(page)).toHaveText('Staff');
  const memberEmail = uniqueEmail('msg-member');
  await page.getByLabel('Name').fill('Bilal Packer');
  await page.getByLabel('E-mail').fill(memberEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.invited(memberEmail));
  await openFromNav(page, 'Orders');
  await expect(heading(page)).toHaveText('Orders');
  await expect(status(page)).toHaveText('');

  await openFromOrders(page, unpaid);
  await expect(status(page)).toHaveText('');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByLabel('Reason for cancelling (the shopper is told)').fill('Asked by phone');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.moved(unpaid, 'Cancelled'));
  await openFromNav(page, 'Business');
  await expect(heading(page)).toHaveText('Business');
  await expect(page.getByRole('article', { name: 'Today' })).toBeVisible();
  await expect(status(page)).toHaveText('');
  await expectNoAxeViolations(page);
});
