// Payments and returns on the desk, on a phone: staff deliver a COD order in the desk and record the
// cash collected (the order shows paid, in its detail and in the list); the shopper asks for a
// return on /yourOrders; staff find it on the Returns screen, approve it, schedule the pick-up,
// mark it received and record the refund; the shopper sees it refunded. Each shopper mail is read
// from the SMTP catcher, and every new desk state passes axe.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { hydrated } from './support/islands.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { signInBeforeLoad, toast } from './support/ui.ts';
import {
  allowGrant,
  allowRefunds,
  enrolledMember,
  mailWithSubject,
  openDeskAs,
} from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { RETURN_MESSAGES } from '../../src/lib/returns/rules.ts';
import { ORDER_VIEW_TEXT } from '../../src/lib/orders/desk-view.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { formatMoney } from '../../src/lib/money.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 150_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

test('staff deliver a COD order and record its cash; the shopper asks for a return, which staff approve, pick up, receive and refund, and the shopper sees it refunded', async ({
  page,
  browser,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('desk-pay'), 'staff', 'Sana Staff');
  // Refunds are the owner's: this member sends the return's refund because the owner allowed it.
  const owner = await enrolledMember(request, uniqueEmail('desk-pay-owner'), 'owner', 'Omar Owner');
  await allowRefunds(request, owner, staff);
  const shopper = await signUp(request, { tag: 'desk-return', name: 'Hira Aslam' });
  const id = await placeOrder(request, shopper);
  const number = shortNumber(id);

  // Delivered in the desk.
  await openDeskAs(page, staff, `#/orders/${number}`);
  await expect(heading(page)).toHaveText(`Order #${number}`);
  await page.getByRole('button', { name: 'Move to Packing' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.moved(number, 'Packing'));
  await page.getByRole('button', { name: 'Move to Out for Delivery' }).click();
  await page.getByRole('button', { name: 'Move to Out for Delivery' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.moved(number, 'Out for Delivery'));
  // Cash is paid at the door: until then the screen says why there is no "Record payment".
  const beforeDelivery = page.getByRole('region', { name: 'Payments' });
  await expect(
    beforeDelivery.getByText(PAYMENT_MESSAGES.codNotDelivered('Out for Delivery')),
  ).toBeVisible();
  await expect(beforeDelivery.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Move to Delivered' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.moved(number, 'Delivered'));

  // The cash collected on delivery, recorded in the desk: prefilled with COD and what is due.
  const shown = await request.post('/api/desk/orders/show', {
    headers: { token: staff.token },
    data: { order: id },
  });
  const { due } = ((await shown.json()) as { order: { due: number } }).order;
  expect(due).toBeGreaterThan(0);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('order-due')).toHaveText(`Due: ${formatMoney(due, 'PKR')}`);
  await expect(payments.getByText('No payment recorded yet.')).toBeVisible();
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const form = payments.getByRole('form', { name: 'Record payment' });
  await expect(form.getByLabel('Method')).toHaveValue('COD');
  await expect(form.getByLabel('Amount received (PKR)')).toHaveValue(String(due));
  await expect(form.getByLabel('Reference (optional)')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(status(page)).toHaveText(
    PAYMENT_MESSAGES.recorded(formatMoney(due, 'PKR'), 'COD', number, null),
  );
  await expect(payments.getByTestId('order-due')).toHaveText('Paid in full.');
  await expect(payments.getByRole('listitem')).toContainText([
    `${formatMoney(due, 'PKR')} by Cash on Delivery`,
  ]);
  await expect(payments.getByRole('listitem')).toContainText([`by ${staff.email}`]);
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to orders' }).click();
  await page.getByLabel(/^Search: #number/).fill(`#${number}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`#${number}`) })).toContainText(
    'COD · Paid',
  );

  // The shopper asks for a return on /yourOrders.
  const shopperContext = await browser.newContext({
    ...TOUCH_PHONE,
    baseURL: test.info().project.use.baseURL,
  });
  const shopperPage = await shopperContext.newPage();
  await signInBeforeLoad(shopperPage, shopper);
  await shopperPage.goto('/yourOrders');
  await hydrated(shopperPage, 'OrdersList');
  const line = shopperPage.locator(`[data-testid="order-line"][data-order-id="${id}"]`);
  await line.getByRole('button', { name: 'Request a return or exchange' }).click();
  const ask = shopperPage.getByRole('dialog', { name: 'Return or exchange' });
  await ask
    .getByRole('group', { name: 'Which items are you sending back?' })
    .getByRole('checkbox')
    .first()
    .check();
  await ask.getByRole('radio', { name: 'Return for a refund' }).check();
  await ask.getByLabel('Why are you sending them back?').fill('The strap is too short');
  await ask.getByLabel(/^Where should we send your refund\?/).fill('PK36 SCBL 0000 0011 2345 6702');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(shopperPage, RETURN_MESSAGES.requested('return'))).toBeVisible();
  const subject = (step: string) => `Your Bastaa return for order #${number}: ${step}`;
  expect(await mailWithSubject(shopper.email, subject('Requested'))).toContain(
    'Your reason: The strap is too short',
  );

  // Staff find it on the Returns screen and take it to the refund.
  await page
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(heading(page)).toHaveText('Returns');
  await expect(page.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('link', { name: new RegExp(`#${number}`) });
  await expect(card).toContainText('Requested');
  await expect(card).toContainText('The strap is too short');
  await expectNoAxeViolations(page);
  await card.click();
  await expect(heading(page)).toHaveText(`Order #${number}`);
  const request_ = page.getByRole('region', { name: 'Return request' });
  await expect(request_.getByTestId('return-state')).toHaveText('Requested');
  await expect(request_.getByText('The strap is too short', { exact: true })).toBeVisible();
  await expect(request_.getByRole('button')).toHaveText(['Approve', 'Refuse']);
  await expectNoAxeViolations(page);

  await request_.getByRole('button', { name: 'Approve' }).click();
  await expect(status(page)).toHaveText(RETURN_MESSAGES.stepDone(number, 'approved'));
  await expect(request_.getByTestId('return-state')).toHaveText('Approved');
  expect(await mailWithSubject(shopper.email, subject('Approved'))).toContain(
    'Your return has been approved.',
  );

  await request_.getByRole('button', { name: 'Schedule pick-up' }).click();
  await request_.getByLabel('Pick-up from (Pakistan time)').fill('2031-03-04T10:00');
  await request_.getByLabel('Pick-up until (Pakistan time)').fill('2031-03-04T14:00');
  await expectNoAxeViolations(page);
  await request_.getByRole('button', { name: 'Schedule pick-up' }).click();
  await expect(status(page)).toHaveText(RETURN_MESSAGES.stepDone(number, 'pickupScheduled'));
  await expect(request_.getByText('2031-03-04 10:00 to 2031-03-04 14:00 (Karachi)')).toBeVisible();
  await expect(request_.getByRole('button')).toHaveText(['Reschedule pick-up', 'Mark received']);
  expect(await mailWithSubject(shopper.email, subject('Pick-up scheduled'))).toContain(
    'Our courier will pick up the items between 2031-03-04 10:00 and 2031-03-04 14:00 (Pakistan time).',
  );

  await request_.getByRole('button', { name: 'Mark received' }).click();
  await expect(status(page)).toHaveText(RETURN_MESSAGES.stepDone(number, 'received'));
  expect(await mailWithSubject(shopper.email, subject('Received'))).toContain(
    'We have received the returned items.',
  );

  await request_.getByRole('button', { name: 'Record refund' }).click();
  const refund = request_.getByRole('form', { name: 'Record refund' });
  const suggested = Number(await refund.getByLabel('Amount refunded (PKR)').inputValue());
  expect(suggested).toBeGreaterThan(0);
  expect(suggested).toBeLessThanOrEqual(due);
  await expect(refund.getByText('IBAN PK36 SCBL 0000 0011 2345 6702')).toBeVisible();
  await refund.getByLabel('Refund method').selectOption('JazzCash');
  await refund.getByLabel('Refund reference').fill('JC-7781');
  await expectNoAxeViolations(page);
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(status(page)).toHaveText(RETURN_MESSAGES.stepDone(number, 'refunded'));
  await expect(request_.getByTestId('return-state')).toHaveText('Refunded');
  await expect(
    request_.getByText(`${formatMoney(suggested, 'PKR')} by JazzCash · reference JC-7781`),
  ).toBeVisible();
  await expect(request_.getByRole('button')).toHaveCount(0);
  await expect(request_.getByRole('listitem').filter({ hasText: `by ${staff.email}` })).toHaveCount(
    4,
  );
  await expectNoAxeViolations(page);
  const refunded = await mailWithSubject(shopper.email, subject('Refunded'));
  expect(refunded).toContain(`We have refunded ${formatMoney(suggested, 'PKR')} by JazzCash.`);
  expect(refunded).toContain('Reference: JC-7781');

  // The returns list no longer shows it as open; all requests do.
  await page.getByRole('link', { name: 'Returns' }).click();
  await expect(heading(page)).toHaveText('Returns');
  await expect(page.getByRole('link', { name: new RegExp(`#${number}`) })).toHaveCount(0);
  await page.getByRole('button', { name: 'All' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`#${number}`) })).toContainText(
    'Refunded',
  );

  // The shopper sees it refunded.
  await shopperPage.reload();
  await hydrated(shopperPage, 'OrdersList');
  await expect(line.getByTestId('return-progress').getByRole('heading')).toHaveText(
    'Your return: Refunded',
  );
  await expect(line.getByText(/^Refunded .* by JazzCash \(reference JC-7781\)\.$/)).toBeVisible();
  await shopperContext.close();
});

test("a wallet order waiting on the phone shows its wallet and number, with no Record payment; a bank transfer's part payment leaves the rest due, a reference is taken once; and of two staff on one exchange request the second is told who moved it", async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('desk-wallet'), 'staff', 'Wali');
  const other = await enrolledMember(request, uniqueEmail('desk-wallet-b'), 'staff', 'Zara');
  // The wallet number is the shopper's phone: this member sees it because the owner allowed it.
  const owner = await enrolledMember(request, uniqueEmail('desk-wallet-owner'), 'owner', 'Omar');
  await allowGrant(request, owner, staff, 'personalData');
  const shopper = await signUp(request, { tag: 'desk-wallet-shopper' });
  // The journeys' server takes EasyPaisa through its stand-in, whose phone waits for an answer.
  const walletId = await placeOrder(request, shopper, {
    paymentMethod: 'EasyPaisa',
    walletNumber: '0300 7654321',
  });
  const walletNumber = shortNumber(walletId);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // The shopper typed it with a space; the order keeps its digits.
  await openDeskAs(page, staff, `#/orders/${walletNumber}`);
  await expect(heading(page)).toHaveText(`Order #${walletNumber}`);
  await expect(page.getByTestId('card-wait')).toHaveText('Awaiting EasyPaisa payment');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('wallet-number')).toHaveText('03007654321');
  await expect(payments.getByRole('link', { name: 'Call 03007654321' })).toHaveAttribute(
    'href',
    'tel:03007654321',
  );
  await payments.getByRole('button', { name: 'Copy number' }).click();
  await expect(status(page)).toHaveText(ORDER_VIEW_TEXT.copied('03007654321'));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('03007654321');
  // Only EasyPaisa's notice records its payment: nothing is typed by hand.
  await expect(payments.getByRole('button', { name: 'Record payment' })).toHaveCount(0);

  const id = await placeOrder(request, shopper, { paymentMethod: 'Bank Transfer' });
  const number = shortNumber(id);
  await openDeskAs(page, staff, `#/orders/${number}`);
  await expect(heading(page)).toHaveText(`Order #${number}`);

  const shown = await request.post('/api/desk/orders/show', {
    headers: { token: staff.token },
    data: { order: id },
  });
  const { due } = ((await shown.json()) as { order: { due: number } }).order;
  await payments.getByRole('button', { name: 'Record payment' }).click();
  const form = payments.getByRole('form', { name: 'Record payment' });
  await expect(form.getByLabel('Method')).toHaveValue('Bank Transfer');
  const reference = form.getByLabel('Reference', { exact: true });
  await expect(reference).toHaveAttribute('required', '');
  await form.getByLabel('Amount received (PKR)').fill('1000');
  await reference.fill('BT-1001');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(status(page)).toHaveText(
    PAYMENT_MESSAGES.recorded(
      formatMoney(1000, 'PKR'),
      'Bank Transfer',
      number,
      formatMoney(due - 1000, 'PKR'),
    ),
  );
  await expect(payments.getByTestId('order-due')).toHaveText(
    `Due: ${formatMoney(due - 1000, 'PKR')}`,
  );
  await expect(payments.getByRole('listitem')).toHaveText([
    new RegExp(`^${formatMoney(1000, 'PKR')} by Bank Transfer · reference BT-1001`),
  ]);

  // The same reference again is refused in the server's words; nothing changes.
  await payments.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByLabel('Amount received (PKR)')).toHaveValue(String(due - 1000));
  await form.getByLabel('Reference', { exact: true }).fill('bt-1001');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    PAYMENT_MESSAGES.duplicateReference('bt-1001'),
  );
  await expect(payments.getByTestId('order-due')).toHaveText(
    `Due: ${formatMoney(due - 1000, 'PKR')}`,
  );
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Delivered, and the shopper asks for an exchange.
  for (const [from, to] of [
    ['Order Placed', 'Packing'],
    ['Packing', 'Out for Delivery'],
    ['Out for Delivery', 'Delivered'],
  ]) {
    const moved = await request.post('/api/desk/orders/move', {
      headers: { token: staff.token },
      data: { order: id, from, to },
    });
    expect(moved.status()).toBe(200);
  }
  const asked = await request.post('/api/order/return', {
    headers: { token: shopper.token },
    data: {
      orderId: id,
      kind: 'exchange',
      reason: 'Wrong colour',
      items: [{ line: 0, quantity: 1 }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.reload();
  const exchange = page.getByRole('region', { name: 'Exchange request' });
  await expect(exchange.getByTestId('return-state')).toHaveText('Requested');

  // Another member approves it while this desk still shows it requested.
  const approved = await request.post('/api/desk/returns/step', {
    headers: { token: other.token },
    data: { order: id, to: 'approved', version: 1 },
  });
  expect(approved.status()).toBe(200);
  await exchange.getByRole('button', { name: 'Refuse' }).click();
  const reason = exchange.getByLabel('Reason for refusing (the shopper is told)');
  await expect(reason).toHaveAttribute('required', '');
  await reason.fill('Worn');
  await exchange.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(
    RETURN_MESSAGES.changedBySomeoneElse('approved', other.email),
  );
  await expect(exchange.getByTestId('return-state')).toHaveText('Approved');
  await expect(exchange.getByRole('button')).toHaveText(['Schedule pick-up']);
  await expectNoAxeViolations(page);
});
