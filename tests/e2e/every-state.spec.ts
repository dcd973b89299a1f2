// Issue 17: every shopper, every state. Each test names its viewport (1366×900 or 390×844) and its
// input (keyboard, touch, mouse or a stored value set before the page loads).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { siteHeaders } from '../../scripts/netlify-headers.ts';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TOTE = '/product/margalla-commuter-laptop-bagpack';
const TOTE_NAME = 'Margalla Commuter Laptop Bagpack';
const TRAIL = 'karakoram-trail-bagpack';
const PASSWORD = 'correct horse battery';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const EXPIRED = 'Your session has expired. Please log in again.';

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
const drawer = (page: Page) => page.locator('dialog.drawer[open]');
const focused = (page: Page) => page.locator(':focus');

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
}

/**
 * The texts assistive technology hears in live regions of a role (alerts by default): Chromium's
 * accessibility tree, ignoring what a modal dialog makes inert (the toast strip outside it, for one).
 */
async function alertsHeard(page: Page, role: 'alert' | 'status' = 'alert'): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  type AXNode = {
    nodeId: string;
    parentId?: string;
    ignored: boolean;
    role?: { value: string };
    name?: { value: string };
  };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const heard: string[] = [];
  for (const node of nodes) {
    if (node.ignored || node.role?.value !== 'StaticText' || !node.name?.value) continue;
    for (
      let up = node.parentId ? byId.get(node.parentId) : undefined;
      up;
      up = up.parentId ? byId.get(up.parentId) : undefined
    ) {
      if (up.role?.value === role) {
        heard.push(node.name.value);
        break;
      }
    }
  }
  return heard;
}

/** Tabs until the element named `name` (its aria-label, label or text) has focus (at most `max` presses). */
async function tabTo(page: Page, name: string | RegExp, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      return (
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.innerText ??
        el.innerText ??
        ''
      );
    });
    if (typeof name === 'string' ? label.trim() === name : name.test(label)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Opens the account drawer from the header's profile icon, by keyboard. */
async function openAccountByKeyboard(page: Page) {
  const icon = page.getByRole('button', { name: /Log in or create an account|Account of/ });
  await icon.focus();
  await hydrated(page, 'HeaderTools');
  await page.keyboard.press('Enter');
  await expect(drawer(page)).toBeVisible();
}

/** Registers through the API and returns the session to store in the browser. */
async function registerUser(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  const res = await page.request.post('/api/user/register', {
    data: { name: 'Zara Ahmed', email, password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { token: string };
  return { token: body.token, email, name: 'Zara Ahmed' };
}

/** Stores values before any page script runs, once per test (later navigations keep what the page made of them). */
async function storeBeforeLoad(page: Page, values: Record<string, string>) {
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [key, value] of Object.entries(v)) localStorage.setItem(key, value);
    sessionStorage.setItem('seeded', '1');
  }, values);
}

const cartOf = (lines: Record<string, string>) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(lines).map(([id, colour]) => [id, { [colour]: { '0': 1 } }])),
  );

test.describe('1. messages inside open dialogs', () => {
  test.use({ viewport: DESKTOP });

  test('1366×900, keyboard: a failed login is heard as an alert inside the drawer, not only in the inert toast strip', async ({
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
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(drawer(page).getByRole('alert')).toHaveText('Invalid email or password.');
    expect(await alertsHeard(page)).toEqual(['Invalid email or password.']);
    await expectNoAxeViolations(page);
  });

  test('1366×900, keyboard: a register error is tied to its field and heard as an alert', async ({
    page,
  }) => {
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

  test('1366×900, keyboard: the forgot-password messages are heard inside the drawer, a bad code tied to its field', async ({
    page,
  }) => {
    const user = await registerUser(page, 'forgot');
    await page.goto('/');
    await openAccountByKeyboard(page);
    await tabTo(page, 'Forgot password?');
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAccessibleName('Email');
    await page.keyboard.type(user.email);
    await page.keyboard.press('Enter');
    await expect(drawer(page).getByRole('alert')).toHaveText('OTP sent to your email.');
    expect(await alertsHeard(page)).toEqual(['OTP sent to your email.']);
    await drawer(page).getByLabel('OTP').focus();
    await page.keyboard.type('000000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a brand new secret');
    await page.keyboard.press('Enter');
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

  test('1366×900, keyboard: "Please login to place your order." is heard in the drawer that opens with it', async ({
    page,
  }) => {
    await storeBeforeLoad(page, {
      cartItems_guest: cartOf({ 'margalla-commuter-laptop-bagpack': 'Black' }),
    });
    await page.goto('/Checkout');
    await fillShippingByKeyboard(page);
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('alert')).toHaveText('Please login to place your order.');
    expect(await alertsHeard(page)).toEqual(['Please login to place your order.']);
    await expectNoAxeViolations(page);
  });

  test('1366×900, mouse: a toast stays while hovered and then leaves with the time it had left', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.clock.pauseAt(Date.now() + 1000);
    await page.locator('.buy-box .fav').click();
    const added = toast(page, 'This Product Has Been Added To Your Favourites');
    await expect(added).toBeVisible();
    await page.clock.runFor(3_000);
    await added.hover();
    await page.clock.runFor(30_000);
    await expect(added).toBeVisible();
    await page.mouse.move(10, 880);
    await page.clock.runFor(3_900);
    await expect(added).toBeVisible();
    await page.clock.runFor(200);
    await expect(added).toBeHidden();
  });

  test('1366×900, keyboard: a toast stays while its button has focus, and 7 s still holds untouched', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.clock.pauseAt(Date.now() + 1000);
    const fav = page.locator('.buy-box .fav');
    await fav.focus();
    await page.keyboard.press('Enter');
    const added = toast(page, 'This Product Has Been Added To Your Favourites');
    await expect(added).toBeVisible();
    await page.clock.runFor(6_900);
    await expect(added).toBeVisible();
    await page.clock.runFor(200);
    await expect(added).toBeHidden();
    await page.keyboard.press('Enter'); // removes it from the favourites
    await page.keyboard.press('Enter'); // and adds it again: a new toast
    await expect(added).toBeVisible();
    await added.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.clock.runFor(30_000);
    await expect(added).toBeVisible();
    await fav.focus();
    await page.clock.runFor(7_100);
    await expect(added).toBeHidden();
  });
});

/** Fills the shipping form from First Name to Mobile number with the keyboard alone. */
async function fillShippingByKeyboard(page: Page) {
  await page.getByLabel('First Name').waitFor();
  await page.getByLabel('First Name').focus();
  for (const text of [
    'Zara',
    'Ahmed',
    'zara.ahmed@example.com',
    '1 Mall Road',
    '',
    'Pakistan',
    'Sindh',
    'Karachi',
    '74000',
  ]) {
    if (text) await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('03001234567');
  await expect(page.getByLabel('State')).toHaveValue('Sindh');
}

test.describe('2. checkout submit by Enter', () => {
  test.use({ viewport: DESKTOP });

  test('1366×900, keyboard: Enter in a form with errors focuses the first invalid field and announces the count', async ({
    page,
  }) => {
    await storeBeforeLoad(page, {
      cartItems_guest: cartOf({ 'margalla-commuter-laptop-bagpack': 'Black' }),
    });
    await page.goto('/Checkout');
    // The form is server-rendered: its Place Order button stays disabled, so Enter does nothing,
    // until React has read the cart. This journey is about what Enter does once it can.
    await hydrated(page, 'Checkout');
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
    await expect(page.locator('form.checkout [role="alert"]')).toHaveText(
      'Please correct 7 errors in the form.',
    );
    expect(await alertsHeard(page)).toEqual(['Please correct 7 errors in the form.']);
    // Fixing some and pressing Enter again says the new count and moves on to the next invalid field.
    await page.keyboard.type('zara.ahmed@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Mall Road');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Country', { exact: true })).toBeFocused();
    await expect(page.locator('form.checkout [role="alert"]')).toHaveText(
      'Please correct 5 errors in the form.',
    );
    await expectNoAxeViolations(page);
  });
});

test.describe('3. focus lands somewhere sensible', () => {
  test('1366×900, keyboard: switching the drawer to register, login or forgot-password focuses the new form’s first field', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
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

  test('1366×900, keyboard: closing the thank-you dialog focuses the page heading, not the disabled Place Order', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const user = await registerUser(page, 'thanks');
    await storeBeforeLoad(page, {
      token: user.token,
      email: user.email,
      name: user.name,
      [`cartItems_${user.email}`]: cartOf({ 'margalla-commuter-laptop-bagpack': 'Black' }),
    });
    await page.request.post('/api/cart/add', {
      headers: { token: user.token },
      data: {
        itemId: 'margalla-commuter-laptop-bagpack',
        selectedColor: 'Black',
        imageIndex: 0,
        quantity: 1,
      },
    });
    await page.goto('/Checkout');
    await fillShippingByKeyboard(page);
    await page.keyboard.press('Enter');
    const thanks = page.getByRole('dialog', { name: 'Thank you for your order' });
    await expect(thanks).toBeVisible();
    await expect(focused(page)).toHaveAccessibleName('Close');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(thanks).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  });

  test('1366×900, keyboard: a − that reaches 1 keeps focus on the product page stepper', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Increase quantity' }).focus();
    await page.keyboard.press('Enter');
    const quantity = page.locator('#quantity');
    await expect(quantity).toHaveValue('2');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(focused(page)).toHaveAccessibleName('Decrease quantity');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
    await expect(focused(page)).toHaveAccessibleName('Decrease quantity');
    await expect(focused(page)).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('1');
  });

  test('390×844, keyboard: in the cart panel a − that reaches 1 keeps focus, and Remove focuses the next line, then the empty cart', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await storeBeforeLoad(page, { cartItems_guest: cartOf({ [TRAIL]: 'Olive' }) });
    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.locator('.buy-box').getByRole('button', { name: 'Increase quantity' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
    await expect(panel.locator('.cart-line')).toHaveCount(2);
    const tote = panel.getByRole('group', { name: `Quantity of ${TOTE_NAME}` });
    await tote.getByRole('button', { name: 'Decrease quantity' }).focus();
    await page.keyboard.press('Enter');
    await expect(tote.locator('output')).toHaveText('1');
    await expect(tote.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();
    await panel
      .getByRole('button', { name: /^Remove / })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await expect(panel.locator('.cart-line')).toHaveCount(1);
    await expect(panel.getByRole('button', { name: /^Remove / })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByText('Your cart is empty.')).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('390×844, keyboard: on /Cart a − that reaches 1 keeps focus, and Remove focuses the next line, then the empty cart', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await storeBeforeLoad(page, {
      cartItems_guest: JSON.stringify({
        'margalla-commuter-laptop-bagpack': { Black: { '0': 2 } },
        [TRAIL]: { Olive: { '0': 1 } },
      }),
    });
    await page.goto('/Cart');
    const tote = page.getByRole('group', { name: `Quantity of ${TOTE_NAME}` });
    await tote.getByRole('button', { name: 'Decrease quantity' }).focus();
    await page.keyboard.press('Enter');
    await expect(tote.locator('output')).toHaveText('1');
    await expect(tote.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();
    const removes = page.locator('main').getByRole('button', { name: /^Remove / });
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await expect(removes).toHaveCount(1);
    await expect(removes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main').getByText('Your cart is empty.')).toBeFocused();
  });

  test('1366×900, keyboard: the last Load More focuses the first card it added (home best sellers and /Collections)', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Load More' }).scrollIntoViewIfNeeded();
    await hydrated(page, 'BestSellersGrid');
    const home = page.locator('main .product-grid');
    await expect(home.locator('.card')).toHaveCount(8);
    await page.getByRole('button', { name: 'Load More' }).focus();
    await page.keyboard.press('Enter');
    await expect(home.locator('.card')).toHaveCount(12);
    await expect(home.locator('.card-name a').nth(8)).toBeFocused();

    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const more = page.getByRole('button', { name: 'Load More' });
    await expect(more).toBeVisible(); // the catalogue has more than one page: the loop runs
    while (await more.count()) {
      await more.focus();
      await page.keyboard.press('Enter');
      const shown = await page.locator('main .product-grid .card').count();
      if (await more.count()) {
        await expect(more).toBeFocused(); // more remain: focus stays on Load More
      } else {
        const before = shown - ((shown - 8) % 8 || 8);
        await expect(page.locator('main .product-grid .card-name a').nth(before)).toBeFocused();
      }
    }
  });
});

test.describe('6. the mobile filter drawer is modal', () => {
  test('390×844, keyboard: Tab stays inside the open filter drawer; the page behind is inert; Esc gives it back', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const toggle = page.getByRole('button', { name: 'Show Filter' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('#filter-panel');
    await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      // Past the panel's last control Tab may visit the browser's own UI (body), never the page.
      expect(
        await page.evaluate(
          () =>
            Boolean(document.activeElement?.closest('#filter-panel')) ||
            document.activeElement === document.body,
        ),
      ).toBe(true);
    }
    await expect(page.locator('main .card .fav').first()).toHaveJSProperty('inert', false);
    expect(
      await page
        .locator('main .card .fav')
        .first()
        .evaluate((el) => Boolean(el.closest('[inert]'))),
    ).toBe(true);
    expect(
      await page.locator('header.site-header').evaluate((el) => (el as HTMLElement).inert),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show Filter' })).toBeFocused();
    expect(await page.locator('[inert]').count()).toBe(0);
  });
});

test.describe('7. smaller items', () => {
  test.use({ viewport: DESKTOP });

  test('1366×900, keyboard: the image viewer opens with focus on Close', async ({ page }) => {
    await page.goto(TOTE);
    await hydrated(page, 'ProductGallery');
    await page.locator('.gallery-main').focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  });

  test("1366×900, keyboard: every card's favourite button names its product", async ({ page }) => {
    await page.goto('/Collections');
    await hydrated(page, 'ProductListing');
    const cards = page.locator('main .card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const name = (await cards.nth(i).locator('.card-name a').innerText()).trim();
      await expect(cards.nth(i).locator('.fav')).toHaveAccessibleName(
        `Add To Your Favourite: ${name}`,
      );
    }
  });

  test('1366×900, stored value: /favourites goes from h1 to h2 to the cards’ h3', async ({
    page,
  }) => {
    await storeBeforeLoad(page, {
      favourites_guest: JSON.stringify(['margalla-commuter-laptop-bagpack', TRAIL]),
    });
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
});

/** Every key the shop keeps in the browser (SPEC §3 and the shop's own). */
const STORED_KEYS = [
  'token',
  'email',
  'name',
  'selectedCountry',
  'selectedCurrency',
  'displayCurrency',
  'currencyRates',
  'highlightAllTrackOrder',
  'removedCancelledOrders',
  'cartItems_guest',
  'favourites_guest',
  'userSettings_zara@example.com',
];
const HOSTILE = '<img src=x onerror="window.__xss=1">\n€';

test.describe('8. corrupted stored values', () => {
  test.use({ viewport: PHONE });

  for (const [label, raw] of [
    ['null', 'null'],
    ['{}', '{}'],
    ['invalid JSON', '{"rates":'],
    ['a wrong type', '{"rates":null}'],
    ['a hostile string', HOSTILE],
  ] as const) {
    test(`390×844, stored value: with every key holding ${label}, the header, Add To Cart and /Checkout still work`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await storeBeforeLoad(page, Object.fromEntries(STORED_KEYS.map((key) => [key, raw])));
      await page.goto(TOTE);
      await hydrated(page, 'BuyBox');
      await openAccountByKeyboard(page);
      await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
      await page.keyboard.press('Escape');
      await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
      await expect(panel.getByRole('link', { name: 'View My Cart (1)' })).toBeVisible();
      await page.goto('/Checkout');
      await expect(page.getByLabel('First Name')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
      expect(
        await page.evaluate(() => [
          (window as { __xss?: number }).__xss,
          ({} as Record<number, unknown>)[0],
        ]),
      ).toEqual([undefined, undefined]);
      expect(errors).toEqual([]);
    });
  }

  test('390×844, stored value: currencyRates = null is replaced by fresh rates for the chosen country', async ({
    page,
  }) => {
    await storeBeforeLoad(page, {
      selectedCountry: 'United Kingdom',
      selectedCurrency: 'GBP',
      currencyRates: 'null',
    });
    await page.goto(TOTE);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Log in or create an account' }).focus(); // wakes the header, which refreshes rates
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('currencyRates') ?? 'null')?.rates?.GBP,
        ),
      )
      .toBeGreaterThan(0);
    await page.reload();
    await expect(page.locator('.buy-box .buy-price .now')).toContainText('£');
  });
});

test.describe('9. prototype pollution through the stored cart', () => {
  test.use({ viewport: DESKTOP });

  test('1366×900, stored value: a cart naming constructor.prototype pollutes nothing; /Checkout works and search Enter stays put', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await storeBeforeLoad(page, { cartItems_guest: '{"constructor":{"prototype":{"0":5}}}' });
    await page.goto('/Checkout');
    await expect(page.getByLabel('First Name')).toBeVisible();
    expect(await page.evaluate(() => (({}) as Record<number, unknown>)[0])).toBeUndefined();
    await page.goto('/Collections');
    const search = page.getByRole('button', { name: 'Search' });
    await search.focus();
    await hydrated(page, 'HeaderTools');
    await page.keyboard.press('Enter');
    await expect(page.locator('#search-input')).toBeFocused();
    expect(await page.evaluate(() => (({}) as Record<number, unknown>)[0])).toBeUndefined();
    await page.keyboard.type('zzzz no such bag');
    await expect(page.getByText('No products found.')).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/Collections');
    expect(errors).toEqual([]);
  });
});

test.describe('10. a stored token no header can carry', () => {
  test.use({ viewport: PHONE });

  for (const [label, bad] of [
    ['a newline', '\nX'],
    ['"€"', '€'],
  ] as const) {
    test(`390×844, stored value: a token with ${label} signs the shopper out and says so`, async ({
      page,
    }) => {
      const user = await registerUser(page, 'badtoken');
      await storeBeforeLoad(page, {
        token: `${user.token}${bad}`,
        email: user.email,
        name: user.name,
      });
      await page.goto('/Cart');
      await expect(toast(page, EXPIRED)).toBeVisible();
      expect(
        await page.evaluate(() => ['token', 'email', 'name'].map((k) => localStorage.getItem(k))),
      ).toEqual([null, null, null]);
      await expect(page.getByRole('button', { name: 'Log in or create an account' })).toBeVisible();
    });
  }
});

test.describe('11. Sign Out ends the session on the server', () => {
  test.use({ viewport: DESKTOP });

  test('1366×900, keyboard: after Sign Out the old token gets 401 on /api/order/userorders', async ({
    page,
  }) => {
    const user = await registerUser(page, 'signout');
    await storeBeforeLoad(page, { token: user.token, email: user.email, name: user.name });
    await page.goto('/');
    const orders = () =>
      page.request
        .post('/api/order/userorders', { headers: { token: user.token }, data: {} })
        .then((r) => r.status());
    expect(await orders()).toBe(200);
    await openAccountByKeyboard(page);
    await tabTo(page, 'Sign Out');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect.poll(orders).toBe(401);
  });
});

test.describe('12. security headers on every answer', () => {
  test("1366×900: a 404, a redirect and a page under npm start all carry netlify.toml's /* headers", async ({
    request,
  }) => {
    const expected = Object.fromEntries(
      Object.entries(siteHeaders()).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(Object.keys(expected)).toContain('content-security-policy');
    for (const [path, status] of [
      ['/no-such-page', 404],
      ['/_astro/no-such-file.js', 404],
      ['/cart', 301],
      ['/', 200],
    ] as const) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(status);
      expect(res.headers(), path).toMatchObject(expected);
    }
    const api404 = await request.get('/api/no-such-endpoint');
    expect(api404.status()).toBe(404);
    expect(api404.headers()).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });
});

test.describe('the keyboard-only journey', () => {
  for (const [size, viewport] of [
    ['1366×900', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    test(`${size}, keyboard: register, fail a login and hear it, buy, check out and cancel, focus asserted after every step`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const email = uniqueEmail('journey');
      const profile = page.locator('[data-action="account"]');

      // Register from the product page.
      await page.goto(TOTE);
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
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Your account has been created. You are logged in!')).toBeVisible();
      await expect(drawer(page)).toHaveCount(0);
      await expect(profile).toBeFocused();
      await expect(profile).toHaveAccessibleName('Account of Zara Ahmed');

      // Sign out, then fail a login and hear the error.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: 'Your account' })).toBeVisible();
      await expect(focused(page)).toHaveAccessibleName('Close');
      await tabTo(page, 'Sign Out');
      await page.keyboard.press('Enter');
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
      await page.keyboard.press('Enter');
      await expect(drawer(page).getByRole('alert')).toHaveText('Invalid email or password.');
      expect(await alertsHeard(page)).toEqual(['Invalid email or password.']);
      await expect(focused(page)).toHaveAccessibleName('Password');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
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
      await page.keyboard.press('Enter');
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
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
      await expect(line.locator('.order-status')).toContainText('Cancelled');
      await expect(line.getByRole('heading', { level: 2 })).toBeFocused();
      // Raised as the dialog closed, the message is in the toast strip where it is heard.
      expect(await alertsHeard(page, 'status')).toContain('Order cancelled successfully');
    });
  }
});
