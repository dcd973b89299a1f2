import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TOTE = '/product/margalla-commuter-laptop-bagpack';
const PASSWORD = 'correct horse battery';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** Adds the product page's product to the cart in its first colour. */
async function addToCart(page: Page, productPath: string) {
  await page.goto(productPath);
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Just Added to Cart' })).toBeVisible();
}

/** Opens the account drawer from the header's profile icon (hovering hydrates the header first). */
async function openAccount(page: Page) {
  const icon = page.getByRole('button', { name: /Log in or create an account|Account of/ });
  await icon.hover();
  await hydrated(page, 'HeaderTools');
  await icon.click();
  await expect(page.locator('dialog.drawer[open]')).toBeVisible();
}

async function register(page: Page, email: string, name = 'Sana Tariq') {
  await openAccount(page);
  await page.getByRole('button', { name: 'New Customer? Create account' }).click();
  const drawer = page.locator('dialog.drawer[open]');
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Email').fill(email);
  await drawer.getByLabel('Password').fill(PASSWORD);
  await drawer.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Your account has been created. You are logged in!')).toBeVisible();
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await openAccount(page);
  await fillLogin(page, email, password);
}

/** Fills and submits the open drawer's login form. */
async function fillLogin(page: Page, email: string, password: string) {
  const drawer = page.locator('dialog.drawer[open]');
  await drawer.getByLabel('Email').fill(email);
  await drawer.getByLabel('Password').fill(password);
  await drawer.getByRole('button', { name: 'Log In' }).click();
}

const serverCart = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/cart/get', {
      method: 'POST',
      headers: { token: localStorage.getItem('token') ?? '' },
    });
    return ((await res.json()) as { cartData: unknown }).cartData;
  });

/** Fills the shipping form for a Pakistani address. */
async function fillShipping(page: Page, country = 'Pakistan', state = 'Punjab') {
  await page.getByLabel('First Name').fill('Sana');
  await page.getByLabel('Last Name').fill('Tariq');
  await page.getByLabel('Email', { exact: true }).fill('sana.tariq@example.com');
  await page.getByLabel('Address 1').fill('12 Canal View Road');
  await page.getByLabel('Country', { exact: true }).selectOption(country);
  await page.getByLabel('State').selectOption(state);
  await page.getByLabel('City').fill('Lahore');
  await page.getByLabel('Zip code').fill('54000');
  await page.getByLabel('Mobile number').fill('+92 300 1234567');
}

test.describe('account and cart', () => {
  test('a guest cart merges into the account on register, survives sign-out and comes back on login', async ({
    page,
  }) => {
    await addToCart(page, TOTE);
    await addToCart(page, '/product/gwadar-beach-tote');
    await page.keyboard.press('Escape');
    const email = uniqueEmail('merge');
    await register(page, email);
    await expect
      .poll(() => serverCart(page))
      .toEqual({
        'margalla-commuter-laptop-bagpack': { Black: { '0': 1 } },
        'gwadar-beach-tote': expect.any(Object),
      });
    expect(await page.evaluate(() => localStorage.getItem('cartItems_guest'))).toBeNull();

    await openAccount(page);
    await expect(page.getByText('Welcome, Sana Tariq!')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
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

  test("favourites survive a reload and merge with the account's on login", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('fav');
    expect(
      (
        await request.post('/api/user/register', {
          data: { name: 'Fav Ourite', email, password: PASSWORD },
        })
      ).ok(),
    ).toBe(true);
    // The account saved a bag on this browser during an earlier visit.
    await page.goto('/');
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify(['gwadar-beach-tote'])),
      `favourites_${email}`,
    );

    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Add To Your Favourite' }).click();
    await expect(toast(page, 'This Product Has Been Added To Your Favourites')).toBeVisible();
    await page.reload();
    await hydrated(page, 'BuyBox');
    await expect(
      page.locator('.buy-box').getByRole('button', { name: 'Remove from Favourite' }),
    ).toBeVisible();

    await logIn(page, email);
    await expect(toast(page, 'You are logged in!')).toBeVisible();
    const stored = await page.evaluate(
      (key) => [
        JSON.parse(localStorage.getItem(key) ?? '[]'),
        localStorage.getItem('favourites_guest'),
      ],
      `favourites_${email}`,
    );
    expect(stored).toEqual([['gwadar-beach-tote', 'margalla-commuter-laptop-bagpack'], null]);
    await page.goto('/favourites');
    await expect(page.locator('main .card')).toHaveCount(2);
  });

  test('a failed login shows the server message', async ({ page }) => {
    await page.goto('/');
    await logIn(page, uniqueEmail('nobody'), 'wrong password');
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  });

  test('the cart panel steps quantities within 1 to 100, removes lines and links to checkout', async ({
    page,
  }) => {
    await addToCart(page, TOTE);
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await expect(panel.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(panel.locator('output')).toHaveText('2');
    await expect(panel.getByRole('link', { name: 'View My Cart (2)' })).toBeVisible();
    await panel.getByRole('button', { name: /^Remove / }).click();
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Checkout Now' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
  });

  test('forgot password: the code from the mail resets the password and the new one logs in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    expect(
      (
        await request.post('/api/user/register', {
          data: { name: 'Reset Me', email, password: PASSWORD },
        })
      ).ok(),
    ).toBe(true);
    await page.goto('/');
    await openAccount(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const drawer = page.locator('dialog.drawer[open]');
    await drawer.getByLabel('Email').fill(email);
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'OTP sent to your email.')).toBeVisible();
    const otp = await expect
      .poll(() => codeFor(email), { timeout: 10_000 })
      .toMatch(/^\d{6}$/)
      .then(() => codeFor(email));
    await drawer.getByLabel('OTP').fill(otp ?? '');
    await drawer.getByLabel('New Password').fill('a brand new secret');
    await drawer.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Password updated successfully. Please log in.')).toBeVisible();
    // The drawer goes back to its login form, ready for the new password.
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await fillLogin(page, email, 'a brand new secret');
    await expect(toast(page, 'You are logged in!')).toBeVisible();
  });
});

/** The reset code the local SMTP catcher received for an address. */
function codeFor(email: string): string | null {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through npm run test:e2e');
  for (const file of readdirSync(dir).sort().reverse()) {
    const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      to: string[];
      raw: string;
    };
    const code = mail.to.includes(email) ? /code is (\d{6})/.exec(mail.raw)?.[1] : undefined;
    if (code) return code;
  }
  return null;
}

test.describe('checkout', () => {
  test('an empty submit shows every validation message; a PKR COD order is placed and the cart empties', async ({
    page,
  }) => {
    await addToCart(page, TOTE);
    await page.goto('/Checkout');
    await expect(page.getByRole('link', { name: 'Select your country' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
    for (const method of ['Bank Transfer', 'JazzCash', 'EasyPaisa'])
      await expect(page.getByRole('radio', { name: method })).toBeVisible();
    await expect(page.getByLabel('State')).toBeDisabled();
    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Address 1 is required',
      'Country is required',
      'City is required',
      'Zip code is required',
      'Mobile number is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The State select is disabled until a country is chosen: its error waits until it can be fixed.
    await expect(page.getByText('State is required', { exact: true })).toHaveCount(0);
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await expect(page.getByText('State is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Mobile number').fill('12ab');
    await page.getByLabel('Mobile number').blur();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid mobile number', { exact: true })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);

    await fillShipping(page);
    await page.getByLabel('Country', { exact: true }).selectOption('India');
    await expect(page.getByLabel('State')).toHaveValue('');
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await page.getByLabel('State').selectOption('Punjab');
    await expect(page.getByTestId('summary-shipping')).toHaveText('₨250');
    await expect(page.getByTestId('summary-tax')).toHaveText('₨0');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(toast(page, 'Please login to place your order.')).toBeVisible();
    await expect(page.locator('dialog.drawer[open]')).toBeVisible();
    await page.keyboard.press('Escape');
    await register(page, uniqueEmail('buyer'));
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(toast(page, 'Order Placed Successfully!')).toBeVisible();
    const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
    await expect(thanks.getByRole('link', { name: 'See Your Orders' })).toBeVisible();
    await expect(thanks.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
    await expect(page.locator('[data-cart-count]')).toHaveText('0');
    const orders = await page.evaluate(async () => {
      const res = await fetch('/api/order/userorders', {
        method: 'POST',
        headers: { token: localStorage.getItem('token') ?? '' },
      });
      return (
        (await res.json()) as {
          orders: {
            status: string;
            paymentMethod: string;
            currency: string;
            deliveryFee: number;
          }[];
        }
      ).orders;
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'Order Placed',
      paymentMethod: 'COD',
      currency: 'PKR',
      deliveryFee: 250,
    });
  });

  test('a UK shopper can only pay by Bank Transfer and sees the fee and totals in pounds', async ({
    page,
  }) => {
    await page.goto('/Collections');
    await page.evaluate(() => location.assign('/selectCountry'));
    await page.getByRole('button', { name: /United Kingdom/ }).click();
    await page.waitForURL('**/Collections');
    await addToCart(page, TOTE);
    await page.goto('/Checkout');
    await expect(page.getByRole('radio')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    await expect(page.getByTestId('summary-shipping')).toHaveText('£18.00');
    await expect(page.getByTestId('summary-subtotal')).toContainText('£');
    await expect(page.getByTestId('summary-total')).toContainText('£');
    await page.goto('/Cart');
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    await expect(page.getByTestId('summary-shipping')).toHaveText('£18.00');
  });

  test('the shipping country decides the currency and the payment methods, and the order is charged so', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('abroad');
    const { token } = (await (
      await request.post('/api/user/register', {
        data: { name: 'Ab Road', email, password: PASSWORD },
      })
    ).json()) as { token: string };
    await page.addInitScript(
      ({ t, e }) => {
        if (!localStorage.getItem('seeded')) {
          localStorage.setItem('token', t);
          localStorage.setItem('email', e);
          localStorage.setItem('name', 'Ab Road');
          localStorage.setItem(
            `cartItems_${e}`,
            JSON.stringify({ 'margalla-commuter-laptop-bagpack': { Black: { '0': 1 } } }),
          );
          localStorage.setItem('seeded', '1');
        }
      },
      { t: token, e: email },
    );
    await request.post('/api/cart/add', {
      headers: { token },
      data: {
        itemId: 'margalla-commuter-laptop-bagpack',
        selectedColor: 'Black',
        imageIndex: 0,
        quantity: 1,
      },
    });
    await page.goto('/Checkout');
    await expect(page.getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
    await fillShipping(page, 'United States', 'California');
    await expect(page.getByRole('radio')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    await expect(page.getByTestId('summary-shipping')).toHaveText('$25.00');
    await expect(page.getByTestId('summary-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
    const shownTotal = await page.getByTestId('summary-total').textContent();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(toast(page, 'Order Placed Successfully!')).toBeVisible();
    const orders = await page.evaluate(async () => {
      const res = await fetch('/api/order/userorders', {
        method: 'POST',
        headers: { token: localStorage.getItem('token') ?? '' },
      });
      return (
        (await res.json()) as {
          orders: { currency: string; paymentMethod: string; deliveryFee: number; total: number }[];
        }
      ).orders;
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      currency: 'USD',
      paymentMethod: 'Bank Transfer',
      deliveryFee: 25,
    });
    expect(`$${orders[0]!.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(
      shownTotal,
    );
    // Back to a Pakistani address, all four methods return.
    await page.keyboard.press('Escape');
    await page.getByLabel('Country', { exact: true }).selectOption('Pakistan');
    await expect(page.getByRole('radio')).toHaveCount(4);
    // A PKR, COD order to a US address sent past the page is refused with the same rule.
    const forged = await page.evaluate(async () => {
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
          items: [
            { productId: 'margalla-commuter-laptop-bagpack', selectedColor: 'Black', quantity: 1 },
          ],
          address,
          currency: 'PKR',
          paymentMethod: 'COD',
        }),
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    });
    expect(forged).toEqual({
      status: 400,
      message:
        'Orders to United States are charged in USD. Please refresh the checkout and try again.',
    });
  });

  test('the whole checkout works with the keyboard alone', async ({ page, request }) => {
    const email = uniqueEmail('keys');
    const answer = await request.post('/api/user/register', {
      data: { name: 'Key Board', email, password: PASSWORD },
    });
    const { token } = (await answer.json()) as { token: string };
    await page.addInitScript(
      ({ t, e }) => {
        if (!localStorage.getItem('seeded')) {
          localStorage.setItem('token', t);
          localStorage.setItem('email', e);
          localStorage.setItem('name', 'Key Board');
          localStorage.setItem(
            `cartItems_${e}`,
            JSON.stringify({ 'margalla-commuter-laptop-bagpack': { Black: { '0': 2 } } }),
          );
          localStorage.setItem('seeded', '1');
        }
      },
      { t: token, e: email },
    );
    await request.post('/api/cart/add', {
      headers: { token },
      data: {
        itemId: 'margalla-commuter-laptop-bagpack',
        selectedColor: 'Black',
        imageIndex: 0,
        quantity: 2,
      },
    });
    await page.goto('/Checkout');
    await page.getByLabel('First Name').waitFor();
    await page.getByLabel('First Name').focus();
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
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Order Placed Successfully!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Thank you for your order' })).toBeVisible();
  });
});
