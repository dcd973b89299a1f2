// The desk's navigation on a phone (390×844): a bottom bar that stays, with the server's counts of
// what needs action and More for the rest; the order list first, its filters folded behind one
// button; Products searched first and paged; the audit log at the phone's width, with #numbers and
// names. Every screen and state here passes axe with WCAG 2.2's target size.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { WCAG_AA, expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import {
  allowGrant,
  deliver,
  deskNav,
  enrolledMember,
  openDeskAs,
  openFromNav,
  type Member,
} from './support/desk.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { DESK_NOT_LOADED } from '../../src/lib/desk-view.ts';
import { DESK_NAME } from '../../src/lib/desk-manifest.ts';

test.use(TOUCH_PHONE);
// Passwords are hashed with scrypt at full strength: enrolments take seconds on a shared machine.
test.describe.configure({ timeout: 120_000 });

const PHONE_HEIGHT = 844;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** axe with WCAG 2.2 AA too, whose target-size rule asks 24 px of every tap target. */
const expectAccessible = (page: Page) =>
  expectNoAxeViolations(page, { rules: [...WCAG_AA, 'wcag22aa'] });

/** The counts the server answers now, as the bar's call asks for them. */
async function serverCounts(request: APIRequestContext, member: Member) {
  const answer = await request.post('/api/desk/counts', {
    headers: { token: member.token },
    data: {},
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { ordersToPack: number; returnsToDecide: number };
}

/** The count beside a bar entry, as a phone shows it ('' for none). */
const barCount = async (page: Page, id: 'orders' | 'returns') => {
  const badge = deskNav(page).getByTestId(`count-${id}`);
  return (await badge.count()) ? ((await badge.locator('[aria-hidden]').textContent()) ?? '') : '';
};

/** Where the bar sits in the viewport. */
const barBox = async (page: Page) => (await deskNav(page).boundingBox())!;

/** Whether the page is wider than the phone (it scrolls sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the bottom bar stays at the bottom with the counts the server answers, and More opens the other screens and the audit log, which fits the phone with #numbers and names', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('phone-owner'), 'owner', 'Nadia Owner');
  const shopper = await signUp(request, { tag: 'phone-shopper' });
  // Two orders placed (one then packed), and one delivered whose shopper asks for an exchange
  // (a request awaiting a decision).
  await placeOrder(request, shopper);
  const packed = await placeOrder(request, shopper);
  const returned = await placeOrder(request, shopper);
  await deliver(request, owner, returned);
  const asked = await request.post('/api/order/return', {
    headers: { token: shopper.token },
    data: {
      orderId: returned,
      kind: 'exchange',
      reason: 'Too small',
      items: [{ line: 0, quantity: 1 }],
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const moved = await request.post('/api/desk/orders/move', {
    headers: { token: owner.token },
    data: { order: packed, from: 'Order Placed', to: 'Packing' },
  });
  expect(moved.status()).toBe(200);

  await openDeskAs(page, owner);
  await expect(heading(page)).toHaveText('Orders');
  const nav = deskNav(page);
  await expect(nav).toBeVisible();
  // The header's nine links are gone on a phone: one row with who is signed in.
  expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThan(60);
  await expect(nav.getByRole('link', { name: /^Orders/ })).toHaveAttribute('aria-current', 'page');

  // The counts are the server's: other journeys place orders on the same shop at the same time,
  // so the page is read again until the bar and the server agree at one moment.
  await expect(async () => {
    await page.reload();
    await expect(nav.getByTestId('count-orders')).toBeVisible();
    const [orders, returns, truth] = await Promise.all([
      barCount(page, 'orders'),
      barCount(page, 'returns'),
      serverCounts(request, owner),
    ]);
    expect(truth.ordersToPack).toBeGreaterThanOrEqual(1);
    expect(truth.returnsToDecide).toBeGreaterThanOrEqual(1);
    const shown = (n: number) => (n > 99 ? '99+' : String(n));
    expect([orders, returns]).toEqual([shown(truth.ordersToPack), shown(truth.returnsToDecide)]);
  }).toPass({ timeout: 30_000 });
  await expect(nav.getByRole('link', { name: /^Returns \d+ to decide$/ })).toBeVisible();
  // Products needs no action of the desk, so it has no count.
  await expect(nav.getByRole('link', { name: 'Products', exact: true })).toBeVisible();

  // Fixed at the bottom, also scrolled to the end (once the list has drawn all its cards), and
  // nothing hides behind it.
  await expect(page.locator('.desk-orders')).toHaveAttribute('aria-busy', 'false');
  let box = await barBox(page);
  expect(box.y + box.height).toBeCloseTo(PHONE_HEIGHT, 0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  box = await barBox(page);
  expect(box.y + box.height).toBeCloseTo(PHONE_HEIGHT, 0);
  const lastCard = page.locator('.desk-order-card').last();
  const last = page.getByRole('button', { name: 'Show more orders' });
  const end = (await last.count()) ? last : lastCard;
  const endBox = (await end.boundingBox())!;
  expect(endBox.y + endBox.height).toBeLessThanOrEqual(box.y);
  await expectAccessible(page);

  // More: the other screens an owner may open, and Sign out.
  const more = nav.getByRole('button', { name: 'More' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.locator('.desk-more').getByRole('link')).toHaveText([
    'Packing slips',
    'Load sheet',
    'Staff',
    'Audit log',
    'Business',
    'Failed mails',
    'Settings',
  ]);
  await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  await openFromNav(page, 'Audit log');
  await expect(heading(page)).toHaveText('Audit log');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await more.click();

  // The owner's move of the packed order: its #number and the owner's name, not ids.
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: 'Moved an order' })
    .filter({ hasText: `Order #${shortNumber(packed)}` })
    .first();
  await expect(entry).toContainText(`Moved an order · Order #${shortNumber(packed)}`);
  await expect(entry).toContainText(`Nadia Owner (${owner.email})`);
  await expect(entry).not.toContainText(packed);
  await expect(entry).not.toContainText('order.move');
  expect(await scrollsSideways(page)).toBe(false);
  // What the move changed, in words, not the log's JSON.
  await entry.getByText('Before and after').click();
  await expect(entry.getByText('Status: Order Placed → Packing', { exact: true })).toBeVisible();
  await expect(entry.locator('pre')).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page);

  // Returns from the bar: its entry is the current page now.
  await openFromNav(page, 'Returns');
  await expect(heading(page)).toHaveText('Returns');
  await expect(nav.getByRole('link', { name: /^Returns/ })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});

test('the order list comes first on a phone: its first order is on the first screen, and the folded filters open, say how many are set and filter', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('phone-staff'), 'staff', 'Sana Staff');
  // Allowed customer data, so the order screen has the shopper's mail link to measure.
  const owner = await enrolledMember(request, uniqueEmail('phone-owner'), 'owner', 'Owner');
  await allowGrant(request, owner, staff, 'personalData');
  const shopper = await signUp(request, { tag: 'phone-list' });
  const number = shortNumber(await placeOrder(request, shopper));
  await placeOrder(request, shopper);

  await openDeskAs(page, staff);
  await expect(heading(page)).toHaveText('Orders');
  const first = page.locator('.desk-order-card').first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.y).toBeLessThan(PHONE_HEIGHT);
  // The whole first order is on the first screen, above the bar.
  const firstBox = (await first.boundingBox())!;
  expect(firstBox.y + firstBox.height).toBeLessThanOrEqual((await barBox(page)).y);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveText('Filters');
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /^Order Placed \d+$/ })).toBeHidden();
  await expectAccessible(page);

  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const placed = page.getByRole('button', { name: /^Order Placed \d+$/ });
  await placed.click();
  await expect(placed).toHaveAttribute('aria-pressed', 'true');
  await expect(filters).toHaveText('Filters (1 active)');
  // The list shown answers the filters before until the new answer is in: it says it is busy.
  await expect(page.locator('.desk-orders')).toHaveAttribute('aria-busy', 'false');
  const statuses = await page.locator('.desk-order-card .desk-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Order Placed']));
  await expectAccessible(page);

  await page.getByLabel('Payment', { exact: true }).selectOption({ label: 'Unpaid' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(filters).toHaveText('Filters (2 active)');
  await expect(page.getByRole('link', { name: new RegExp(`#${number}`) })).toBeVisible();

  // The search box on top still searches within them.
  await page.getByLabel('Search: #number, e-mail, phone or name').fill(`#${number}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  await expect(filters).toHaveText('Filters (2 active)');

  // The order screen's text links are tap targets of at least 24 px.
  await page.getByRole('link', { name: new RegExp(`#${number}`) }).click();
  await expect(heading(page)).toHaveText(`Order #${number}`);
  await expect(deskNav(page).getByRole('link', { name: /^Orders/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  for (const name of ['Back to orders', 'Packing slip', shopper.email]) {
    const box = (await page.getByRole('link', { name, exact: true }).boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(24);
  }
  await expectAccessible(page);
});

test('the desk runs on Preact, not React, names every script of its first screen in its page, and draws four cards first, then the rest a few per task, busy until all are drawn', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('phone-cards'), 'staff', 'Cara Cards');
  const shopper = await signUp(request, { tag: 'phone-cards' });
  for (let i = 0; i < 7; i++) await placeOrder(request, shopper);

  // What the list holds the first time it is in the page, before any later task adds to it.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const list = document.querySelector('.desk-orders');
      if (!list) return;
      seen.disconnect();
      (window as unknown as { firstDrawing: unknown }).firstDrawing = {
        cards: list.querySelectorAll('.desk-order-card').length,
        busy: list.getAttribute('aria-busy'),
      };
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const scripts: Promise<string>[] = [];
  const scriptUrls: string[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    scripts.push(response.text());
    scriptUrls.push(response.url());
  });
  await openDeskAs(page, staff);

  const list = page.locator('.desk-orders');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const listed = await page.locator('.desk-order-card').count();
  expect(listed).toBeGreaterThanOrEqual(7);
  expect(
    await page.evaluate(() => (window as unknown as { firstDrawing: unknown }).firstDrawing),
  ).toEqual({
    cards: 4,
    busy: 'true',
  });

  // Every script the list needed is named in the page as it is served (fetched while the page is
  // read, none found only once the one importing it has run), and none was added by a script.
  const served = await (await request.get('/desk/')).text();
  const named = [...served.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(
    (m) => new URL(m[1]!, page.url()).href,
  );
  const own = /<script type="module" src="([^"]+)"/.exec(served)![1]!;
  expect(named.length).toBeGreaterThanOrEqual(10);
  expect(
    scriptUrls.filter((url) => url !== new URL(own, page.url()).href && !named.includes(url)),
  ).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.length)).toBe(
    named.length,
  );

  // React 19's elements are marked `react.transitional.element`: no script of the desk carries it.
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThanOrEqual(3);
  expect(bodies.filter((body) => body.includes('react.transitional.element'))).toEqual([]);
});

test("the desk is painted with its name in its top bar before its drawing arrives, and the drawn desk takes the placeholder's place", async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('phone-early'), 'staff', 'Pia Early');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/desk-drawing\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openDeskAs(page, staff);
  // The page's own HTML, with the drawing still held back.
  await expect(page.locator('.desk-placeholder-top')).toHaveText(DESK_NAME);
  await expect(page.locator('.desk-placeholder-top')).toBeVisible();
  await expect(page.locator('.desk-placeholder')).toHaveAttribute('aria-hidden', 'true');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.locator('.desk-placeholder')).toHaveCount(0);
});

test.describe('when the drawing does not arrive', () => {
  // The dropped script is logged by the browser: that is the case under test.
  test.use({
    allowConsole: [/Failed to load resource|Failed to fetch dynamically imported module/],
  });

  test('the desk says it could not load, in place of its empty boxes', async ({
    page,
    request,
  }) => {
    const staff = await enrolledMember(
      request,
      uniqueEmail('phone-dropped'),
      'staff',
      'Dee Dropped',
    );
    await page.route(/\/_astro\/desk-drawing\.[\w-]+\.js$/, (route) =>
      route.abort('connectionreset'),
    );
    await openDeskAs(page, staff);
    await expect(page.getByRole('alert')).toHaveText(DESK_NOT_LOADED);
    await expect(page.locator('.desk-placeholder')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test('Products opens with its search field, shows page 1 of N, Next shows the next page, and a search finds a product on another page', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('phone-products'), 'staff', 'Sana');
  await openDeskAs(page, staff, '#/products');
  await expect(heading(page)).toHaveText('Products');
  const search = page.getByLabel('Search: name, maker or id');
  const chips = page.getByRole('list', { name: 'Which products' });
  await expect(chips).toBeVisible();
  expect((await search.boundingBox())!.y).toBeLessThan((await chips.boundingBox())!.y);

  const live = Number(
    /\d+/.exec((await page.getByRole('button', { name: /^On sale \d+$/ }).textContent())!)![0],
  );
  expect(live).toBeGreaterThan(12);
  const pages = Math.ceil(live / 12);
  const cards = page.locator('.desk-product');
  await expect(page.getByText(`Showing 1–12 of ${live}`)).toBeVisible();
  await expect(cards).toHaveCount(12);
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const firstPage = await cards.locator('h2').allTextContents();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Showing 13–${Math.min(24, live)} of ${live}`)).toBeVisible();
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page.getByText(`Showing 13–${Math.min(24, live)} of ${live}`)).toBeFocused();
  const secondPage = await cards.locator('h2').allTextContents();
  expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
  await expectAccessible(page);

  // A product from the last page, found by a search from page 2: the answer starts at page 1.
  for (let n = 3; n <= pages; n++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  const wanted = (await cards.last().locator('h2').textContent())!;
  expect(firstPage).not.toContain(wanted);
  await search.fill(wanted);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(cards.first().locator('h2')).toHaveText(wanted);
  await expect(page.getByText(/^Showing 1(–\d+)? of \d+$/)).toBeVisible();
  await expect(page.getByText(`Page ${pages} of ${pages}`)).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
  await expectAccessible(page);
});

test('To pack, oldest first lists the orders waiting to be packed with the longest waiting on top, and Settings leads with this device before the shop', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('phone-to-pack'), 'owner', 'Tahir');
  const shopper = await signUp(request, { tag: 'phone-to-pack' });
  const first = shortNumber(await placeOrder(request, shopper));
  const second = shortNumber(await placeOrder(request, shopper));
  const packed = shortNumber(await placeOrder(request, shopper));
  const moved = await request.post('/api/desk/orders/move', {
    headers: { token: owner.token },
    data: { order: packed, to: 'Packing' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await openDeskAs(page, owner);
  await expect(heading(page)).toHaveText('Orders');
  // The journeys share one store, whose older orders fill the first page oldest first: the owner
  // looks within this shopper's orders, as she would search a customer who rang.
  await page.getByLabel('Search: #number, e-mail, phone or name').fill(shopper.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('3 orders', { exact: true })).toBeVisible();
  const toPack = page.getByRole('button', { name: 'To pack, oldest first' });
  await expect(toPack).toHaveAttribute('aria-pressed', 'false');
  const numbers = async () =>
    (await page.locator('.desk-order-card strong').allTextContents()).filter((n) =>
      [`#${first}`, `#${second}`, `#${packed}`].includes(n),
    );
  await expect.poll(numbers).toEqual([`#${packed}`, `#${second}`, `#${first}`]);
  await toPack.click();
  await expect(toPack).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.desk-orders')).toHaveAttribute('aria-busy', 'false');
  const statuses = await page.locator('.desk-order-card .desk-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Order Placed']));
  await expect.poll(numbers).toEqual([`#${first}`, `#${second}`]);
  await expectAccessible(page);
  await toPack.click();
  await expect(toPack).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(numbers).toEqual([`#${packed}`, `#${second}`, `#${first}`]);

  await page.goto('/desk/#/settings');
  await expect(heading(page)).toHaveText('Settings');
  const sections = page.getByRole('heading', { level: 2 });
  await expect(sections.first()).toHaveText('This device');
  await expect(sections.nth(1)).toHaveText('Shop settings');
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device.getByRole('heading', { name: 'Alerts on your devices' })).toBeVisible();
  await expect(device.getByRole('heading', { name: 'Your passkeys' })).toBeVisible();
  // This device's part is on the phone's first screen.
  const top = (await device
    .getByRole('heading', { name: 'Alerts on your devices' })
    .boundingBox())!;
  expect(top.y).toBeLessThan(PHONE_HEIGHT);
  await expectAccessible(page);
});

test('the Business screen fits the phone when its figures run long: the page never grows wider than the phone, so the phone never zooms out and Export is tapped where it shows', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('phone-books'), 'owner', 'Nadia Owner');
  // The figures of a shop a thousand times busier than this one: every sum in crores of rupees and
  // thousands of COD orders with the courier (what made the journeys' shop, after a busy run, wider
  // than a phone: "₨23,100 on 4 delivered orders" in a column as wide as its longest figure).
  await page.route('**/api/desk/business', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { periods: Record<string, unknown>[] };
    for (const period of body.periods) {
      for (const key of Object.keys(period)) if (key.endsWith('Pkr')) period[key] = 987_654_321_00;
      period.codWithCourierOrders = 12_345;
      period.orders = 123_456;
    }
    await route.fulfill({ response: answer, json: body });
  });
  await openDeskAs(page, owner, '#/business');
  await expect(heading(page)).toHaveText('Business');
  await expect(
    page.getByRole('article', { name: 'Today' }).getByTestId('cod-with-courier'),
  ).toContainText('on 12345 delivered orders');
  expect(await scrollsSideways(page)).toBe(false);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  // Tapped where it shows: the phone would tap the date fields above it if the page were zoomed out.
  await page.getByRole('button', { name: 'Export' }).tap({ trial: true });
  await expectAccessible(page);
});
