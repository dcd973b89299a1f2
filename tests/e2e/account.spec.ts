// The shopper's account: the drawer's login, register and forgot-password forms, the session and
// signing out, the settings page, and favourites (saved as a guest and in the account).
import { expect, test } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { DESKTOP, GWADAR, MARGALLA, PHONE, TRAIL } from './support/catalogue.ts';
import { alertsHeard, expectNoAxeViolations } from './support/a11y.ts';
import { resetCodeFor, signUp, uniqueEmail } from './support/shopper.ts';
import {
  drawer,
  fillLogin,
  focused,
  logIn,
  openAccount,
  openAccountByKeyboard,
  signInBeforeLoad,
  storeBeforeLoad,
  tabTo,
  toast,
  untilAnswered,
} from './support/ui.ts';

const EXPIRED = 'Your session has expired. Please log in again.';

test.describe('logging in, registering and resetting the password', () => {
  test('a failed login shows the server message in the drawer', async ({ page }) => {
    await page.goto('/');
    await logIn(page, uniqueEmail('nobody'), 'wrong password');
    await expect(drawer(page).getByRole('alert')).toHaveText('Invalid email or password.');
  });

  test('forgot password: the code from the mail resets the password and the new one logs in', async ({
    page,
    request,
  }) => {
    const { email } = await signUp(request, { tag: 'reset', name: 'Reset Me' });
    await page.goto('/');
    await openAccount(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await drawer(page).getByLabel('Email').fill(email);
    await untilAnswered(page, '/api/user/reset-password-request', () =>
      drawer(page).getByRole('button', { name: 'Submit' }).click(),
    );
    await expect(drawer(page).getByRole('alert')).toHaveText('OTP sent to your email.');
    await expect.poll(() => resetCodeFor(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await drawer(page)
      .getByLabel('OTP')
      .fill(resetCodeFor(email) ?? '');
    await drawer(page).getByLabel('New Password').fill('a brand new secret');
    await untilAnswered(page, '/api/user/verify-otp-reset-password', () =>
      drawer(page).getByRole('button', { name: 'Submit' }).click(),
    );
    await expect(drawer(page).getByRole('alert')).toHaveText(
      'Password updated successfully. Please log in.',
    );
    // The drawer goes back to its login form, ready for the new password.
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await fillLogin(page, email, 'a brand new secret');
    await expect(toast(page, 'You are logged in!')).toBeVisible();
  });

  test.describe('at 1366×900 by keyboard', () => {
    test.use({ viewport: DESKTOP });

    test('a failed login is heard as an alert inside the drawer, and nowhere else', async ({
      page,
    }) => {
      await page.goto('/');
      await openAccountByKeyboard(page);
      await expect(focused(page)).toHaveAccessibleName('Close');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Email');
      await page.keyboard.type(uniqueEmail('nobody'));
      await page.keyboard.press('Tab');
      await page.keyboard.type('wrong password');
      await untilAnswered(page, '/api/user/login', () => page.keyboard.press('Enter'));
      await expect(drawer(page).getByRole('alert')).toHaveText('Invalid email or password.');
      await expect(page.getByTestId('toast')).toBeHidden();
      expect(await alertsHeard(page)).toEqual(['Invalid email or password.']);
      await expectNoAxeViolations(page);
    });

    test('a register error is tied to its field and heard as an alert', async ({ page }) => {
      await page.goto('/');
      await openAccountByKeyboard(page);
      await tabTo(page, 'New Customer? Create account');
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Name');
      await page.keyboard.type('Short Pass');
      await page.keyboard.press('Tab');
      await page.keyboard.type(uniqueEmail('short'));
      await page.keyboard.press('Tab');
      await page.keyboard.type('short');
      await page.keyboard.press('Enter');
      const password = drawer(page).getByLabel('Password');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
      await expect(password).toBeFocused();
      expect(await alertsHeard(page)).toEqual(['Password must be at least 8 characters']);
      await expectNoAxeViolations(page);
      // Changing the field clears its error.
      await password.focus();
      await page.keyboard.type('-longer');
      await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('the forgot-password messages are heard inside the drawer, a bad code tied to its field', async ({
      page,
      request,
    }) => {
      const shopper = await signUp(request, { tag: 'forgot' });
      await page.goto('/');
      await openAccountByKeyboard(page);
      await tabTo(page, 'Forgot password?');
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Email');
      await page.keyboard.type(shopper.email);
      await untilAnswered(page, '/api/user/reset-password-request', () =>
        page.keyboard.press('Enter'),
      );
      await expect(drawer(page).getByRole('alert')).toHaveText('OTP sent to your email.');
      expect(await alertsHeard(page)).toEqual(['OTP sent to your email.']);
      await drawer(page).getByLabel('OTP').focus();
      await page.keyboard.type('000000');
      await page.keyboard.press('Tab');
      await page.keyboard.type('a brand new secret');
      await untilAnswered(page, '/api/user/verify-otp-reset-password', () =>
        page.keyboard.press('Enter'),
      );
      const otp = drawer(page).getByLabel('OTP');
      await expect(otp).toHaveAttribute('aria-invalid', 'true');
      await expect(otp).toHaveAccessibleDescription(
        'The code is invalid or has expired. Please request a new one.',
      );
      expect(await alertsHeard(page)).toContain(
        'The code is invalid or has expired. Please request a new one.',
      );
      await expectNoAxeViolations(page);
    });

    test('switching the drawer to register, login or forgot-password focuses the new form’s first field', async ({
      page,
    }) => {
      await page.goto('/');
      await openAccountByKeyboard(page);
      await tabTo(page, 'New Customer? Create account');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Create account' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Name');
      await tabTo(page, 'Already have an account? Log in');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Email');
      await tabTo(page, 'Forgot password?');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Email');
      await tabTo(page, 'Back to login');
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Email');
    });
  });
});

test.describe('the session', () => {
  test('at 1366×900 by keyboard, after Sign Out the old token gets 401 on /api/order/userorders', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const shopper = await signUp(request, { tag: 'signout' });
    await signInBeforeLoad(page, shopper);
    await page.goto('/');
    const orders = () =>
      request
        .post('/api/order/userorders', { headers: { token: shopper.token }, data: {} })
        .then((r) => r.status());
    expect(await orders()).toBe(200);
    await openAccountByKeyboard(page);
    await tabTo(page, 'Sign Out');
    await untilAnswered(page, '/api/user/logout', () => page.keyboard.press('Enter'));
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect.poll(orders).toBe(401);
  });

  for (const [label, bad] of [
    ['a newline', '\nX'],
    ['"€"', '€'],
  ] as const) {
    test(`at 390×844, a stored token with ${label} signs the shopper out and says so`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(PHONE);
      const shopper = await signUp(request, { tag: 'badtoken' });
      await signInBeforeLoad(page, { ...shopper, token: `${shopper.token}${bad}` });
      await page.goto('/Cart');
      await expect(toast(page, EXPIRED)).toBeVisible();
      expect(
        await page.evaluate(() => ['token', 'email', 'name'].map((k) => localStorage.getItem(k))),
      ).toEqual([null, null, null]);
      await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
    });
  }
});

test.describe('my setting', () => {
  test('asks a signed-out visitor to log in', async ({ page }) => {
    await page.goto('/mySetting');
    await hydrated(page, 'Settings');
    await expect(page.getByText('Please log in to view your settings.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shows defaults, edits, saves and shows the saved values', async ({ page, request }) => {
    const shopper = await signUp(request, { tag: 'settings', name: 'Hira Aslam' });
    await signInBeforeLoad(page, shopper);
    await page.goto('/mySetting');
    await hydrated(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Customer Settings' })).toBeVisible();
    await expect(page.locator('[data-field="name"]')).toHaveText(shopper.name);
    await expect(page.locator('[data-field="email"]')).toHaveText(shopper.email);
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
      shopper.email,
    );
    expect(stored).toEqual({
      name: shopper.name,
      email: shopper.email,
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

  test('at 1366×900, /favourites goes from h1 to h2 to the cards’ h3', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await storeBeforeLoad(page, { favourites_guest: JSON.stringify([MARGALLA.id, TRAIL.id]) });
    await page.goto('/favourites');
    await expect(page.locator('main .card')).toHaveCount(2);
    const levels = await page
      .locator('main')
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++)
      expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
  });

  test("favourites survive a reload and merge with the account's on login", async ({
    page,
    request,
  }) => {
    const { email } = await signUp(request, { tag: 'fav', name: 'Fav Ourite' });
    // The account saved a bag on this browser during an earlier visit.
    await page.goto('/');
    await page.evaluate(
      ([key, id]) => localStorage.setItem(key!, JSON.stringify([id])),
      [`favourites_${email}`, GWADAR.id],
    );

    await page.goto(MARGALLA.path);
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
    expect(stored).toEqual([[GWADAR.id, MARGALLA.id], null]);
    await page.goto('/favourites');
    await expect(page.locator('main .card')).toHaveCount(2);
  });
});
