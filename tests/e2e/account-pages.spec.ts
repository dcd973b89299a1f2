import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';

const PASSWORD = 'correct horse battery';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PLACED_MESSAGE =
  'Your order has been placed. It usually takes 2-3 business days to process and dispatch.';

interface Account {
  token: string;
  email: string;
  name: string;
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const orderLine = (page: Page, id: string) =>
  page.locator(`[data-testid="order-line"][data-order-id="${id}"]`);

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
}

/** Registers a new user through the API. The server allows 10 registrations an hour per address, so tests share accounts. */
async function registerUser(page: Page, tag: string, name = 'Hira Aslam'): Promise<Account> {
  const email = uniqueEmail(tag);
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { email: string; name: string } };
  return { token: body.token, email: body.user.email, name: body.user.name };
}

const accounts = new Map<string, Promise<Account>>();

/** One account per role for the whole file (created on first use). */
function account(page: Page, role: 'shopper' | 'newcomer'): Promise<Account> {
  let found = accounts.get(role);
  if (!found) {
    found = registerUser(page, role);
    accounts.set(role, found);
  }
  return found;
}

/** Signs the browser in before any page script runs, on every navigation. */
async function signInBrowser(page: Page, user: Account) {
  await page.addInitScript((u) => {
    localStorage.setItem('token', u.token);
    localStorage.setItem('email', u.email);
    localStorage.setItem('name', u.name);
  }, user);
}

/** Places a COD order for the first in-stock product of the catalogue; returns its id. */
async function placeOrder(page: Page, user: Account): Promise<string> {
  const list = (await (await page.request.get('/api/product/list')).json()) as {
    products: { _id: string; colors: string[]; stock: boolean }[];
  };
  const product = list.products.find((p) => p.stock);
  if (!product) throw new Error('No product in stock');
  const res = await page.request.post('/api/order/COD', {
    headers: { token: user.token },
    data: {
      items: [
        { productId: product._id, selectedColor: product.colors[0], imageIndex: 0, quantity: 1 },
      ],
      address: {
        firstName: 'Hira',
        lastName: 'Aslam',
        email: user.email,
        address1: '7 Jail Road',
        country: 'Pakistan',
        city: 'Lahore',
        state: 'Punjab',
        zip: '54000',
        mobile: '+92 300 7654321',
      },
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { orderId: string }).orderId;
}

async function cancelByApi(page: Page, user: Account, orderId: string) {
  const res = await page.request.post('/api/order/cancel', {
    headers: { token: user.token },
    data: { orderId, reason: 'Other' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the element has focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 80; i++) {
    const focused =
      (await target.count()) === 1 &&
      (await target.evaluate((el) => el === document.activeElement));
    if (focused) return;
    await page.keyboard.press(key);
  }
  throw new Error('Tab never reached the element');
}

/** Opens /yourOrders and waits for its first answer (a function's first call can take seconds). */
async function openOrders(page: Page) {
  await page.goto('/yourOrders');
  await hydrated(page, 'OrdersList');
  await expect(
    page.locator('[data-testid="order-line"], .orders-empty, .signin-prompt').first(),
  ).toBeVisible({ timeout: 15_000 });
}

test.describe('your orders', () => {
  test('asks a signed-out visitor to log in, and the button opens the login drawer', async ({
    page,
  }) => {
    await openOrders(page);
    await expect(page.getByText('Please log in to see your orders.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.locator('dialog.drawer[open]')).toBeVisible();
  });

  test('shows the empty state with a link back to the collections', async ({ page }) => {
    await signInBrowser(page, await account(page, 'newcomer'));
    await openOrders(page);
    await expect(page.getByText('You have not ordered anything')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Collections' })).toHaveAttribute(
      'href',
      '/Collections',
    );
    await expectNoAxeViolations(page);
  });

  test('lists a placed order with its status, items, amounts and payment method', async ({
    page,
  }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await expect(line).toBeVisible();
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
    await expect(line.getByText(/Colour: .+ · Qty: 1/)).toBeVisible();
    await expect(line.locator('.order-items img')).toHaveCount(1);
    await expect(line.getByText('₨250', { exact: true })).toBeVisible();
    await expect(line.getByText('COD', { exact: true })).toBeVisible();
    await expect(line.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
    await expect(line.getByRole('button', { name: 'Track Order' })).toBeVisible();
    await expect(line.getByRole('button', { name: 'Remove Order' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('cancels after the confirm and reason dialogs; Confirm needs a reason', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await expect(confirm.getByText('Are you sure you want to cancel this order?')).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    const reasons = page.getByRole('dialog', { name: 'Reason for cancelling' });
    await expect(reasons.getByRole('radio')).toHaveCount(5);
    await reasons.getByRole('button', { name: 'Confirm' }).click();
    await expect(reasons.getByText('Please select a cancellation reason.')).toBeVisible();
    await expectNoAxeViolations(page);
    await reasons.getByLabel('Ordered by mistake').check();
    await expect(reasons.getByText('Please select a cancellation reason.')).toHaveCount(0);
    await reasons.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
    await expect(reasons).toBeHidden();
    await expect(line.locator('.order-status')).toHaveText('Status: Cancelled');
    await expect(line.getByText('Cancellation reason: Ordered by mistake')).toBeVisible();
    await expect(line.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expect(line.getByRole('button', { name: 'Track Order' })).toHaveCount(0);
  });

  test('"No, keep it" closes the confirm step and leaves the order alone', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'No, keep it' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel order' })).toBeHidden();
    await expect(line.getByRole('button', { name: 'Cancel Order' })).toBeFocused();
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
  });

  test('the whole cancel flow works with the keyboard alone', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await tabTo(page, line.getByRole('button', { name: 'Cancel Order' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole('button', { name: 'Yes, cancel it' }));
    await page.keyboard.press('Enter');
    const reasons = page.getByRole('dialog', { name: 'Reason for cancelling' });
    await expect(reasons).toBeVisible();
    await tabTo(page, reasons.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(reasons.getByText('Please select a cancellation reason.')).toBeVisible();
    // Shift+Tab enters the radio group (on its last radio while none is checked); Space checks it.
    await tabTo(page, reasons.locator('input[type="radio"]:focus'), 'Shift+Tab');
    await page.keyboard.press('Space');
    await expect(reasons.getByRole('radio', { checked: true })).toHaveCount(1);
    await tabTo(page, reasons.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
    await expect(line.locator('.order-status')).toHaveText('Status: Cancelled');
    await expect(line.getByRole('heading')).toBeFocused();
  });

  test('Escape closes the reason dialog without cancelling', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Reason for cancelling' })).toBeHidden();
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
  });

  test('Remove Order hides a cancelled order, also after a reload', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await cancelByApi(page, user, id);
    await signInBrowser(page, user);
    await openOrders(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Remove Order' }).click();
    await expect(toast(page, 'Order removed from your list')).toBeVisible();
    await expect(line).toHaveCount(0);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('removedCancelledOrders') ?? '[]') as string[],
    );
    expect(stored).toContain(id);
    await openOrders(page);
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await expect(line).toHaveCount(0);
  });

  test('Track Order re-fetches the list and shows the status message', async ({ page }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await openOrders(page);
    const track = orderLine(page, id).getByRole('button', { name: 'Track Order' });
    const refetch = page.waitForRequest('**/api/order/userorders');
    await track.click();
    await refetch;
    await expect(toast(page, PLACED_MESSAGE)).toBeVisible();
  });

  test.describe('with the orders call aborted on purpose', () => {
    test.use({ allowConsole: [/^Failed to load resource: net::ERR_FAILED$/] });

    test('Track Order says when the order is gone or the list cannot be fetched', async ({
      page,
    }) => {
      const user = await account(page, 'shopper');
      const id = await placeOrder(page, user);
      await signInBrowser(page, user);
      await openOrders(page);
      const track = orderLine(page, id).getByRole('button', { name: 'Track Order' });
      await expect(track).toBeVisible();
      await page.route('**/api/order/userorders', (route) =>
        route.fulfill({ json: { success: true, orders: [] } }),
      );
      await track.click();
      await expect(toast(page, 'Order not found.')).toBeVisible();
      await page.unroute('**/api/order/userorders');

      await openOrders(page);
      await expect(track).toBeVisible();
      await page.route('**/api/order/userorders', (route) => route.abort());
      await track.click();
      await expect(toast(page, 'Unable to track order at the moment.')).toBeVisible();
    });
  });

  test("the footer's Track My Order link highlights Track buttons for 5 seconds, then clears the flag", async ({
    page,
  }) => {
    const user = await account(page, 'shopper');
    const id = await placeOrder(page, user);
    await signInBrowser(page, user);
    await page.goto('/faq/orders');
    await page
      .getByRole('navigation', { name: 'Customer care' })
      .getByRole('link', { name: 'Track My Order' })
      .click();
    await page.waitForURL('**/yourOrders');
    const track = orderLine(page, id).getByRole('button', { name: 'Track Order' });
    await expect(track).toHaveClass(/track-highlight/, { timeout: 15_000 });
    expect(
      await page.evaluate(() => localStorage.getItem('highlightAllTrackOrder')),
    ).not.toBeNull();
    await expect(track).not.toHaveClass(/track-highlight/, { timeout: 8000 });
    expect(await page.evaluate(() => localStorage.getItem('highlightAllTrackOrder'))).toBeNull();
    await openOrders(page);
    await expect(track).toBeVisible();
    await expect(track).not.toHaveClass(/track-highlight/);
  });
});

test.describe('my setting', () => {
  test('asks a signed-out visitor to log in', async ({ page }) => {
    await page.goto('/mySetting');
    await hydrated(page, 'Settings');
    await expect(page.getByText('Please log in to view your settings.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shows defaults, edits, saves and shows the saved values', async ({ page }) => {
    const user = await account(page, 'newcomer');
    await page.addInitScript(
      (email) => localStorage.removeItem(`userSettings_${email}`),
      user.email,
    );
    await signInBrowser(page, user);
    await page.goto('/mySetting');
    await hydrated(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Customer Settings' })).toBeVisible();
    await expect(page.locator('[data-field="name"]')).toHaveText(user.name);
    await expect(page.locator('[data-field="email"]')).toHaveText(user.email);
    await expect(page.locator('[data-field="gender"]')).toHaveText('Prefer not to say');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit settings' });
    await expect(form.getByLabel('Gender')).toBeFocused();
    await expect(form.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('E-mail')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Date of birth')).toHaveAttribute('placeholder', 'MM/DD');
    await expectNoAxeViolations(page);
    await form.getByLabel('Gender').selectOption('Female');
    await form.getByLabel('Date of birth').fill('04/23');
    await form.getByLabel('Phone').fill('+92 300 1112223');
    await form.getByLabel('Address').fill('7 Jail Road, Lahore');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(page.locator('[data-field="gender"]')).toHaveText('Female');
    await expect(page.locator('[data-field="dob"]')).toHaveText('04/23');
    await expect(page.locator('[data-field="phone"]')).toHaveText('+92 300 1112223');
    await expect(page.locator('[data-field="address"]')).toHaveText('7 Jail Road, Lahore');
    const stored = await page.evaluate(
      (email) => JSON.parse(localStorage.getItem(`userSettings_${email}`) ?? 'null') as unknown,
      user.email,
    );
    expect(stored).toEqual({
      name: user.name,
      email: user.email,
      gender: 'Female',
      dob: '04/23',
      phone: '+92 300 1112223',
      address: '7 Jail Road, Lahore',
    });

    // Cancel throws the edits away and shows the saved values again.
    await page.getByRole('button', { name: 'Edit' }).click();
    await form.getByLabel('Gender').selectOption('Male');
    await form.getByLabel('Phone').fill('0000');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('[data-field="gender"]')).toHaveText('Female');
    await expect(page.locator('[data-field="phone"]')).toHaveText('+92 300 1112223');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByLabel('Gender')).toHaveValue('Female');
    await expect(form.getByLabel('Phone')).toHaveValue('+92 300 1112223');
  });
});

test.describe('favourites', () => {
  for (const route of ['/favourites', '/yourFavourites']) {
    test(`${route} shows the empty text when nothing is saved`, async ({ page }) => {
      await page.goto(route);
      await hydrated(page, 'FavouritesPage');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Your Favourite Bags' }),
      ).toBeVisible();
      await expect(page.getByText('Oops, You Have No Favourites yet')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('a product saved on /Collections shows as a card after a reload', async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const card = page.locator('.card').first();
    const name = (await card.locator('.card-name').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: 'Add To Your Favourite' }).click();
    await expect(card.getByRole('button', { name: 'Remove from Favourite' })).toBeVisible();
    for (const route of ['/favourites', '/yourFavourites']) {
      await page.goto(route);
      await page.reload();
      await hydrated(page, 'FavouritesPage');
      const saved = page.locator('main .card');
      await expect(saved).toHaveCount(1);
      await expect(saved.getByRole('link', { name })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.locator('main .card').getByRole('button', { name: 'Remove from Favourite' }).click();
    await expect(page.getByText('Oops, You Have No Favourites yet')).toBeVisible();
  });
});
