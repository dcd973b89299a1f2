// On a Pixel 7, the thank-you shows the order's number, lines, total and
// address; Track This Order and Track Order open the order's page (status, timeline, courier and
// tracking once Out for Delivery, payment, lines, address); a signed-out visitor is asked to log in
// and another shopper's number reads "Order not found."; checkout prefills from the account, My
// Setting and the last order without overwriting what was typed; a removed order stays removed on
// another device. axe checks every new state.
import { PHONE } from '../fixtures/mobile-profile.ts';
import { budget, expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA } from './support/catalogue.ts';
import { enrolledMember, mailWithSubject } from './support/desk.ts';
import { cancelOrder, placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { addToCart, fillShipping, signInBeforeLoad, toast, untilAnswered } from './support/ui.ts';

test.use(PHONE);

const short = (id: string) => id.slice(-8).toUpperCase();

/** Opens the order page of `number` (with a mailed link's `key`) and waits for its island. */
async function openOrderPage(page: Page, number: string, key?: string) {
  await page.goto(`/yourOrders/order?n=${number}${key ? `&k=${encodeURIComponent(key)}` : ''}`);
  await hydrated(page, 'OrderPage');
}

test('the thank-you shows number, lines, total and address; Track This Order opens the order page, which follows the desk', async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  const shopper = await signUp(page.request, { tag: 'thanks', name: 'Sana Tariq' });
  await signInBeforeLoad(page, shopper);
  await addToCart(page, MARGALLA.path);
  await page.goto('/Checkout');
  await hydrated(page, 'Checkout');
  await fillShipping(page);
  const placed = page.waitForResponse('**/api/order/COD');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const { orderId } = (await (await placed).json()) as { orderId: string };
  const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
  await expect(thanks.getByText(`Order number #${short(orderId)}`)).toBeVisible();
  const line = thanks.getByRole('list', { name: 'Items ordered' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${MARGALLA.name} · Colour: Black · Qty: 1`);
  // As the cart showed it: the quantity × the unit price it was placed at, and the line's total.
  await expect(line.getByTestId('line-unit')).toHaveText('1 × ₨5,525');
  await expect(line.locator('.receipt-line-amount')).toHaveText('₨5,525');
  await expect(thanks.locator('.thanks-total')).toContainText(/Total₨[\d,]+/);
  await expect(thanks.locator('address')).toHaveText(
    'Sana Tariq12 Canal View RoadLahore, Punjab 54000Pakistan+92 300 1234567',
  );
  await expectNoAxeViolations(page);

  await thanks.getByRole('link', { name: 'Track This Order' }).click();
  await page.waitForURL(`**/yourOrders/order?n=${short(orderId)}`);
  await hydrated(page, 'OrderPage');
  const detail = page.getByTestId('order-page');
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${short(orderId)}` }),
  ).toBeVisible();
  await expect(detail.locator('.order-status')).toHaveText('Status: Order Placed');
  await expect(detail.locator('.order-timeline li')).toHaveCount(1);
  await expect(detail.locator('.order-timeline li')).toContainText('Order Placed');
  // A cash-on-delivery order, named as the checkout named it, is paid when it arrives.
  await expect(detail.locator('.order-amounts:not(.order-tracking)')).toContainText(
    'Payment methodCash on DeliveryPaymentPay in cash when it arrives',
  );
  await expect(detail.locator('.receipt-lines li').getByTestId('line-unit')).toHaveText(
    '1 × ₨5,525',
  );
  await expect(detail.getByText('Courier')).toHaveCount(0);
  await expect(detail.locator('address')).toContainText('12 Canal View Road');
  await expectNoAxeViolations(page);

  // Staff ship it on the desk.
  const staff = await enrolledMember(page.request, uniqueEmail('thanks-staff'), 'staff', 'Kiran');
  for (const move of [
    { to: 'Packing' },
    { to: 'Out for Delivery', courier: 'TCS', trackingNumber: 'TCS-771203' },
  ]) {
    const moved = await page.request.post('/api/desk/orders/move', {
      headers: { token: staff.token },
      data: { order: short(orderId), ...move },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await openOrderPage(page, short(orderId).toLowerCase());
  await expect(detail.locator('.order-status')).toHaveText('Status: Out for Delivery');
  await expect(detail.locator('.order-timeline li')).toHaveText([
    /Order Placed$/,
    /Packing$/,
    /Out for Delivery$/,
  ]);
  await expect(detail.getByRole('definition').filter({ hasText: 'TCS-771203' })).toBeVisible();
  await expect(detail.getByRole('definition').filter({ hasText: /^TCS$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("Track Order opens the page; a signed-out visitor is asked to log in and another shopper's number is not found", async ({
  page,
  browser,
}) => {
  const shopper = await signUp(page.request, { tag: 'track', name: 'Hira Aslam' });
  const id = await placeOrder(page.request, shopper);
  const stranger = await signUp(page.request, { tag: 'stranger', name: 'Other Shopper' });

  // Signed out: asked to log in, nothing of the order shown.
  const visitorContext = await browser.newContext({ ...PHONE });
  const visitor = await visitorContext.newPage();
  await openOrderPage(visitor, short(id));
  await expect(visitor.getByText('Please log in to see your order.')).toBeVisible();
  await expect(visitor.getByText('7 Jail Road')).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  // Signed out, with the link the confirmation mailed: the order shows, to read.
  const mail = await mailWithSubject(shopper.email, `Your Bastaa order #${short(id)} is placed`);
  const link = new URL(/^Your order: (\S+)$/m.exec(mail)![1]!);
  expect(link.searchParams.get('n')).toBe(short(id));
  await untilAnswered(visitor, '/api/order/linked', () =>
    openOrderPage(visitor, short(id), link.searchParams.get('k')!),
  );
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Order #${short(id)}`);
  await expect(visitor.getByText('7 Jail Road')).toBeVisible();
  await expect(visitor.getByText('Log in to pay for, cancel or return this order.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  // The same link with its key altered shows nothing of the order.
  const altered = new URL(link);
  altered.searchParams.set(
    'k',
    `${link.searchParams.get('k')!.slice(0, -2)}${link.searchParams.get('k')!.endsWith('AA') ? 'BB' : 'AA'}`,
  );
  await untilAnswered(visitor, '/api/order/linked', () =>
    openOrderPage(visitor, short(id), altered.searchParams.get('k')!),
  );
  await expect(
    visitor
      .getByRole('alert')
      .filter({ hasText: 'This order link has expired. Log in to see your order.' }),
  ).toBeVisible();
  await expect(visitor.getByText('7 Jail Road')).toHaveCount(0);
  await visitorContext.close();

  // Another shopper with the number: refused by the server.
  await signInBeforeLoad(page, stranger);
  await untilAnswered(page, '/api/order/show', () => openOrderPage(page, short(id)));
  await expect(page.getByRole('alert').filter({ hasText: 'Order not found.' })).toBeVisible();
  await expect(page.getByText('7 Jail Road')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Its owner, from the list.
  const ownerContext = await browser.newContext({ ...PHONE });
  const owner = await ownerContext.newPage();
  await signInBeforeLoad(owner, shopper);
  await owner.goto('/yourOrders');
  await hydrated(owner, 'OrdersList');
  await owner.locator(`[data-order-id="${id}"]`).getByRole('link', { name: 'Track Order' }).click();
  await owner.waitForURL(`**/yourOrders/order?n=${short(id)}`);
  await expect(owner.getByTestId('order-page').locator('address')).toContainText('7 Jail Road');
  await ownerContext.close();
});

test.describe('checkout prefill', () => {
  test("fills name and e-mail from the account and the last order's address, keeping what was typed and the field the shopper is in", async ({
    page,
  }) => {
    const shopper = await signUp(page.request, { tag: 'prefill', name: 'Hira Aslam' });
    await placeOrder(page.request, shopper); // 7 Jail Road, Lahore, +92 300 7654321
    await signInBeforeLoad(page, shopper);
    await addToCart(page, MARGALLA.path);
    // The last order arrives only once the shopper has typed an address of their own.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/order/userorders', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    await page.getByLabel('Address 1').fill('99 Typed Street');
    // The shopper is in Last Name, about to type, when the last order arrives: it is left to them.
    await page.getByLabel('Last Name').focus();
    release();
    await expect(page.getByLabel('First Name')).toHaveValue('Hira');
    await expect(page.getByLabel('Mobile number')).toHaveValue('+92 300 7654321');
    await expect(page.getByLabel('Last Name')).toHaveValue('');
    await page.keyboard.type('Aslam');
    await expect(page.getByLabel('Last Name')).toHaveValue('Aslam');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
    await expect(page.getByLabel('City')).toHaveValue('Lahore');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
    await expect(page.getByLabel('State')).toHaveValue('Punjab');
    await expect(page.getByLabel('Zip code')).toHaveValue('54000');
    await expect(page.getByLabel('Mobile number')).toHaveValue('+92 300 7654321');
    await expect(page.getByLabel('Address 1')).toHaveValue('99 Typed Street');
    await expectNoAxeViolations(page);
  });

  test('prefers the address and phone saved in My Setting', async ({ page }) => {
    const shopper = await signUp(page.request, { tag: 'prefill-saved', name: 'Sana Tariq' });
    await placeOrder(page.request, shopper);
    await signInBeforeLoad(page, shopper, {
      [`userSettings_${shopper.email}`]: JSON.stringify({
        name: 'Sana Tariq',
        email: shopper.email,
        gender: 'Female',
        dob: '',
        phone: '03111111111',
        address: '5 Saved Lane, Gulberg',
      }),
    });
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    await expect(page.getByLabel('Address 1')).toHaveValue('5 Saved Lane, Gulberg');
    await expect(page.getByLabel('Mobile number')).toHaveValue('03111111111');
    await expect(page.getByLabel('First Name')).toHaveValue('Sana');
    await expect(page.getByLabel('City')).toHaveValue('');
  });
});

test('a removed order stays removed on another device', async ({ page, browser }) => {
  const shopper = await signUp(page.request, { tag: 'removed', name: 'Hira Aslam' });
  const kept = await placeOrder(page.request, shopper);
  const removed = await placeOrder(page.request, shopper);
  await cancelOrder(page.request, shopper, removed);
  await signInBeforeLoad(page, shopper);
  await page.goto('/yourOrders');
  await hydrated(page, 'OrdersList');
  const line = page.locator(`[data-order-id="${removed}"]`);
  await untilAnswered(page, '/api/order/hide', () =>
    line.getByRole('button', { name: 'Remove Order' }).click(),
  );
  await expect(toast(page, 'Order removed from your list')).toBeVisible();
  await expect(line).toHaveCount(0);

  // Another phone: a fresh browser with nothing stored but the sign-in.
  const context = await browser.newContext({ ...PHONE });
  const other = await context.newPage();
  await signInBeforeLoad(other, shopper);
  await other.goto('/yourOrders');
  await hydrated(other, 'OrdersList');
  await expect(other.locator(`[data-order-id="${kept}"]`)).toBeVisible();
  await expect(other.locator(`[data-order-id="${removed}"]`)).toHaveCount(0);
  await expectNoAxeViolations(other);
  await context.close();
});
