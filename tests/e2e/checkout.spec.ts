// The checkout: the shipping form and its validation, payment methods and currency by shipping
// country, placing an order (signed out, signed in, by keyboard alone), the thank-you dialog, and
// the page on a phone and before it has hydrated.
import { budget, expect, test, type Page } from './support/test.ts';
import { hydrated, untilHydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA, PHONE, TOUCH_PHONE } from './support/catalogue.ts';
import { alertsHeard, expectNoAxeViolations } from './support/a11y.ts';
import { ratesServiceDown } from './support/rates.ts';
import { openEarly, slowPhone, SLOW_PHONE } from './support/slow-phone.ts';
import {
  addToServerCart,
  ordersOf,
  PASSWORD,
  placeOrder,
  signUp,
  uniqueEmail,
} from './support/shopper.ts';
import {
  addToCart,
  cartOf,
  chooseCountry,
  drawer,
  fillShipping,
  fillShippingByKeyboard,
  focused,
  registerInDrawer,
  scrollAtRest,
  signInBeforeLoad,
  storeBeforeLoad,
  tabTo,
  toast,
  untilAnswered,
  thanksDialog,
} from './support/ui.ts';

/** One Margalla in Black in a guest's stored cart. */
const guestCart = () => ({ cartItems_guest: cartOf({ [MARGALLA.id]: 'Black' }) });

/** The sections of the checkout page, by heading. */
const section = (page: Page, heading: string) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

test.describe('the shipping form and placing an order', () => {
  test('an empty submit shows every validation message; a PKR COD order is placed and the cart empties', async ({
    page,
  }) => {
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await expect(page.getByRole('link', { name: 'Select your country' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
    for (const method of ['Bank Transfer', 'JazzCash', 'EasyPaisa'])
      await expect(page.getByRole('radio', { name: method })).toBeVisible();
    // No shipping country chosen yet: the form starts in Pakistan, with Pakistan's regions.
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
    await expect(page.getByLabel('State')).toBeEnabled();
    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Address 1 is required',
      'State is required',
      'City is required',
      'Zip code is required',
      'Mobile number is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The State select is disabled while no country is chosen: its error waits until it can be fixed.
    await page.getByLabel('Country', { exact: true }).selectOption('');
    await expect(page.getByLabel('State')).toBeDisabled();
    await expect(page.getByText('Country is required', { exact: true })).toBeVisible();
    await expect(page.getByText('State is required', { exact: true })).toHaveCount(0);
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await expect(page.getByText('State is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Mobile number').fill('12ab');
    await page.getByLabel('Mobile number').blur();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid mobile number', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await fillShipping(page);
    await page.getByLabel('Country', { exact: true }).selectOption('India');
    await expect(page.getByLabel('State')).toHaveValue('');
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await page.getByLabel('State').selectOption('Punjab');
    await expect(page.getByTestId('summary-shipping')).toHaveText('₨250');
    await expect(page.getByTestId('summary-tax')).toHaveText('₨0');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(drawer(page).getByRole('alert')).toHaveText('Please login to place your order.');
    await page.keyboard.press('Escape');
    await registerInDrawer(page, uniqueEmail('buyer'));
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).dblclick(),
    );
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
    await expect(thanks.getByRole('link', { name: 'See Your Orders' })).toBeVisible();
    await expect(thanks.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'Order Placed',
      paymentMethod: 'COD',
      currency: 'PKR',
      deliveryFee: 250,
    });
  });

  test('a double-click on Place Order whose order is answered between its two clicks keeps the thank-you open, and one click outside it then closes it', async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'double' });
    await signInBeforeLoad(page, shopper, {
      [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
    });
    await addToServerCart(request, shopper);
    await page.goto('/Checkout');
    await fillShipping(page);
    // The page at rest before the button's place is read: the cart's line and its totals drawn (a
    // line drawn later moves Place Order down), the button enabled and still.
    await expect(page.locator('.review-items li')).toHaveCount(1);
    await expect(page.getByTestId('summary-shipping')).toHaveText('₨250');
    const place = page.getByRole('button', { name: 'Place Order' });
    await place.click({ trial: true });
    const button = (await place.boundingBox())!;
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    // The double-click's first click places the order; a loaded phone (or a quick shop) answers
    // it and opens the thank-you before the second click, which lands on the dialog's backdrop.
    await untilAnswered(page, '/api/order/COD', async () => {
      await page.mouse.down({ clickCount: 1 });
      await page.mouse.up({ clickCount: 1 });
    });
    const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
    await expect(thanks).toContainText('Order Placed Successfully!');
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    // Whatever the second click did has been drawn by the next frame.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
    await expect(thanks).toBeVisible();
    expect(await ordersOf(page)).toHaveLength(1);
    // A click of its own on the backdrop still closes it.
    await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await expect(thanks).toBeHidden();
  });

  test('at 1366×900, Payment follows Shipping Details and the Order Review stays in view while the form scrolls', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    const shipping = section(page, 'Shipping Details');
    const payment = section(page, 'Payment');
    const review = section(page, 'Order Review');
    await expect(review).toBeVisible();
    const s = (await shipping.boundingBox())!;
    const p = (await payment.boundingBox())!;
    expect(p.y - (s.y + s.height)).toBeLessThanOrEqual(32);
    // Scroll until the bottom of the Payment block meets the bottom of the window.
    await page.evaluate(() => {
      const payment = [...document.querySelectorAll('section')].find((s) =>
        s.querySelector('#payment'),
      )!;
      window.scrollBy(0, payment.getBoundingClientRect().bottom - window.innerHeight);
    });
    await scrollAtRest(page);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
    const r = (await review.boundingBox())!;
    expect(r.y).toBeGreaterThanOrEqual(64);
    expect(r.y).toBeLessThan(900);
  });

  test('at 1366×900, the message that opens the login drawer is said inside it once: never over the drawer, never again after it', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await fillShipping(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(drawer(page).getByRole('alert')).toHaveText('Please login to place your order.');
    // The drawer's title and close button are not covered: no message floats over the drawer.
    await expect(page.getByTestId('toast')).toBeHidden();
    await expect(drawer(page).getByRole('button', { name: 'Close' }).first()).toBeVisible();
    await page.waitForTimeout(1200); // seen in the drawer for longer than a glance
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(toast(page, 'Please login to place your order.')).toBeHidden();
  });

  test('the whole checkout works with the keyboard alone', async ({ page, request }) => {
    const shopper = await signUp(request, { tag: 'keys', name: 'Key Board' });
    await signInBeforeLoad(page, shopper, {
      [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }, 2),
    });
    await addToServerCart(request, shopper, { quantity: 2 });
    await page.goto('/Checkout');
    await page.getByLabel('First Name').waitFor();
    await page.getByLabel('First Name').focus();
    // Until the form has hydrated its State select is the server's, disabled, and Tab skips it.
    await untilHydrated(page, 'Checkout');
    const typeAndTab = async (text: string) => {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    };
    await typeAndTab('Key');
    await typeAndTab('Board');
    await typeAndTab('key.board@example.com');
    await typeAndTab('1 Mall Road');
    await page.keyboard.press('Tab'); // Address 2 is optional
    await typeAndTab('Pakistan');
    await typeAndTab('Sindh');
    await typeAndTab('Karachi');
    await typeAndTab('74000');
    await page.keyboard.type('03001234567');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
    await expect(page.getByLabel('State')).toHaveValue('Sindh');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (
        await page
          .getByRole('button', { name: 'Place Order' })
          .evaluate((b) => b === document.activeElement)
      )
        break;
    }
    await untilAnswered(page, '/api/order/COD', () => page.keyboard.press('Enter'));
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    await expect(page.getByRole('dialog', { name: 'Thank you for your order' })).toBeVisible();
  });
});

test.describe('messages and focus at 1366×900 by keyboard', () => {
  test.use({ viewport: DESKTOP });

  test('Enter in a form with errors focuses the first invalid field and announces the count', async ({
    page,
  }) => {
    await storeBeforeLoad(page, guestCart());
    await page.goto('/Checkout');
    // The form is server-rendered: its Place Order button stays disabled, so Enter does nothing,
    // until React has read the cart and its products have come. This journey is about what Enter
    // does once it can (on a busy machine the products can come well after hydration).
    await hydrated(page, 'Checkout');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await page.getByLabel('First Name').focus();
    await page.keyboard.type('Zara');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ahmed');
    await page.getByLabel('Mobile number').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Email is required',
    );
    // As many as it marks: the form starts in Pakistan, so its State is one of them (not Country).
    await expect(page.locator('form.checkout > [role="alert"]')).toHaveText(
      'Please correct 6 errors in the form.',
    );
    await expect(page.locator('form.checkout [aria-invalid="true"]')).toHaveCount(6);
    expect(await alertsHeard(page)).toEqual(['Please correct 6 errors in the form.']);
    // Fixing some and pressing Enter again says the new count and moves on to the next invalid field.
    await page.keyboard.type('zara.ahmed@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Mall Road');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('State')).toBeFocused();
    await expect(page.locator('form.checkout > [role="alert"]')).toHaveText(
      'Please correct 4 errors in the form.',
    );
    await expect(page.locator('form.checkout [aria-invalid="true"]')).toHaveCount(4);
    await expectNoAxeViolations(page);
  });

  test('"Please login to place your order." is heard in the drawer that opens with it', async ({
    page,
  }) => {
    await storeBeforeLoad(page, guestCart());
    await page.goto('/Checkout');
    await fillShippingByKeyboard(page);
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('alert')).toHaveText('Please login to place your order.');
    expect(await alertsHeard(page)).toEqual(['Please login to place your order.']);
    await expectNoAxeViolations(page);
  });

  test('closing the thank-you dialog focuses the page heading, not the disabled Place Order', async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'thanks' });
    await signInBeforeLoad(page, shopper, {
      [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
    });
    await addToServerCart(request, shopper);
    await page.goto('/Checkout');
    await fillShippingByKeyboard(page);
    await untilAnswered(page, '/api/order/COD', () => page.keyboard.press('Enter'));
    const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
    await expect(thanks).toBeVisible();
    await expect(focused(page)).toHaveAccessibleName('Close');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(thanks).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  });
});

test.describe('the shipping country decides currency and payment', () => {
  test('a UK shopper can pay by Bank Transfer (chosen first) or card and sees the fee and totals in pounds', async ({
    page,
  }) => {
    await chooseCountry(page, /United Kingdom/);
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Card (Visa, Mastercard)' })).not.toBeChecked();
    await expect(page.getByTestId('summary-shipping')).toHaveText('£18.00');
    await expect(page.getByTestId('summary-subtotal')).toContainText('£');
    await expect(page.getByTestId('summary-total')).toContainText('£');
    await page.goto('/Cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByTestId('summary-shipping')).toHaveText('£18.00');
  });

  test('the address asks for what the country has: a UK Postcode and Nation, and no postcode at all in the UAE', async ({
    page,
  }) => {
    await chooseCountry(page, /United Kingdom/);
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('United Kingdom');
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await expect(page.getByLabel('Nation')).toBeVisible();
    await expect(page.getByLabel('Zip code')).toHaveCount(0);
    await expect(page.getByLabel('State', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('#checkout-zip-error')).toHaveText('Postcode is required');
    await expect(page.locator('#checkout-state-error')).toHaveText('Nation is required');
    await expectNoAxeViolations(page);
    // The UAE has no postcodes: the field goes, and nothing asks for one.
    await page.getByLabel('Postcode').fill('SW1A 1AA');
    await page.getByLabel('Country', { exact: true }).selectOption('United Arab Emirates');
    await expect(page.getByLabel('Emirate')).toBeVisible();
    await expect(page.locator('#checkout-zip')).toHaveCount(0);
    await expect(page.locator('#checkout-zip-error')).toHaveCount(0);
    await expect(page.locator('#checkout-state-error')).toHaveText('Emirate is required');
  });

  test('the shipping country decides the currency and the payment methods, and the order is charged so', async ({
    page,
    request,
  }) => {
    const shopper = await signUp(request, { tag: 'abroad', name: 'Ab Road' });
    await signInBeforeLoad(page, shopper, {
      [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
    });
    await addToServerCart(request, shopper);
    await page.goto('/Checkout');
    await expect(page.getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
    await fillShipping(page, 'United States', 'California');
    // Bank Transfer and the card (npm start takes cards through its Safepay stand-in).
    await expect(page.getByRole('radio')).toHaveCount(2);
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    await expect(page.getByTestId('summary-shipping')).toHaveText('$25.00');
    await expect(page.getByTestId('summary-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
    const shownTotal = await page.getByTestId('summary-total').textContent();
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      currency: 'USD',
      paymentMethod: 'Bank Transfer',
      deliveryFee: 25,
    });
    expect(`$${orders[0]!.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(
      shownTotal,
    );
    // Back to a Pakistani address, all four methods return, beside the card.
    await page.keyboard.press('Escape');
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await expect(page.getByRole('radio')).toHaveCount(5);
    // A PKR, COD order to a US address sent past the page is refused with the same rule.
    const forged = await page.evaluate(async (productId) => {
      const address = {
        firstName: 'Ab',
        lastName: 'Road',
        email: 'ab@example.com',
        address1: '1 Main St',
        country: 'United States',
        city: 'San Jose',
        state: 'California',
        zip: '95112',
        mobile: '+1 408 555 0100',
      };
      const res = await fetch('/api/order/COD', {
        method: 'POST',
        headers: { token: localStorage.getItem('token') ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ productId, selectedColor: 'Black', quantity: 1 }],
          address,
          currency: 'PKR',
          paymentMethod: 'COD',
        }),
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    }, MARGALLA.id);
    expect(forged).toEqual({
      status: 400,
      message:
        'Orders to United States are charged in USD. Please refresh the checkout and try again.',
    });
  });

  test('at 1366×900, with no exchange rate ever known, a shopper in the United States sees PKR, is told why, and the checkout says orders abroad are paused', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await ratesServiceDown(page);
    await page.route('**/rates-snapshot.json', (route) =>
      route.fulfill({ json: { rates: {}, fetchedAt: 0 } }),
    );
    await chooseCountry(page, /United States/);
    const price = page.locator('.card-price .now').first();
    await expect(price).toContainText('₨');
    await expect(price).not.toContainText('$');
    await expect(
      page.getByRole('status').filter({
        hasText: 'Prices are shown in PKR: the exchange rate for USD is not available right now.',
      }),
    ).toBeVisible();

    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/Checkout');
    await page.getByLabel('Country', { exact: true }).selectOption('United States');
    await expect(
      page.getByText(
        'Orders to United States are paused: we cannot confirm prices in USD right now. Please try again later, or ship to Pakistan.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expect(page.locator('.review')).not.toContainText('$');
  });
});

test.describe('from registering to cancelling, by keyboard alone', () => {
  for (const [size, viewport] of [
    ['1366×900', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    test(`at ${size}, a shopper registers, fails a login and hears it, buys, checks out and cancels, with focus asserted after every step`, async ({
      page,
    }) => {
      test.setTimeout(budget(90_000));
      await page.setViewportSize(viewport);
      const email = uniqueEmail('journey');
      const profile = page.locator('[data-action="account"]');

      // Register from the product page.
      await page.goto(MARGALLA.path);
      await tabTo(page, 'Log in or create an account');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await tabTo(page, 'New Customer? Create account');
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Name');
      await page.keyboard.type('Zara Ahmed');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Email');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Password');
      await page.keyboard.type(PASSWORD);
      await untilAnswered(page, '/api/user/register', () => page.keyboard.press('Enter'));
      await expect(toast(page, 'Your account has been created. You are logged in!')).toBeVisible();
      await expect(drawer(page)).toHaveCount(0);
      await expect(profile).toBeFocused();
      await expect(profile).toHaveAccessibleName('Account of Zara Ahmed');

      // Sign out, then fail a login and hear the error.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Your account' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await tabTo(page, 'Sign Out');
      await untilAnswered(page, '/api/user/logout', () => page.keyboard.press('Enter'));
      await expect(toast(page, 'Signed out successfully')).toBeVisible();
      await expect(profile).toBeFocused();
      await expect(profile).toHaveAccessibleName('Log in or create an account');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Email');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('not my password');
      await untilAnswered(page, '/api/user/login', () => page.keyboard.press('Enter'));
      await expect(drawer(page).getByRole('alert')).toHaveText('Invalid email or password.');
      expect(await alertsHeard(page)).toEqual(['Invalid email or password.']);
      await expect(focused(page)).toHaveAccessibleName('Password');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(PASSWORD);
      await untilAnswered(page, '/api/user/login', () => page.keyboard.press('Enter'));
      await expect(toast(page, 'You are logged in!')).toBeVisible();
      await expect(profile).toBeFocused();
      await expect(profile).toHaveAccessibleName('Account of Zara Ahmed');

      // Buy.
      await tabTo(page, 'Add To Cart');
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await tabTo(page, 'Checkout Now');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/Checkout');

      // Check out.
      await tabTo(page, 'First Name');
      // Until the form has hydrated its State select is the server's, disabled, and Tab skips it.
      await untilHydrated(page, 'Checkout');
      for (const [label, text] of [
        ['First Name', 'Zara'],
        ['Last Name', 'Ahmed'],
        ['Email', 'zara.ahmed@example.com'],
        ['Address 1', '1 Mall Road'],
        ['Address 2 (optional)', ''],
        ['Country', 'Pakistan'],
        ['State', 'Sindh'],
        ['City', 'Karachi'],
        ['Zip code', '74000'],
        ['Mobile number', '03001234567'],
      ] as const) {
        await expect(focused(page)).toHaveAccessibleName(label);
        if (text) await page.keyboard.type(text);
        if (label !== 'Mobile number') await page.keyboard.press('Tab');
      }
      await tabTo(page, 'Place Order');
      await untilAnswered(page, '/api/order/COD', () => page.keyboard.press('Enter'));
      const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
      await expect(thanks).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await tabTo(page, 'See Your Orders');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/yourOrders');

      // Cancel.
      const line = page.getByTestId('order-line');
      await expect(line).toHaveCount(1);
      await tabTo(page, 'Cancel Order');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Cancel order' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Yes, cancel it');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Reason for cancelling' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('I changed my mind');
      await page.keyboard.press('Space');
      await expect(focused(page)).toBeChecked();
      await tabTo(page, 'Confirm');
      await untilAnswered(page, '/api/order/cancel', () => page.keyboard.press('Enter'));
      await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
      await expect(line.locator('.order-status')).toContainText('Cancelled');
      await expect(line.getByRole('heading', { level: 2 })).toBeFocused();
      // Raised as the dialog closed, the message is in the toast strip where it is heard.
      expect(await alertsHeard(page, 'status')).toContain('Order cancelled successfully');
    });
  }
});

test.describe('Place Order without an answer', () => {
  // The requests these journeys cut off on purpose are logged by the browser.
  test.use({ allowConsole: [/net::ERR_/] });

  /** A signed-in shopper at /Checkout with one Margalla in the cart and the form filled in. */
  async function readyToOrder(page: Page) {
    const shopper = await signUp(page.request, { tag: 'no-answer' });
    await addToServerCart(page.request, shopper);
    await signInBeforeLoad(page, shopper);
    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    await expect(page.locator('.review-items li')).toHaveCount(1);
    await fillShipping(page);
    return shopper;
  }
  const noAnswer = (page: Page) => page.locator('.order-no-answer[role="alert"]');

  test('offline, Place Order says the shopper is offline, places nothing, and places the order once back online', async ({
    page,
    context,
  }) => {
    await readyToOrder(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(noAnswer(page)).toHaveText(
      'You are offline. Check your connection and press Place Order again.',
    );
    await expect(page.getByText('Server Error')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await context.setOffline(false);
    expect(await ordersOf(page)).toHaveLength(0);
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    await expect(noAnswer(page)).toHaveText('');
    expect(await ordersOf(page)).toHaveLength(1);
  });

  test('when the answer is lost after the shop placed the order, the page asks the shop by its key and shows that order', async ({
    page,
  }) => {
    await readyToOrder(page);
    // The shop places the order; its answer never reaches the browser.
    let placedId = '';
    await page.route('**/api/order/COD', async (route) => {
      const answer = await route.fetch();
      placedId = ((await answer.json()) as { orderId: string }).orderId;
      await route.abort('connectionreset');
    });
    await untilAnswered(page, '/api/order/find', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    const thanks = thanksDialog(page);
    await expect(thanks).toContainText('Order Placed Successfully!');
    await expect(thanks).toContainText(placedId.slice(-8).toUpperCase());
    await expect(noAnswer(page)).toHaveText('');
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
    await expectNoAxeViolations(page);
    const orders = await ordersOf(page);
    expect(orders.map((o) => o._id)).toEqual([placedId]);
  });

  test('when the order never reached the shop, the page says the connection was lost, and pressing again places it once', async ({
    page,
  }) => {
    await readyToOrder(page);
    await page.route('**/api/order/COD', (route) => route.abort('connectionreset'), { times: 1 });
    await untilAnswered(page, '/api/order/find', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(noAnswer(page)).toHaveText(
      'The connection was lost before your order was confirmed. Press Place Order again: it will not be placed twice.',
    );
    expect(await ordersOf(page)).toHaveLength(0);
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    expect(await ordersOf(page)).toHaveLength(1);
  });
});

test.describe('on a phone', () => {
  test('at 390×844 with touch, the checkout page shows no menu', async ({ browser }) => {
    const context = await browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await page.goto('/Checkout');
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
    await context.close();
  });

  test.describe('on a slow phone, before the page has hydrated', () => {
    test.use(SLOW_PHONE);

    test('the form is in the static HTML, restores the saved cart and country without a hydration error, and keeps what was typed before hydration', async ({
      page,
      request,
    }) => {
      const phone = await slowPhone(page);
      const html = await (await request.get('/Checkout')).text();
      expect(html).toContain('Shipping Details');
      expect(html).toContain('id="checkout-firstName"');
      await storeBeforeLoad(page, {
        cartItems_guest: cartOf({ [MARGALLA.id]: 'Black' }, 2),
        selectedCountry: 'Pakistan',
      });
      // React arrives late (a slow phone on a bad network): it is held back until the shopper has typed.
      let typed!: () => void;
      const hasTyped = new Promise<void>((resolve) => (typed = resolve));
      await page.route('**/_astro/client.*.js', async (route) => {
        await hasTyped;
        await route.continue();
      });
      await openEarly(page, '/Checkout');
      await expect(page.locator('astro-island[component-url*="Checkout"][ssr]')).toHaveCount(1);
      await page.getByLabel('First Name').fill('Sana');
      typed();
      await phone.fullSpeed();
      await untilHydrated(page, 'Checkout');
      await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Pakistan');
      await expect(page.locator('.review-items li')).toHaveCount(1);
      await expect(page.locator('.review-items li').getByTestId('line-unit')).toHaveText(
        '2 × ₨5,525',
      );
      await page.getByLabel('Last Name').fill('Khan');
      await expect(page.getByLabel('First Name')).toHaveValue('Sana');
    });

    test('fields a signed-in shopper emptied before the form woke stay empty when the account and last order fill the rest, and Place Order asks for them', async ({
      page,
      request,
    }) => {
      const shopper = await signUp(request, { tag: 'early-clear', name: 'Zara Ahmed' });
      await placeOrder(request, shopper); // its address: 7 Jail Road, Lahore, +92 300 7654321
      await addToServerCart(request, shopper);
      await signInBeforeLoad(page, shopper);
      const phone = await slowPhone(page);
      // React arrives late: it is held back until the shopper has been through the two names.
      let emptied!: () => void;
      const hasEmptied = new Promise<void>((resolve) => (emptied = resolve));
      await page.route('**/_astro/client.*.js', async (route) => {
        await hasEmptied;
        await route.continue();
      });
      await openEarly(page, '/Checkout');
      await expect(page.locator('astro-island[component-url*="Checkout"][ssr]')).toHaveCount(1);
      // First Name cleared as a shopper clears a box (it held nothing yet); Last Name typed in,
      // then erased.
      await page.getByLabel('First Name').clear();
      await page.getByLabel('Last Name').pressSequentially('K');
      await page.keyboard.press('Backspace');
      emptied();
      await phone.fullSpeed();
      await untilHydrated(page, 'Checkout');
      // The prefill has come: the rest is filled in.
      await expect(page.getByLabel('Mobile number')).toHaveValue('+92 300 7654321');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
      await expect(page.getByLabel('City')).toHaveValue('Lahore');
      await expect(page.getByLabel('First Name')).toHaveValue('');
      await expect(page.getByLabel('Last Name')).toHaveValue('');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.locator('#checkout-firstName-error')).toHaveText('First Name is required');
      await expect(page.locator('#checkout-lastName-error')).toHaveText('Last Name is required');
      await expect(page.locator('form.checkout > [role="alert"]')).toHaveText(
        'Please correct 2 errors in the form.',
      );
      await expect(page.getByLabel('First Name')).toBeFocused();
      await expectNoAxeViolations(page);
      expect(await ordersOf(page)).toHaveLength(1);
    });
  });
});
