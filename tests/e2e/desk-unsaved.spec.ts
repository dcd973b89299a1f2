// Leaving a desk form with unsaved changes asks first, on a phone (390 × 844, by touch): the
// product editor and Settings, left by the bottom bar, by More, by the phone's Back and by closing
// the page. "Stay and keep editing" keeps what was typed; "Leave without saving" goes where
// asked. A form never changed, or changed back, is left without a question (a saved form: the
// store's tests, tests/unit/desk-leave.test.ts, since a demo product's photos are not in the e2e
// photo store and its save is refused).
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { deskNav, enrolledMember, holdCall, holdableCalls, openDeskAs } from './support/desk.ts';
import { uniqueEmail } from './support/shopper.ts';
import { afterFrames } from './support/islands.ts';
import { expect, test } from './support/test.ts';

test.use(TOUCH_PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 120_000 });

/** A product of the demo catalogue on the Products list's first page (never saved here). */
const BAG = 'karakoram-trail-bagpack';
const NAME = 'Karakoram Trail Bagpack';

test('leaving the product editor with unsaved edits asks first; unchanged, it does not', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('unsaved'), 'staff', 'Form Keeper');
  await openDeskAs(page, staff, '#/products');
  const heading = page.getByRole('heading', { level: 1 });
  await page.getByRole('link', { name: `Edit ${NAME}` }).tap();
  await expect(heading).toHaveText('Edit product');
  const maker = page.getByRole('textbox', { name: 'Maker' });
  const made = await maker.inputValue();

  // Unchanged: the bottom bar's Orders opens Orders at once.
  await deskNav(page)
    .getByRole('link', { name: /^Orders/ })
    .tap();
  await expect(heading).toHaveText('Orders');
  await page.goBack();
  await expect(heading).toHaveText('Edit product');

  // Edited: the bottom bar asks; Stay keeps the edit, the screen and its address.
  await maker.fill('Unsaved Maker');
  await deskNav(page)
    .getByRole('link', { name: /^Orders/ })
    .tap();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Your changes on this screen are not saved.');
  await expect(ask.getByRole('button', { name: 'Stay and keep editing' })).toBeFocused();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Stay and keep editing' }).tap();
  await expect(ask).toBeHidden();
  await expect(heading).toHaveText('Edit product');
  await expect(page).toHaveURL(new RegExp(`#/products/${BAG}$`));
  await expect(maker).toHaveValue('Unsaved Maker');

  // The phone's Back asks too (Escape answers Stay), and More's entries.
  await page.goBack();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(heading).toHaveText('Edit product');
  await expect(maker).toHaveValue('Unsaved Maker');
  await deskNav(page).getByRole('button', { name: 'More' }).tap();
  await deskNav(page).getByRole('link', { name: 'Settings' }).tap();
  await expect(ask).toBeVisible();

  // Leave without saving: Settings opens, and the edit is gone.
  await ask.getByRole('button', { name: 'Leave without saving' }).tap();
  await expect(heading).toHaveText('Settings');
  await page.goBack();
  await expect(heading).toHaveText('Edit product');
  await expect(maker).toHaveValue(made);

  // Closing the page with an edit: the browser asks (in its own words).
  await maker.fill('Unsaved Maker');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(maker).toHaveValue('Unsaved Maker');

  // The edit typed back as it was: nothing is unsaved, and leaving asks nothing.
  await maker.fill(made);
  await deskNav(page)
    .getByRole('link', { name: /^Orders/ })
    .tap();
  await expect(heading).toHaveText('Orders');
  await expect(ask).toBeHidden();
});

test('leaving Settings with unsaved edits asks first', async ({ page, request }) => {
  const owner = await enrolledMember(request, uniqueEmail('unsaved-owner'), 'owner', 'Shop Owner');
  await openDeskAs(page, owner, '#/settings');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  const hours = form.getByRole('textbox').first();
  await hours.fill(`${await hours.inputValue()} (edited)`);
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Leave without saving' }).tap();
  await expect(heading).toHaveText('Products');
});

test('Settings opened again shows what it read before at once, and what the owner types there is kept when the fresh answer comes', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(
    request,
    uniqueEmail('settings-again'),
    'owner',
    'Quick Owner',
  );
  await holdableCalls(page);
  await openDeskAs(page, owner, '#/settings');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  const open = form.getByRole('textbox', { name: 'Open', exact: true });
  const was = await open.inputValue();
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await expect(heading).toHaveText('Products');

  // Back to Settings with its fresh answer held, as on a slow network: the form the screen read
  // before shows, and the owner types in it. That answer then filled the whole form again.
  const reread = await holdCall(page, '/api/desk/settings');
  await page.goBack();
  await expect(heading).toHaveText('Settings');
  await expect(open).toHaveValue(was);
  await expect.poll(() => reread.arrived()).toBe(true);
  await open.fill(`${was} (typed)`);
  const answered = page.waitForResponse('**/api/desk/settings');
  reread.release();
  await answered;
  await afterFrames(page, 4);
  await expect(open).toHaveValue(`${was} (typed)`);
  // Typed, so leaving asks first.
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
});

test('leaving New order with a customer typed asks first; Stay keeps it, and an untouched form leaves at once', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('unsaved-new'), 'owner', 'Order Taker');
  await openDeskAs(page, owner, '#/orders/new');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('New order');

  // Untouched: the bottom bar's Products opens Products at once.
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await expect(heading).toHaveText('Products');
  await page.goBack();
  await expect(heading).toHaveText('New order');

  const customer = page.getByLabel('Existing customer (e-mail or phone)');
  await customer.fill('0300 1234567');
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay and keep editing' }).tap();
  await expect(heading).toHaveText('New order');
  await expect(customer).toHaveValue('0300 1234567');

  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await ask.getByRole('button', { name: 'Leave without saving' }).tap();
  await expect(heading).toHaveText('Products');
});

test('Stay gives the form back in its own tap: the page is no longer inert before the next frame', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('unsaved-stay'), 'owner', 'Order Keeper');
  await openDeskAs(page, owner, '#/orders/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New order');
  await page.getByLabel('Existing customer (e-mail or phone)').fill('0300 1234567');
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  // Stay, then what the page is once the tap's own task is done (its microtasks, where the desk
  // draws): a tap or a keystroke straight after must reach the form, not an inert page.
  const after = await page.evaluate(async () => {
    const dialog = document.querySelector<HTMLDialogElement>('dialog.desk-leave')!;
    const stay = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Stay and keep editing',
    )!;
    stay.click();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    const field = document.querySelector<HTMLInputElement>('input[name="customer"]')!;
    field.focus();
    return { open: dialog.open, focused: document.activeElement === field };
  });
  expect(after).toEqual({ open: false, focused: true });
  const customer = page.getByLabel('Existing customer (e-mail or phone)');
  await customer.fill('0300 7654321');
  await expect(customer).toHaveValue('0300 7654321');
});

test("a customer typed in New order's first frame is kept, and leaving then asks first: the form is emptied before it is drawn, not after", async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('unsaved-first'), 'owner', 'Quick Taker');
  // The customer is typed in the first frame that shows the field, as a member already typing when
  // the screen comes (a busy phone shows it well before its code is done). Emptied after that
  // frame, the form lost it, and leaving went without asking (seen once in a full run).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const field = [...document.querySelectorAll('label')].find(
        (label) => label.textContent?.trim() === 'Existing customer (e-mail or phone)',
      )?.control as HTMLInputElement | null | undefined;
      if (!field) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        field.value = '0300 7654321';
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await openDeskAs(page, owner, '#/orders/new');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('New order');
  const customer = page.getByLabel('Existing customer (e-mail or phone)');
  await expect(customer).toHaveValue('0300 7654321');
  // The published catalogue the form picks from has come, and the customer is still there.
  await page.getByLabel('Find a product by name').fill('Margalla');
  await expect(page.getByRole('list', { name: 'Products found' })).toContainText('Margalla');
  await expect(customer).toHaveValue('0300 7654321');
  await deskNav(page)
    .getByRole('link', { name: /^Products/ })
    .tap();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await expect(heading).toHaveText('New order');
});

test('Back pressed right after Stay asks again, though the answered question’s close event comes late', async ({
  page,
  request,
}) => {
  // The browser sends a dialog's close event in a task of its own: on a busy phone it can come
  // after the next Back. Here it is held until the journey lets it go.
  await page.addInitScript(() => {
    const held: EventTarget[] = [];
    const w = window as unknown as { __releaseCloses: () => number };
    addEventListener(
      'close',
      (event) => {
        if (!(event.target instanceof HTMLDialogElement) || event.isTrusted === false) return;
        event.stopImmediatePropagation();
        held.push(event.target);
      },
      true,
    );
    w.__releaseCloses = () => {
      const count = held.length;
      for (const target of held.splice(0)) target.dispatchEvent(new Event('close'));
      return count;
    };
  });
  const staff = await enrolledMember(request, uniqueEmail('unsaved-late'), 'staff', 'Late Closer');
  await openDeskAs(page, staff, '#/products');
  const heading = page.getByRole('heading', { level: 1 });
  await page.getByRole('link', { name: `Edit ${NAME}` }).tap();
  await expect(heading).toHaveText('Edit product');
  const maker = page.getByRole('textbox', { name: 'Maker' });
  await maker.fill('Unsaved Maker');
  await deskNav(page)
    .getByRole('link', { name: /^Orders/ })
    .tap();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay and keep editing' }).tap();
  await expect(ask).toBeHidden();
  await page.goBack();
  await expect(ask).toBeVisible();
  // The first question's close event arrives now: the second question stays asked.
  expect(
    await page.evaluate(() =>
      (window as unknown as { __releaseCloses: () => number }).__releaseCloses(),
    ),
  ).toBe(1);
  // A Stay it took for the member's would close the dialog within the frames after.
  await afterFrames(page, 4);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay and keep editing' }).tap();
  await expect(ask).toBeHidden();
  await expect(heading).toHaveText('Edit product');
  await expect(maker).toHaveValue('Unsaved Maker');
});
