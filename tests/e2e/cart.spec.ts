// The cart: Add To Cart and the panel it opens, the /Cart page, quantities and their limits, and
// a guest's cart meeting the shopper's account on sign-up and sign-in.
import { expect, test } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { DESKTOP, GWADAR, MARGALLA, PHONE, TRAIL } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import {
  addToServerCart,
  PASSWORD,
  serverCart,
  serverCartOf,
  signUp,
  uniqueEmail,
} from './support/shopper.ts';
import {
  addToCart,
  cartOf,
  cartPanel,
  drawer,
  logIn,
  openAccount,
  registerInDrawer,
  storeBeforeLoad,
  toast,
  untilAnswered,
} from './support/ui.ts';

test.describe('adding to the cart', () => {
  test('at 1366×900, the first Add To Cart and the first favourite raise no React error', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(cartPanel(page)).toBeVisible();
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    await page
      .locator('.card')
      .first()
      .getByRole('button', { name: /Add To Your Favourite/ })
      .click();
    await expect(
      page
        .locator('.card')
        .first()
        .getByRole('button', { name: /Remove from Favourite/ }),
    ).toBeVisible();
  });

  test('at 1366×900, adding 60 and then 60 more of one line says only 40 were added, the most being 100', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('60');
    await quantity.press('Enter');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await cartPanel(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(cartPanel(page).getByRole('alert')).toHaveText(
      'Only 40 added: 100 is the most per line, and your cart now holds 100.',
    );
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain('"Black":{"0":100}');
  });
});

test.describe('the cart panel and the cart page', () => {
  test('the cart panel steps quantities within 1 to 100, removes lines and links to checkout', async ({
    page,
  }) => {
    await addToCart(page, MARGALLA.path);
    const panel = cartPanel(page);
    await expect(panel.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(panel.getByRole('spinbutton')).toHaveValue('2');
    await expect(panel.getByRole('link', { name: 'View My Cart (2)' })).toBeVisible();
    await panel.getByRole('button', { name: /^Remove / }).click();
    // Nothing was just added any more: the emptied panel is the cart.
    const emptied = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(emptied.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(emptied.getByText('Your cart is empty.')).toBeVisible();
    await expect(emptied.getByRole('link', { name: 'Checkout Now' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expectNoAxeViolations(page);
  });

  test('at 1366×900, the empty cart page shows its subtotal once', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/Cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Subtotal', { exact: true })).toHaveCount(1);
  });

  test('at 390×844 by keyboard, in the cart panel a − that reaches 1 keeps focus, and Remove focuses the next line, then the empty cart', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await storeBeforeLoad(page, { cartItems_guest: cartOf({ [TRAIL.id]: 'Olive' }) });
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Increase quantity' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).focus();
    await page.keyboard.press('Enter');
    const panel = cartPanel(page);
    await expect(panel.locator('.cart-line')).toHaveCount(2);
    const margalla = panel.getByRole('group', { name: `Quantity of ${MARGALLA.name}` });
    await margalla.getByRole('button', { name: 'Decrease quantity' }).focus();
    await page.keyboard.press('Enter');
    await expect(margalla.getByRole('spinbutton')).toHaveValue('1');
    await expect(margalla.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();
    await panel
      .getByRole('button', { name: /^Remove / })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(panel.getByRole('button', { name: /^Remove / })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog', { name: 'Your Cart' }).getByText('Your cart is empty.'),
    ).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('a Remove pressed before the frame that follows a − still focuses the next line', async ({
    page,
  }) => {
    await storeBeforeLoad(page, { cartItems_guest: cartOf({ [TRAIL.id]: 'Olive' }) });
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Increase quantity' }).click();
    await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).click();
    const panel = cartPanel(page);
    await expect(panel.locator('.cart-line')).toHaveCount(2);
    // A busy phone draws the − at once but runs what follows its drawing only at the next frame;
    // the Remove pressed meanwhile must still be followed by focus on the line left.
    const drawnBeforeRemove = await page.evaluate(async (margalla) => {
      const sheet = document.querySelector('dialog.cart-panel[open]:not([data-shell])')!;
      const quantity = sheet.querySelector<HTMLInputElement>(
        `[role="group"][aria-label="Quantity of ${margalla}"] input`,
      )!;
      sheet
        .querySelector<HTMLButtonElement>(
          `[role="group"][aria-label="Quantity of ${margalla}"] [aria-label="Decrease quantity"]`,
        )!
        .click();
      // The island draws in a microtask; a frame is a task away.
      for (let i = 0; i < 10 && quantity.value !== '1'; i++) await Promise.resolve();
      const drawn = quantity.value === '1';
      const remove = [...sheet.querySelectorAll<HTMLButtonElement>('.cart-line .remove')].find(
        (button) => !button.getAttribute('aria-label')!.includes(margalla),
      )!;
      remove.focus();
      remove.click();
      return drawn;
    }, MARGALLA.name);
    expect(drawnBeforeRemove).toBe(true);
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(
      panel.getByRole('button', { name: `Remove ${MARGALLA.name} (Black)` }),
    ).toBeFocused();
  });

  test('at 390×844 by keyboard, on /Cart a − that reaches 1 keeps focus, and Remove focuses the next line, then the empty cart', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await storeBeforeLoad(page, {
      cartItems_guest: JSON.stringify({
        [MARGALLA.id]: { Black: { '0': 2 } },
        [TRAIL.id]: { Olive: { '0': 1 } },
      }),
    });
    await page.goto('/Cart');
    const margalla = page.getByRole('group', { name: `Quantity of ${MARGALLA.name}` });
    await margalla.getByRole('button', { name: 'Decrease quantity' }).focus();
    await page.keyboard.press('Enter');
    await expect(margalla.getByRole('spinbutton')).toHaveValue('1');
    await expect(margalla.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();
    const removes = page.locator('main').getByRole('button', { name: /^Remove / });
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await expect(removes).toHaveCount(1);
    await expect(removes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main').getByText('Your cart is empty.')).toBeFocused();
  });
});

test.describe("the guest's cart and the account", () => {
  test('a guest cart merges into the account on register, survives sign-out and comes back on login', async ({
    page,
  }) => {
    await addToCart(page, MARGALLA.path);
    await addToCart(page, GWADAR.path);
    await page.keyboard.press('Escape');
    const email = uniqueEmail('merge');
    await registerInDrawer(page, email);
    await expect
      .poll(() => serverCart(page))
      .toEqual({
        [MARGALLA.id]: { Black: { '0': 1 } },
        [GWADAR.id]: expect.any(Object),
      });
    expect(await page.evaluate(() => localStorage.getItem('cartItems_guest'))).toBeNull();

    await openAccount(page);
    await expect(page.getByText('Welcome, Sana Tariq!')).toBeVisible();
    await untilAnswered(page, '/api/user/logout', () =>
      page.getByRole('button', { name: 'Sign Out' }).click(),
    );
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('email'),
        localStorage.getItem('name'),
      ]),
    ).toEqual([null, null, null]);

    await logIn(page, email);
    await expect(toast(page, 'You are logged in!')).toBeVisible();
    await expect(page.locator('[data-cart-count]')).toHaveText('2');
  });

  test("at 1366×900, signing in keeps the account's saved line and adds the guest's other colour", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const shopper = await signUp(request, { tag: 'merge-lines', name: 'Merge Lines' });
    await addToServerCart(request, shopper, { quantity: 2 });
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.getByRole('radio', { name: 'Grey' }).check();
    await page.getByLabel('Quantity', { exact: true }).fill('5');
    await page.getByLabel('Quantity', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await cartPanel(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /Log in or create an account/ }).click();
    await drawer(page).getByLabel('Email').fill(shopper.email);
    await drawer(page).getByLabel('Password').fill(PASSWORD);
    await untilAnswered(page, '/api/user/login', () =>
      drawer(page).getByRole('button', { name: 'Log In' }).click(),
    );
    await expect(toast(page, 'You are logged in!')).toBeVisible();
    // The welcome shows at once; the guest cart is merged on the server just after it.
    await expect
      .poll(() => serverCartOf(request, shopper.token))
      .toEqual({ [MARGALLA.id]: { Black: { '0': 2 }, Grey: { '0': 5 } } });
  });
});
