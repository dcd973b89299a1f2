// At 390 px with touch: a signed-in shopper places an order at checkout (whose Country starts as
// Pakistan when no shipping country was chosen), changes its delivery address on the order page
// (the checkout's fields, pre-filled, the country fixed and why), sees it there and in the mail,
// and the desk's order screen shows the new address and that the shopper changed it. Once the
// desk moves the order to Packing the page no longer offers the change. axe checks each new state.
import { budget, expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { enrolledMember, mailsTo, openDeskAs } from './support/desk.ts';
import { hydrated } from './support/islands.ts';
import { signUp, uniqueEmail } from './support/shopper.ts';
import { addToCart, fillShipping, signInBeforeLoad } from './support/ui.ts';

test.use(TOUCH_PHONE);

const short = (id: string) => id.slice(-8).toUpperCase();

/** Opens the order page of `number` and waits for its island. */
async function openOrderPage(page: Page, number: string) {
  await page.goto(`/yourOrders/order?n=${number}`);
  await hydrated(page, 'OrderPage');
}

test('the checkout starts in Pakistan with its regions when no shipping country was chosen', async ({
  page,
}) => {
  await addToCart(page, MARGALLA.path);
  await page.goto('/Checkout');
  await hydrated(page, 'Checkout');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toBeEnabled();
  await expect(state.getByRole('option', { name: 'Punjab' })).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
  await expect(page.getByTestId('summary-shipping')).toHaveText('₨250');
  await expectNoAxeViolations(page);
});

test('a shopper changes the delivery address of an order not yet packed; the page, the mail and the desk show the new one', async ({
  page,
  request,
}) => {
  test.setTimeout(budget(120_000));
  const shopper = await signUp(request, { tag: 'address', name: 'Sana Tariq' });
  await signInBeforeLoad(page, shopper);
  await addToCart(page, MARGALLA.path);
  await page.goto('/Checkout');
  await hydrated(page, 'Checkout');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
  await fillShipping(page);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  const placed = page.waitForResponse('**/api/order/COD');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const { orderId } = (await (await placed).json()) as { orderId: string };
  const number = short(orderId);

  await openOrderPage(page, number);
  const detail = page.getByTestId('order-page');
  await expect(detail.locator('address')).toContainText('12 Canal View Road');
  // The form's code loads only when it is opened.
  const formLoaded = page.waitForRequest(/AddressChange/);
  await detail.getByRole('button', { name: 'Change address' }).click();
  await formLoaded;
  const form = page.getByRole('form', { name: 'Change the delivery address' });
  await expect(form.getByLabel('Address 1')).toHaveValue('12 Canal View Road');
  await expect(form.getByLabel('Country', { exact: true })).toBeDisabled();
  await expect(form.getByLabel('Country', { exact: true })).toHaveAccessibleDescription(
    "The country cannot be changed: it decides the order's currency, delivery fee and payment. To ship to another country, cancel this order and place a new one.",
  );
  await expectNoAxeViolations(page);

  // The checkout's rules: an emptied City says so once left, and Save, refused, goes back to it.
  await form.getByLabel('City').fill('');
  await form.getByLabel('City').blur();
  await expect(form.getByText('City is required', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('City')).toBeFocused();
  await expect(form.getByLabel('City')).toHaveAccessibleDescription('City is required');
  await expectNoAxeViolations(page);

  await form.getByLabel('Address 1').fill('44 Sea View Road');
  await form.getByLabel('State', { exact: true }).selectOption('Sindh');
  await form.getByLabel('City').fill('Karachi');
  await form.getByLabel('Zip code').fill('75500');
  const saved = page.waitForResponse('**/api/order/address');
  await form.getByRole('button', { name: 'Save address' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your delivery address has been changed.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(detail.locator('address')).toHaveText(
    'Sana Tariq44 Sea View RoadKarachi, Sindh 75500Pakistan+92 300 1234567',
  );
  await expect(detail.locator('.order-timeline li')).toHaveText([
    /Order Placed$/,
    /Delivery address changed$/,
  ]);
  await expect(page.getByRole('heading', { name: 'Delivering to' })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect
    .poll(() => mailsTo(shopper.email).map((m) => m.subject), { timeout: 15_000 })
    .toContain(`Your Bastaa order #${number}: delivery address changed`);
  const mail = mailsTo(shopper.email).find((m) => m.subject.endsWith('delivery address changed'))!;
  expect(mail.text).toContain('- 44 Sea View Road\n- Karachi, Sindh 75500\n- Pakistan');

  // The desk's order screen: the new address, and that the shopper changed it.
  const owner = await enrolledMember(request, uniqueEmail('address-owner'), 'owner', 'Asma Owner');
  const desk = await page.context().newPage();
  await openDeskAs(desk, owner, `#/orders/${number}`);
  await expect(desk.locator('.desk-address')).toContainText('44 Sea View Road');
  await expect(desk.locator('.desk-address')).toContainText('Karachi');
  await expect(desk.getByTestId('address-changed')).toHaveText(
    /^The shopper changed this address on .+\.$/,
  );
  await expect(desk.locator('.desk-timeline li[data-kind="address"]')).toContainText(
    'Delivery address changed by the shopper',
  );
  await expectNoAxeViolations(desk);

  // Once the desk moves it to Packing, the page no longer offers the change.
  const moved = await request.post('/api/desk/orders/move', {
    headers: { token: owner.token },
    data: { order: orderId, from: 'Order Placed', to: 'Packing' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await openOrderPage(page, number);
  await expect(detail.locator('.order-status')).toHaveText('Status: Packing');
  await expect(detail.getByRole('button', { name: 'Change address' })).toHaveCount(0);
});
