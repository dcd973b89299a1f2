// Your orders (/yourOrders): the list, cancelling with its confirm and reason dialogs, removing a
// cancelled order, and tracking. Every journey signs up its own shopper and places its own orders.
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA, TRAIL } from './support/catalogue.ts';
import {
  cancelOrder,
  lahoreAddressOf,
  placeOrder,
  signUp,
  type Shopper,
} from './support/shopper.ts';
import { drawer, signInBeforeLoad, tabToElement, toast, untilAnswered } from './support/ui.ts';

const PLACED_MESSAGE =
  'Your order has been placed. It usually takes 2-3 business days to process and dispatch.';

const orderLine = (page: Page, id: string) =>
  page.locator(`[data-testid="order-line"][data-order-id="${id}"]`);

/** Opens /yourOrders and waits for its first answer (a function's first call can take seconds). */
async function openOrders(page: Page) {
  await page.goto('/yourOrders');
  await hydrated(page, 'OrdersList');
  await expect(
    page.locator('[data-testid="order-line"], .orders-empty, .signin-prompt').first(),
  ).toBeVisible({ timeout: 15_000 });
}

/** A new shopper with one placed order, signed in on this page; /yourOrders is open. */
async function shopperWithAnOrder(page: Page): Promise<{ shopper: Shopper; id: string }> {
  const shopper = await signUp(page.request, { tag: 'orders', name: 'Hira Aslam' });
  const id = await placeOrder(page.request, shopper);
  await signInBeforeLoad(page, shopper);
  await openOrders(page);
  return { shopper, id };
}

test('asks a signed-out visitor to log in, and the button opens the login drawer', async ({
  page,
}) => {
  await openOrders(page);
  await expect(page.getByText('Please log in to see your orders.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(drawer(page)).toBeVisible();
});

test('shows the empty state with a link back to the collections', async ({ page, request }) => {
  await signInBeforeLoad(page, await signUp(request, { tag: 'newcomer', name: 'Hira Aslam' }));
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
  const { id } = await shopperWithAnOrder(page);
  const line = orderLine(page, id);
  await expect(line).toBeVisible();
  await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
  await expect(line.getByText(/Colour: .+ · Qty: 1/)).toBeVisible();
  await expect(line.locator('.order-items img')).toHaveCount(1);
  await expect(line.getByText('₨250', { exact: true })).toBeVisible();
  // The method as the checkout named it, never its code "COD", and what is true of its payment.
  await expect(
    line.getByText('Cash on Delivery · Pay in cash when it arrives', { exact: true }),
  ).toBeVisible();
  await expect(line.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await expect(line.getByRole('link', { name: 'Track Order' })).toBeVisible();
  await expect(line.getByRole('button', { name: 'Remove Order' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('cancelling', () => {
  test('cancels after the confirm and reason dialogs; Confirm needs a reason', async ({ page }) => {
    const { id } = await shopperWithAnOrder(page);
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
    await untilAnswered(page, '/api/order/cancel', () =>
      reasons.getByRole('button', { name: 'Confirm' }).click(),
    );
    await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
    await expect(reasons).toBeHidden();
    await expect(line.locator('.order-status')).toHaveText('Status: Cancelled');
    await expect(line.getByText('Cancellation reason: Ordered by mistake')).toBeVisible();
    await expect(line.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await expect(line.getByRole('link', { name: 'Track Order' })).toHaveCount(0);
  });

  test('"No, keep it" closes the confirm step and leaves the order alone', async ({ page }) => {
    const { id } = await shopperWithAnOrder(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'No, keep it' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel order' })).toBeHidden();
    await expect(line.getByRole('button', { name: 'Cancel Order' })).toBeFocused();
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
    // The list as the server now has it says the same.
    await openOrders(page);
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
  });

  test('the whole cancel flow works with the keyboard alone', async ({ page }) => {
    const { id } = await shopperWithAnOrder(page);
    const line = orderLine(page, id);
    await tabToElement(page, line.getByRole('button', { name: 'Cancel Order' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await expect(confirm).toBeVisible();
    await tabToElement(page, confirm.getByRole('button', { name: 'Yes, cancel it' }));
    await page.keyboard.press('Enter');
    const reasons = page.getByRole('dialog', { name: 'Reason for cancelling' });
    await expect(reasons).toBeVisible();
    await tabToElement(page, reasons.getByRole('button', { name: 'Confirm' }));
    await page.keyboard.press('Enter');
    await expect(reasons.getByText('Please select a cancellation reason.')).toBeVisible();
    // Shift+Tab enters the radio group (on its last radio while none is checked); Space checks it.
    await tabToElement(page, reasons.locator('input[type="radio"]:focus'), 'Shift+Tab');
    await page.keyboard.press('Space');
    await expect(reasons.getByRole('radio', { checked: true })).toHaveCount(1);
    await tabToElement(page, reasons.getByRole('button', { name: 'Confirm' }));
    await untilAnswered(page, '/api/order/cancel', () => page.keyboard.press('Enter'));
    await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
    await expect(line.locator('.order-status')).toHaveText('Status: Cancelled');
    await expect(line.getByRole('heading')).toBeFocused();
  });

  test('Escape closes the reason dialog without cancelling', async ({ page }) => {
    const { id } = await shopperWithAnOrder(page);
    const line = orderLine(page, id);
    await line.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Reason for cancelling' })).toBeHidden();
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
    // The list as the server now has it says the same.
    await openOrders(page);
    await expect(line.locator('.order-status')).toHaveText('Status: Order Placed');
  });

  test('Remove Order hides a cancelled order, also after a reload', async ({ page, request }) => {
    const shopper = await signUp(request, { tag: 'remove', name: 'Hira Aslam' });
    const kept = await placeOrder(request, shopper);
    const removed = await placeOrder(request, shopper);
    await cancelOrder(request, shopper, removed);
    await signInBeforeLoad(page, shopper);
    await openOrders(page);
    const line = orderLine(page, removed);
    await line.getByRole('button', { name: 'Remove Order' }).click();
    await expect(toast(page, 'Order removed from your list')).toBeVisible();
    await expect(line).toHaveCount(0);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('removedCancelledOrders') ?? '[]') as string[],
    );
    expect(stored).toContain(removed);
    await openOrders(page);
    // The list has come (the order kept shows) before the removed one is looked for.
    await expect(orderLine(page, kept)).toBeVisible();
    await expect(line).toHaveCount(0);
  });
});

test.describe('buying again', () => {
  test("Buy Again on a cancelled order puts its lines in the account's cart at their quantities and opens the cart", async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'again', name: 'Hira Aslam' });
    const placed = await request.post('/api/order/COD', {
      headers: { token: shopper.token },
      data: {
        items: [
          { productId: MARGALLA.id, selectedColor: 'Black', imageIndex: 0, quantity: 3 },
          { productId: TRAIL.id, selectedColor: 'Olive', imageIndex: 0, quantity: 1 },
        ],
        address: lahoreAddressOf(shopper),
        currency: 'PKR',
        paymentMethod: 'COD',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    await cancelOrder(request, shopper, orderId);
    await signInBeforeLoad(page, shopper);
    await openOrders(page);
    // Only a past order (delivered or cancelled) offers it.
    await expect(orderLine(page, orderId).getByRole('button', { name: 'Buy Again' })).toHaveCount(
      1,
    );
    await expectNoAxeViolations(page);
    await orderLine(page, orderId).getByRole('button', { name: 'Buy Again' }).click();
    await page.waitForURL('**/Cart');
    await expect(
      page.getByRole('group', { name: `Quantity of ${MARGALLA.name}` }).getByRole('spinbutton'),
    ).toHaveValue('3');
    await expect(
      page.getByRole('group', { name: /^Quantity of Karakoram Trail/ }).getByRole('spinbutton'),
    ).toHaveValue('1');
    // The account's cart on the server holds them too.
    const cart = await request.post('/api/cart/get', {
      headers: { token: shopper.token },
      data: {},
    });
    expect(await cart.json()).toMatchObject({
      cartData: { [MARGALLA.id]: { Black: { '0': 3 } }, [TRAIL.id]: { Olive: { '0': 1 } } },
    });
  });
});

test.describe('tracking', () => {
  // Track Order opens the order's own page (its status, timeline and tracking).
  test("Track Order opens the order's page with its status message", async ({ page }) => {
    const { id } = await shopperWithAnOrder(page);
    await orderLine(page, id).getByRole('link', { name: 'Track Order' }).click();
    await page.waitForURL(`**/yourOrders/order?n=${id.slice(-8).toUpperCase()}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Order #${id.slice(-8).toUpperCase()}` }),
    ).toBeVisible();
    await expect(page.getByText(PLACED_MESSAGE)).toBeVisible();
  });

  test("the footer's Track My Order link highlights Track buttons for 5 seconds, then clears the flag", async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'track', name: 'Hira Aslam' });
    const id = await placeOrder(request, shopper);
    await signInBeforeLoad(page, shopper);
    await page.goto('/faq/orders');
    await page
      .getByRole('navigation', { name: 'Customer care' })
      .getByRole('link', { name: 'Track My Order' })
      .click();
    await page.waitForURL('**/yourOrders');
    const track = orderLine(page, id).getByRole('link', { name: 'Track Order' });
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
