// What a shopper does on the page, shared by the journeys: the header's account drawer, the cart,
// the shipping form, the keyboard, and values stored in the browser before a page loads.
import { addressFormat } from '../../../src/lib/address-format.ts';
import { expect, type Locator, type Page } from './test.ts';
import { hydrated, untilHydrated } from './islands.ts';
import { PASSWORD, uniqueEmail, type Shopper } from './shopper.ts';

/** The toast (in the strip at the top) that says `text`. */
export const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text });

/** The open account drawer (login, register, forgot password or the signed-in menu). */
export const drawer = (page: Page) => page.locator('dialog.drawer[open]');

/** The element that has focus. */
export const focused = (page: Page) => page.locator(':focus');

/** The thank-you dialog that opens once an order is placed. */
export const thanksDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Thank you for your order' });

/** The panel that opens after Add To Cart. */
export const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Just Added to Cart' });

/**
 * Does `action` and waits for the answer to the call of the shop's API `path` it makes
 * ('/api/user/login', …), so that what the page does with the answer is asserted after it has
 * come (a sign-up or a login hashes a password: seconds on a busy machine).
 */
export async function untilAnswered(page: Page, path: string, action: () => Promise<unknown>) {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await action();
  return answer;
}

/** Stores values before any page script runs, once per test (later navigations keep what the page made of them). */
export async function storeBeforeLoad(page: Page, values: Record<string, string>) {
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [key, value] of Object.entries(v)) localStorage.setItem(key, value);
    sessionStorage.setItem('seeded', '1');
  }, values);
}

/** Signs the browser in as `shopper` before the first page loads (once per test). */
export const signInBeforeLoad = (page: Page, shopper: Shopper, more: Record<string, string> = {}) =>
  storeBeforeLoad(page, {
    token: shopper.token,
    email: shopper.email,
    name: shopper.name,
    ...more,
  });

/** A stored cart (docs/product.md §3 `cartItems_*`) with one of each product in the given colour. */
export const cartOf = (lines: Record<string, string>, quantity = 1) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(lines).map(([id, colour]) => [id, { [colour]: { '0': quantity } }]),
    ),
  );

/** Opens a product page and adds its product in its first colour; the cart panel shows. */
export async function addToCart(page: Page, productPath: string) {
  await page.goto(productPath);
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(cartPanel(page)).toBeVisible();
}

/**
 * Opens /selectCountry from /Collections (so it has a referrer, as after a shopper's click) and
 * picks a country; the shop goes back to /Collections.
 */
export async function chooseCountry(page: Page, country: RegExp) {
  await page.goto('/Collections');
  // Navigating from the page (not page.goto) sets document.referrer, like a shopper's click.
  await page.evaluate(() => location.assign('/selectCountry'));
  await page.waitForURL('**/selectCountry');
  await page.getByRole('button', { name: country }).click();
  await page.waitForURL('**/Collections');
}

/**
 * Dismisses every toast on screen and waits until the strip is empty. A toast lies over the
 * header's icons for its whole life (7 s): a shopper who wants an icon sooner dismisses it.
 */
export async function dismissToasts(page: Page) {
  // Dismissed again until none is left: a toast given while the first were dismissed (a busy
  // machine once showed one after the clicks) is dismissed too, as the shopper would.
  await expect(async () => {
    await page.evaluate(() => {
      for (const button of document.querySelectorAll<HTMLElement>(
        '[data-testid="toast"] button[aria-label="Dismiss notification"]',
      ))
        button.click();
    });
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

/**
 * Opens the account drawer from the header's profile icon (hovering hydrates the header first),
 * dismissing any toast that lies over it.
 */
export async function openAccount(page: Page) {
  const icon = page.getByRole('button', { name: /Log in or create an account|Account of/ });
  await dismissToasts(page);
  await icon.hover();
  await hydrated(page, 'HeaderTools');
  await icon.click();
  await expect(drawer(page)).toBeVisible();
}

/** Opens the account drawer from the header's profile icon, by keyboard. */
export async function openAccountByKeyboard(page: Page) {
  const icon = page.getByRole('button', { name: /Log in or create an account|Account of/ });
  await icon.focus();
  await hydrated(page, 'HeaderTools');
  await page.keyboard.press('Enter');
  await expect(drawer(page)).toBeVisible();
}

/** Creates an account in the drawer (password PASSWORD); the welcome toast shows. */
export async function registerInDrawer(page: Page, email: string, name = 'Sana Tariq') {
  await openAccount(page);
  await page.getByRole('button', { name: 'New Customer? Create account' }).click();
  await drawer(page).getByLabel('Name').fill(name);
  await drawer(page).getByLabel('Email').fill(email);
  await drawer(page).getByLabel('Password').fill(PASSWORD);
  await untilAnswered(page, '/api/user/register', () =>
    drawer(page).getByRole('button', { name: 'Create Account' }).click(),
  );
  await expect(toast(page, 'Your account has been created. You are logged in!')).toBeVisible();
}

/** Opens the drawer and submits its login form. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await openAccount(page);
  await fillLogin(page, email, password);
}

/** Fills and submits the open drawer's login form. */
export async function fillLogin(page: Page, email: string, password: string) {
  await drawer(page).getByLabel('Email').fill(email);
  await drawer(page).getByLabel('Password').fill(password);
  await untilAnswered(page, '/api/user/login', () =>
    drawer(page).getByRole('button', { name: 'Log In' }).click(),
  );
}

/**
 * Fills the checkout's shipping form with a Lahore address (or another country and state). The
 * recipient's e-mail is one of its own unless given: the shop takes at most 10 orders in 10
 * minutes for one recipient, and one address shared by every journey's orders met that limit
 * (429) once the journeys ran faster.
 */
export async function fillShipping(
  page: Page,
  country = 'Pakistan',
  state = 'Punjab',
  email = uniqueEmail('sana.tariq'),
) {
  await page.getByLabel('First Name').fill('Sana');
  await page.getByLabel('Last Name').fill('Tariq');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Address 1').fill('12 Canal View Road');
  await page.getByLabel('Country', { exact: true }).selectOption(country);
  // The region and the postcode under the names the country gives them (src/lib/address-format.ts).
  const format = addressFormat(country);
  await page.getByLabel(format.region, { exact: true }).selectOption(state);
  await page.getByLabel('City').fill('Lahore');
  if (format.postcode) await page.getByLabel(format.postcode, { exact: true }).fill('54000');
  await page.getByLabel('Mobile number').fill('+92 300 1234567');
}

/**
 * Fills the shipping form from First Name to Mobile number with the keyboard alone (Karachi), once
 * the form has hydrated (focusing a field wakes it).
 */
export async function fillShippingByKeyboard(page: Page) {
  await page.getByLabel('First Name').waitFor();
  await page.getByLabel('First Name').focus();
  await untilHydrated(page, 'Checkout');
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
  // Enter submits only through an enabled Place Order, which waits for the cart's products.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
}

/** Tabs until the element named `name` (its aria-label, label or text) has focus (at most `max` presses). */
export async function tabTo(page: Page, name: string | RegExp, max = 60) {
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

/** Presses Tab (or Shift+Tab) until `target` has focus (at most 80 presses). */
export async function tabToElement(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 80; i++) {
    const isFocused =
      (await target.count()) === 1 &&
      (await target.evaluate((el) => el === document.activeElement));
    if (isFocused) return;
    await page.keyboard.press(key);
  }
  throw new Error('Tab never reached the element');
}

/**
 * Waits until the page has stopped scrolling: scrollY is the same over `frames` painted frames in
 * a row (a smooth scroll moves it every frame until it ends).
 */
export async function scrollAtRest(page: Page, frames = 5) {
  await page.waitForFunction(
    (needed) => {
      const w = window as unknown as { __restY?: number; __restFrames?: number };
      w.__restFrames = w.__restY === scrollY ? (w.__restFrames ?? 0) + 1 : 0;
      w.__restY = scrollY;
      return w.__restFrames >= needed;
    },
    frames,
    { polling: 'raf' },
  );
}

/**
 * Records every navigation the page starts from now on (the Navigation API's `navigate` event
 * fires as soon as a script, link or form asks for one). The record is kept in sessionStorage, so
 * it survives the navigation it records. Read it with `navigationsStarted`.
 */
export async function watchNavigations(page: Page) {
  await page.evaluate(() => {
    sessionStorage.setItem('navigationsStarted', '[]');
    (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
      'navigate',
      (event) => {
        const started = JSON.parse(sessionStorage.getItem('navigationsStarted') ?? '[]');
        started.push((event as unknown as { destination: { url: string } }).destination.url);
        sessionStorage.setItem('navigationsStarted', JSON.stringify(started));
      },
    );
  });
}

/** The navigations started since `watchNavigations` (their destination URLs). */
export const navigationsStarted = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('navigationsStarted') ?? '[]') as string[]);

/**
 * Presses `key` and waits until the page's own handlers for it have run: a listener on `window`,
 * the last stop of the key's bubbling, has seen its keyup (or the page has navigated away).
 */
export async function pressAndSettle(page: Page, key: string) {
  await page.evaluate(() => {
    const w = window as unknown as { __keyups: string[] };
    w.__keyups = [];
    addEventListener('keyup', (event) => w.__keyups.push(event.key));
  });
  await page.keyboard.press(key);
  // A document without the listener is a new one: the key led to a navigation (handled, then).
  await page.waitForFunction((k) => {
    const keyups = (window as unknown as { __keyups?: string[] }).__keyups;
    return !keyups || keyups.includes(k);
  }, key);
}
