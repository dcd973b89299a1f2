// The desk by keyboard: its skip link reaches the screen's content and leaves the screen where it
// is (the desk routes by the address's fragment, which a plain #desk-content link would replace),
// and the daily routine is done with the keyboard alone, at a phone's width and a desktop's: after
// every step focus is on what the step opened or on its result (never on <body>), and the live
// region has said what happened. On a phone More is a menu the keyboard opens, moves in and
// closes; at both widths no focused control of Settings or the product editor is covered by the
// phone's bar or a sticky Save.
import type { Locator, Page } from '@playwright/test';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { FIELD_PROBLEMS } from '../../src/lib/desk-fields.ts';
import { PAYMENT_MESSAGES } from '../../src/lib/contract/payments.ts';
import { STOCK_ANSWERS } from '../../src/lib/messages.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { ORDER_VIEW_TEXT } from '../../src/lib/orders/desk-view.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { RETURN_MESSAGES } from '../../src/lib/returns/rules.ts';
import { budget, expect, test } from './support/test.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import {
  DESK_PASSWORD,
  codeFor,
  deliver,
  deskNav,
  enrolledMember,
  holdCall,
  holdableCalls,
  openDeskAs,
  virtualAuthenticator,
} from './support/desk.ts';
import { expectNoAxeViolations } from './support/a11y.ts';

// Enrolment hashes a password at full strength (seconds here), and the routine is long.
test.describe.configure({ timeout: 150_000 });
// The journeys hold calls to look at the desk while they are out: holdable from the first request.
test.beforeEach(({ page }) => holdableCalls(page));

test.describe('at a desktop width', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Skip to content, pressed with the keyboard, moves focus to the screen heading and keeps the screen and its address', async ({
    page,
    request,
  }) => {
    const member = await enrolledMember(request, uniqueEmail('skip'), 'staff', 'Skip Keeper');
    await openDeskAs(page, member, '#/returns');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Returns');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // The header's first link: it shows once it has focus.
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused();
    await expect(heading).toHaveText('Returns');
    expect(new URL(page.url()).hash).toBe('#/returns');
  });
});

test.describe('the business view at a desktop width', () => {
  // The look-up the journey drops on purpose is logged by the browser.
  test.use({ viewport: { width: 1440, height: 900 }, allowConsole: [/net::ERR_FAILED/] });

  test("the customer look-up and the export by keyboard alone: each button keeps focus while its call is out, then focus is on the customer's orders or on the message", async ({
    page,
    request,
  }) => {
    const owner = await enrolledMember(request, uniqueEmail('biz-owner'), 'owner', 'Biz Owner');
    const shopper = await signUp(request, { tag: 'biz-customer' });
    const number = shortNumber(await placeOrder(request, shopper));
    await openDeskAs(page, owner, '#/business');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Business');

    // Found: the customer's orders have focus, and the first is the order just placed.
    await reach(page, page.getByLabel("Customer's e-mail"));
    await page.keyboard.type(shopper.email);
    await pressHeld(page, page.getByRole('button', { name: 'Look up' }), '/api/desk/customer');
    const orders = page.getByRole('region', { name: `Orders of ${shopper.email}` });
    await expect(orders).toBeFocused();
    await expect(orders.getByRole('link').first()).toContainText(`#${number}`);

    // An address with no orders: its own (empty) customer has focus.
    const nobody = uniqueEmail('nobody');
    await reach(page, page.getByLabel("Customer's e-mail"));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(nobody);
    await pressHeld(page, page.getByRole('button', { name: 'Look up' }), '/api/desk/customer');
    const none = page.getByRole('region', { name: `Orders of ${nobody}` });
    await expect(none).toBeFocused();
    await expect(none).toContainText('0 orders');

    // A look-up that never reaches the shop (the network drops it): the message has focus and
    // says why.
    await page.route(
      (url) => url.pathname === '/api/desk/customer',
      (route) => route.abort(),
      {
        times: 1,
      },
    );
    await reach(page, page.getByRole('button', { name: 'Look up' }));
    await page.keyboard.press('Enter');
    await expect(message(page)).toBeFocused();
    await expect(alerted(page)).not.toHaveText('');
    await expect(none).toHaveCount(0);

    // The export: the message has focus and names the file saved.
    const saved = page.waitForEvent('download');
    await pressHeld(page, page.getByRole('button', { name: 'Export' }), '/api/desk/orders/export');
    await expect(message(page)).toBeFocused();
    const file = (await saved).suggestedFilename();
    await expect(said(page)).toHaveText(`Exported ${file}.`);
    await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
  });
});

test.describe('signing in at a desktop width', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a refused sign-in marks its fields invalid and describes them, with focus on the first, by keyboard alone; while it is out Sign in is busy and keeps focus', async ({
    page,
    request,
  }) => {
    const member = await enrolledMember(request, uniqueEmail('refused'), 'staff', 'Door Keeper');
    await page.goto('/desk/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Sign in to the desk');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    const password = page.getByLabel('Password', { exact: true });
    const code = page.getByRole('textbox', { name: '6-digit code from your authenticator app' });

    // Nothing typed: each field says what it needs, and nothing is sent.
    await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(`E-mail: ${FIELD_PROBLEMS.emailEmpty}`);
    await expect(password).toHaveAccessibleDescription(`Password: ${FIELD_PROBLEMS.passwordEmpty}`);
    await expect(code).toHaveAccessibleDescription(
      `6-digit code from your authenticator app: ${FIELD_PROBLEMS.codeShape}`,
    );
    await expectNoAxeViolations(page, { rules: [...AXE_RULES] });

    // A wrong password: the server's words beside all three (it never says which was wrong).
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${DESK_PASSWORD} wrong`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('123456');
    // While the sign-in is out, Sign in says so and is busy, not disabled: focus stays in the form.
    const signIn = page.getByRole('button', { name: 'Signing in…' });
    const call = await holdCall(page, '/api/desk/signin');
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/desk/signin') sent += 1;
    });
    await page.keyboard.press('Enter');
    await expect.poll(call.arrived, { message: 'the sign-in call' }).toBe(true);
    await expect(signIn).toHaveAttribute('aria-disabled', 'true');
    await expect(code).toBeFocused();
    await tabTo(page, signIn);
    await page.keyboard.press('Enter'); // pressed again while busy: nothing more is sent
    await expect(signIn).toBeFocused();
    call.release();
    await expect(alerted(page)).toHaveText(DESK_ANSWERS.badSignIn);
    expect(sent).toBe(1);
    await expect(email).toBeFocused();
    for (const [field, label] of [
      [email, 'E-mail'],
      [password, 'Password'],
      [code, '6-digit code from your authenticator app'],
    ] as const) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(`${label}: ${DESK_ANSWERS.badSignIn}`);
    }
    await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
  });
});

/** What has focus now. */
const focused = (page: Page) => page.locator(':focus');

/** The live region's polite message and its alert. */
const said = (page: Page) => page.locator('#desk-message [role="status"]');
const alerted = (page: Page) => page.locator('#desk-message [role="alert"]');

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `limit` times; fails when it never
 * does. Keyboard only: the way a member without a pointer reaches a control.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens the orders list's order #`number` with the keyboard: its search, then its link. */
async function openOrder(page: Page, number: string) {
  const search = page.getByLabel(/^Search: #number/);
  await tabTo(page, search);
  await page.keyboard.type(`#${number}`);
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: new RegExp(`#${number}`) });
  await expect(link).toHaveCount(1);
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Order #${number}`);
  await expect(heading).toBeFocused();
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`the daily routine by keyboard alone: focus lands on what each step opened or on its result, and the live region says it (${width} px)`, async ({
      page,
      request,
    }) => {
      const member = await enrolledMember(request, uniqueEmail('keys'), 'staff', 'Key Keeper');
      const shopper = await signUp(request, { tag: 'keys' });
      const number = shortNumber(await placeOrder(request, shopper));
      const other = shortNumber(await placeOrder(request, shopper));
      const list = (await (await request.get('/api/product/list')).json()) as {
        products: { _id: string; productName: string; colors: string[]; stock: boolean }[];
      };
      // A product the other journeys leave alone: the last in stock with two colours.
      const bag = list.products.filter((p) => p.stock && p.colors.length > 1).at(-1)!;
      const colour = bag.colors[0]!;

      await openDeskAs(page, member, '#/orders');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
      await openOrder(page, number);
      const status = page.getByTestId('order-status');

      // Move to Packing: the button keeps focus while the move is out; then focus is on the new
      // status, the move announced.
      await pressHeld(
        page,
        page.getByRole('button', { name: 'Move to Packing' }),
        '/api/desk/orders/move',
      );
      await expect(focused(page)).toHaveText('Packing');
      await expect(status).toBeFocused();
      await expect(said(page)).toHaveText(DESK_ANSWERS.moved(number, 'Packing'));

      // Out for Delivery opens its form on its first field; submitting lands on the status.
      await tabTo(page, page.getByRole('button', { name: 'Move to Out for Delivery' }));
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Courier (optional)');
      await expect(focused(page)).toHaveRole('textbox');
      await expect(page.getByRole('form', { name: 'Move to Out for Delivery' })).toBeVisible();
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
      await page.keyboard.type('TCS');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Tracking number (optional)');
      await page.keyboard.type('TCS-4410-9921');
      await page.keyboard.press('Enter');
      await expect(status).toBeFocused();
      await expect(status).toHaveText('Out for Delivery');
      await expect(said(page)).toHaveText(DESK_ANSWERS.moved(number, 'Out for Delivery'));

      // Delivered.
      await tabTo(page, page.getByRole('button', { name: 'Move to Delivered' }));
      await page.keyboard.press('Enter');
      await expect(status).toBeFocused();
      await expect(status).toHaveText('Delivered');
      await expect(said(page)).toHaveText(DESK_ANSWERS.moved(number, 'Delivered'));

      // Record payment: its form opens on the method; Back returns to the button; submitting
      // lands on what is now due.
      const due = await page.getByTestId('order-due').locator('strong').innerText();
      const record = page.getByRole('button', { name: 'Record payment', exact: true });
      await tabTo(page, record);
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Method');
      await expect(focused(page)).toHaveRole('combobox');
      await tabTo(page, page.getByRole('button', { name: 'Back', exact: true }));
      await page.keyboard.press('Enter');
      await expect(record).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Method');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName('Amount received (PKR)');
      // A refused amount is marked invalid, described and focused; nothing is sent.
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Amount received (PKR)');
      await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(focused(page)).toHaveAccessibleDescription(
        `Amount received (PKR): ${FIELD_PROBLEMS.amountEmpty}`,
      );
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
      await page.keyboard.type(due.replace(/[^\d.]/g, ''));
      await page.keyboard.press('Enter');
      const dueLine = page.getByTestId('order-due');
      await expect(dueLine).toBeFocused();
      await expect(dueLine).toHaveText(ORDER_VIEW_TEXT.paidInFull);
      await expect(said(page)).toHaveText(PAYMENT_MESSAGES.recorded(due, 'COD', number, null));

      // Cancel another order: the reason is asked first, refused when empty, then the status.
      await tabTo(page, page.getByRole('link', { name: 'Back to orders' }), { back: true });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
      await openOrder(page, other);
      await tabTo(page, page.getByRole('button', { name: 'Cancel order' }));
      await page.keyboard.press('Enter');
      const reason = 'Reason for cancelling (the shopper is told)';
      await expect(focused(page)).toHaveAccessibleName(reason);
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName(reason);
      await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(focused(page)).toHaveAccessibleDescription(
        `${reason}: ${FIELD_PROBLEMS.reasonEmpty}`,
      );
      await expect(status).toHaveText('Order Placed');
      await page.keyboard.type('Out of stock in this colour');
      await page.keyboard.press('Enter');
      await expect(status).toBeFocused();
      await expect(status).toHaveText('Cancelled');
      await expect(said(page)).toHaveText(DESK_ANSWERS.moved(other, 'Cancelled'));
      await expect(alerted(page)).toHaveText('');

      // Products: Mark a colour sold out keeps focus on that button, now saying what it will do
      // next; the next Tab goes on within the same product, never to another's stock.
      await tabTo(page, page.getByRole('link', { name: 'Products', exact: true }), { back: true });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
      await tabTo(page, page.getByLabel('Search: name, maker or id'));
      await page.keyboard.type(bag._id);
      await page.keyboard.press('Enter');
      await expect(page.locator('.desk-product')).toHaveCount(1);
      const soldOut = page.getByRole('button', {
        name: `Mark ${colour} sold out (${bag.productName})`,
      });
      await tabTo(page, soldOut);
      await page.keyboard.press('Enter');
      const inStock = page.getByRole('button', {
        name: `Mark ${colour} in stock (${bag.productName})`,
      });
      await expect(inStock).toBeFocused();
      await expect(said(page)).toHaveText(STOCK_ANSWERS.colourSet(bag.productName, colour, false));
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName(
        `Mark ${bag.colors[1]} sold out (${bag.productName})`,
      );
      // Put it back for the other journeys, by keyboard as well.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(soldOut).toBeFocused();
      await expect(said(page)).toHaveText(STOCK_ANSWERS.colourSet(bag.productName, colour, true));
    });
  });
}

/**
 * Presses Tab or Shift+Tab, whichever way `target` lies from what has focus, until it has focus:
 * the shorter way along a long screen (every member's buttons on Staff). At most as many presses
 * as the screen has controls: Staff lists every member the run's journeys enrolled (a fixed 200
 * failed when a busy run had enrolled more of them before this journey's new member).
 */
async function reach(page: Page, target: Locator) {
  const limit = await page.evaluate(
    () =>
      document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length + 10,
  );
  const back = await target.evaluate(
    (el) =>
      document.activeElement !== null &&
      document.activeElement !== document.body &&
      (el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  await tabTo(page, target, { back, limit });
}

/** Opens a screen from the navigation by keyboard: the header's link, or More's on a phone. */
async function openByKeyboard(page: Page, name: string) {
  const nav = deskNav(page);
  const link = nav.getByRole('link', { name: new RegExp(`^${name}(\\s|$)`) });
  if (!(await link.isVisible())) {
    await reach(page, nav.getByRole('button', { name: 'More' }));
    await page.keyboard.press('Enter');
  }
  await reach(page, link);
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(name);
  await expect(heading).toBeFocused();
}

/**
 * Presses Enter on `button` with its call to `path` held: while the call is out the button keeps
 * focus and says it is busy (aria-disabled; a disabled button would drop focus to <body>); then the
 * call goes on.
 */
async function pressHeld(page: Page, button: Locator, path: string) {
  await reach(page, button);
  const call = await holdCall(page, path);
  await page.keyboard.press('Enter');
  await expect.poll(call.arrived, { message: `the call to ${path}` }).toBe(true);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  call.release();
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test.describe(`the owner's screens at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`Settings, passkeys, Staff and a return's steps by keyboard alone: each pressed button keeps focus while its call is out, then focus is on its result and the live region says it (${width} px)`, async ({
      page,
      request,
    }) => {
      // Four screens and a dozen calls, each checked twice (while out and after), with axe at each
      // new state: longer than the routine, on a machine other journeys share.
      test.setTimeout(budget(300_000));
      const owner = await enrolledMember(request, uniqueEmail('keys-owner'), 'owner', 'Key Owner');
      const shopper = await signUp(request, { tag: 'keys-return' });
      const id = await placeOrder(request, shopper);
      const number = shortNumber(id);
      await deliver(request, owner, id);
      const asked = await request.post('/api/order/return', {
        headers: { token: shopper.token },
        data: {
          orderId: id,
          kind: 'exchange',
          reason: 'Too small',
          items: [{ line: 0, quantity: 1 }],
        },
      });
      expect(asked.status(), await asked.text()).toBe(200);
      await virtualAuthenticator(page);

      // Settings: Save keeps focus while it is out, then the message has it and says what was saved.
      // The hours are read by no page until the next deploy; each run writes its own (journeys
      // beside this one save settings too, and a value already saved would change nothing).
      await openDeskAs(page, owner, '#/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
      const open = page.getByLabel('Open', { exact: true });
      const hours = `Mon–Sat, 10 am to 7 pm (${Date.now().toString(36)})`;
      await reach(page, open);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(hours);
      await pressHeld(
        page,
        page.getByRole('button', { name: 'Save changes' }),
        '/api/desk/settings/save',
      );
      await expect(message(page)).toBeFocused();
      await expect(said(page)).toHaveText(SETTINGS_MESSAGES.saved(['supportHours']));
      await expect(open).toHaveValue(hours);
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });

      // A passkey added, then removed: focus on the message each time, which names it.
      await reach(page, page.getByLabel('Name of this device'));
      await page.keyboard.type('Key phone');
      await reach(page, page.getByLabel('Your desk password'));
      await page.keyboard.type(DESK_PASSWORD);
      await reach(
        page,
        page
          .getByRole('group', { name: 'Confirm it is you' })
          .getByLabel('6-digit code from your authenticator app'),
      );
      // The enrolment used this step's code; the app's next one confirms it is the owner.
      await page.keyboard.type(codeFor(owner.secret, 1));
      await pressHeld(
        page,
        page.getByRole('button', { name: 'Add a passkey on this device' }),
        '/api/desk/passkeys/add',
      );
      await expect(message(page)).toBeFocused();
      await expect(said(page)).toHaveText(DESK_ANSWERS.passkeyAdded('Key phone'));
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
      page.once('dialog', (dialog) => void dialog.accept());
      await pressHeld(
        page,
        page.getByRole('button', { name: 'Remove the passkey Key phone' }),
        '/api/desk/passkeys/remove',
      );
      await expect(message(page)).toBeFocused();
      await expect(said(page)).toHaveText(DESK_ANSWERS.passkeyRemoved('Key phone'));
      await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

      // Staff: an invitation lands on its message; customer data and the role on the member's own
      // button, now saying what it would do next; a removal on its message.
      await openByKeyboard(page, 'Staff');
      const email = uniqueEmail('keys-invited');
      await reach(page, page.getByRole('textbox', { name: 'Name', exact: true }));
      await page.keyboard.type('Invited Keeper');
      await page.keyboard.press('Tab');
      await page.keyboard.type(email);
      await pressHeld(
        page,
        page.getByRole('button', { name: 'Send invitation' }),
        '/api/desk/staff/invite',
      );
      await expect(message(page)).toBeFocused();
      await expect(said(page)).toHaveText(DESK_ANSWERS.invited(email));
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });

      await pressHeld(
        page,
        page.getByRole('button', { name: `Allow customer data (${email})` }),
        '/api/desk/staff/personal-data',
      );
      await expect(focused(page)).toHaveAccessibleName(`Stop customer data (${email})`);
      await expect(focused(page)).toHaveRole('button');
      await expect(said(page)).toHaveText(DESK_ANSWERS.personalDataSet(email, true));

      await pressHeld(
        page,
        page.getByRole('button', { name: `Make owner (${email})` }),
        '/api/desk/staff/role',
      );
      await expect(focused(page)).toHaveAccessibleName(`Make staff (${email})`);
      await expect(said(page)).toHaveText(DESK_ANSWERS.roleChanged(email, 'owner'));

      page.once('dialog', (dialog) => void dialog.accept());
      await pressHeld(
        page,
        page.getByRole('button', { name: `Remove ${email}` }),
        '/api/desk/staff/remove',
      );
      await expect(message(page)).toBeFocused();
      await expect(said(page)).toHaveText(DESK_ANSWERS.removed(email));
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });

      // Returns: a filter keeps focus on itself, pressed; the request's order opens on its heading.
      await openByKeyboard(page, 'Returns');
      const all = page.getByRole('button', { name: 'All', exact: true });
      await reach(page, all);
      await page.keyboard.press('Enter');
      await expect(all).toBeFocused();
      await expect(all).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      const openOnly = page.getByRole('button', { name: 'Open', exact: true });
      await expect(openOnly).toBeFocused();
      await expect(openOnly).toHaveAttribute('aria-pressed', 'true');
      const card = page.getByRole('link', { name: new RegExp(`#${number}`) });
      await reach(page, card);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

      // Approve keeps focus while it is out, then lands on the request's new step.
      const request_ = page.getByRole('region', { name: 'Exchange request' });
      const step = request_.getByTestId('return-state');
      await pressHeld(
        page,
        request_.getByRole('button', { name: 'Approve' }),
        '/api/desk/returns/step',
      );
      await expect(step).toBeFocused();
      await expect(step).toHaveText('Approved');
      await expect(said(page)).toHaveText(RETURN_MESSAGES.stepDone(number, 'approved'));
      // Schedule pick-up opens its form on the first field; Back returns to the button.
      const schedule = request_.getByRole('button', { name: 'Schedule pick-up' });
      await reach(page, schedule);
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAccessibleName('Pick-up from (Pakistan time)');
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
      await reach(page, request_.getByRole('button', { name: 'Back', exact: true }));
      await page.keyboard.press('Enter');
      await expect(schedule).toBeFocused();
      await expect(alerted(page)).toHaveText('');
    });
  });
}

/** The live region's strip, where focus lands when an action's one result is its message. */
const message = (page: Page) => page.locator('#desk-message');

/** WCAG 2.2's target size among the rules, besides 2.1 AA. */
const AXE_RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/**
 * Whether the focused control can be seen: the element at the centre of its box (of its label's,
 * for a file input hidden inside its label) is it or inside it, so no fixed bar or sticky button
 * covers it (WCAG 2.2 Focus Not Obscured). Its name and what covers it otherwise, to say which.
 */
async function focusedStop(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const shown =
      box.width <= 1 || box.height <= 1 ? (focused.closest('label') ?? focused) : focused;
    const r = shown.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const name = (el: Element | null) => {
      if (!el) return 'nothing';
      const label = (el as HTMLInputElement).labels?.[0]?.innerText;
      const text = el.getAttribute('aria-label') ?? label ?? (el as HTMLElement).innerText ?? '';
      return `${el.tagName.toLowerCase()} "${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    return {
      control: name(focused),
      covered: hit !== null && (hit === shown || shown.contains(hit)) ? null : name(hit),
    };
  });
}

/**
 * Tabs through the screen from where focus is until `last` has focus (or focus leaves the page),
 * checking at every stop that the focused control is not covered; answers the controls passed.
 */
async function tabThroughUncovered(page: Page, last: Locator | null, limit = 150) {
  const passed: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (stop === null) return passed;
    expect(stop, `focus stop ${i + 1}`).toEqual({ control: stop.control, covered: null });
    passed.push(stop.control);
    if (last && (await last.evaluate((el) => el === document.activeElement))) return passed;
  }
  throw new Error(`focus never reached the end of the screen in ${limit} presses of Tab`);
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test.describe(`More, Settings and the product editor by keyboard at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`More is a menu the keyboard opens, moves in and closes, and no focused control is hidden by a fixed or sticky bar in Settings or the product editor (${width} px)`, async ({
      page,
      request,
    }) => {
      test.setTimeout(budget(240_000));
      const owner = await enrolledMember(request, uniqueEmail('more-keys'), 'owner', 'More Keys');
      await openDeskAs(page, owner, '#/orders');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Orders');
      const phone = width < 768;
      const more = deskNav(page).getByRole('button', { name: 'More' });
      // The phone's bar holds More; a desktop's header holds every screen and More is not shown.
      const last = phone ? more : null;

      if (phone) {
        await tabTo(page, more);
        expect(await focusedStop(page)).toEqual({ control: 'button "More"', covered: null });
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        // Opening moves focus onto its first entry; the arrows, Home and End move, wrapping.
        await page.keyboard.press('Enter');
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        const menu = page.locator(`#${await more.getAttribute('aria-controls')}`);
        const entries = menu.locator('a, button');
        const names = await entries.allInnerTexts();
        expect(names.at(0)).toBe('Packing slips');
        expect(names.at(-1)).toBe('Sign out');
        await expect(entries.first()).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(entries.nth(1)).toBeFocused();
        await page.keyboard.press('ArrowUp');
        await expect(entries.first()).toBeFocused();
        await page.keyboard.press('ArrowUp');
        await expect(entries.last()).toBeFocused();
        await page.keyboard.press('ArrowDown');
        await expect(entries.first()).toBeFocused();
        await page.keyboard.press('End');
        await expect(entries.last()).toBeFocused();
        await page.keyboard.press('Home');
        await expect(entries.first()).toBeFocused();
        // Each entry is in view above the bar as focus reaches it.
        for (let i = 0; i < names.length; i += 1) {
          expect(await focusedStop(page)).toMatchObject({ covered: null });
          await page.keyboard.press('ArrowDown');
        }
        // Escape closes it and gives focus back to More.
        await page.keyboard.press('Escape');
        await expect(more).toBeFocused();
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(menu).toBeHidden();
        // ArrowUp on More opens it on its last entry; Tab past the last entry closes it.
        await page.keyboard.press('ArrowUp');
        await expect(entries.last()).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expect(menu).toBeHidden();
        // Opened again, Settings is reached with the arrows and opened with Enter.
        await tabTo(page, more);
        await page.keyboard.press('Enter');
        await expect(entries.first()).toBeFocused();
        for (let i = 0; i < names.indexOf('Settings'); i += 1)
          await page.keyboard.press('ArrowDown');
        await expect(focused(page)).toHaveText('Settings');
      } else {
        await tabTo(page, deskNav(page).getByRole('link', { name: 'Settings' }));
        expect(await focusedStop(page)).toEqual({ control: 'a "Settings"', covered: null });
      }
      await page.keyboard.press('Enter');
      await expect(heading).toHaveText('Settings');
      await expect(heading).toBeFocused();
      await expectNoAxeViolations(page, { rules: [...AXE_RULES] });
      // Its sections load one by one, and one that comes late above the field in focus pushes the
      // field down, out of the window (a full run saw the passkeys' password field so, under the
      // window's bottom edge, not under a bar): the bars are checked over the loaded screen.
      await expect(page.locator('main').getByText('Loading…')).toHaveCount(0);
      const settingsStops = await tabThroughUncovered(page, last);
      expect(settingsStops.length).toBeGreaterThan(10);

      // The product editor: every field, the photo choosers and the sticky Save.
      await page.goto('/desk/#/products/new');
      await expect(heading).toHaveText('Add product');
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
      await heading.focus();
      const editorStops = await tabThroughUncovered(page, last);
      for (const field of ['Price (PKR)', 'Discount (%)', 'Zips', 'Strap', 'Choose photos'])
        expect(
          { field, reached: editorStops.some((stop) => stop.includes(field)) },
          editorStops.join(' · '),
        ).toEqual({
          field,
          reached: true,
        });
      expect(editorStops).toContain('button "Save"');
    });
  });
}
