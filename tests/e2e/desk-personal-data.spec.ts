// Least privilege on a phone: a member without the owner's grants sees what packing needs (the
// number, items, city) and no customer's name, e-mail, phone or street on the order list, the order
// screen and the packing slip, and no sales figures, look-up or export on Business (the server
// refuses those when called directly) until the owner allows customer data and sales figures on the
// Staff screen; then the member calls the shopper, looks a customer up and exports, and once the
// owner stops customer data, the look-up goes again.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { ORDER_VIEW_TEXT } from '../../src/lib/orders/desk-view.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

test("a member sees what packing needs, and customers' details and sales figures only while the owner allows them", async ({
  browser,
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('pd-owner'), 'owner', 'Parveen Owner');
  const member = await enrolledMember(request, uniqueEmail('pd-member'), 'staff', 'Danish Packer');
  const shopper = await signUp(request, { tag: 'pd-shopper' });
  const number = shortNumber(await placeOrder(request, shopper));

  // The order list, the order and its slip: the number, items and city; no name, phone or street.
  await openDeskAs(page, member, '#/orders');
  await expect(heading(page)).toHaveText('Orders');
  const card = page.getByRole('link', { name: new RegExp(`#${number}`) });
  await expect(card).toContainText('Lahore');
  await expect(card).not.toContainText('Hira');
  await card.click();
  await expect(heading(page)).toHaveText(`Order #${number}`);
  await expect(page.getByText(ORDER_VIEW_TEXT.customerHidden)).toBeVisible();
  await expect(page.locator('.desk-address')).toHaveText('Lahore, PunjabPakistan');
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
  await expect(page.getByText(shopper.email)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Packing slip', exact: true }).click();
  const slip = page.getByRole('article', { name: `Packing slip #${number}` });
  await expect(slip).toContainText('Lahore');
  await expect(slip.getByRole('row')).toHaveCount(2);
  for (const secret of ['Hira', 'Aslam', '7 Jail Road', '7654321', '54000'])
    await expect(slip).not.toContainText(secret);

  // Business: neither figures, nor look-up, nor export; each said in words.
  await page.goto('/desk/#/business');
  await expect(heading(page)).toHaveText('Business');
  await expect(page.getByText(DESK_ANSWERS.salesOnly)).toBeVisible();
  await expect(page.getByText(DESK_ANSWERS.personalDataOnly)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Today' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Look up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Called directly, past the screen: refused in words.
  for (const [path, data, message] of [
    ['/api/desk/orders/export', { from: '2026-01-01', to: '2026-01-31' }, DESK_ANSWERS.salesOnly],
    ['/api/desk/business', {}, DESK_ANSWERS.salesOnly],
    ['/api/desk/customer', { email: shopper.email }, DESK_ANSWERS.personalDataOnly],
    ['/api/desk/staff/personal-data', { staffId: 'anyone', allowed: true }, DESK_ANSWERS.ownerOnly],
    ['/api/desk/staff/sales', { staffId: 'anyone', allowed: true }, DESK_ANSWERS.ownerOnly],
  ] as const) {
    const refused = await request.post(path, { headers: { token: member.token }, data });
    expect({ path, status: refused.status(), message: (await refused.json()).message }).toEqual({
      path,
      status: 403,
      message,
    });
  }

  // The owner ticks customer data and sales figures for this member on the Staff screen.
  const ownerContext = await browser.newContext({ ...TOUCH_PHONE });
  const ownerPage = await ownerContext.newPage();
  await openDeskAs(ownerPage, owner, '#/staff');
  await expect(heading(ownerPage)).toHaveText('Staff');
  const row = ownerPage.getByRole('listitem').filter({ hasText: member.email });
  await row.getByRole('button', { name: `Allow customer data (${member.email})` }).click();
  await expect(status(ownerPage)).toHaveText(DESK_ANSWERS.personalDataSet(member.email, true));
  await row.getByRole('button', { name: `Allow sales figures (${member.email})` }).click();
  await expect(status(ownerPage)).toHaveText(DESK_ANSWERS.salesSet(member.email, true));
  await expect(row).toContainText('staff · active · sees customer data · sees sales figures');
  await expectNoAxeViolations(ownerPage);

  await page.goto(`/desk/#/orders/${number}`);
  await expect(heading(page)).toHaveText(`Order #${number}`);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/923007654321',
  );
  await expect(page.getByText(ORDER_VIEW_TEXT.customerHidden)).toHaveCount(0);
  // The desk learns the member's new rights when it next starts.
  await page.goto('/desk/#/business');
  await page.reload();
  await expect(heading(page)).toHaveText('Business');
  await expect(page.getByRole('article', { name: 'Today' })).toBeVisible();
  await page.getByLabel("Customer's e-mail").fill(shopper.email);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('region', { name: `Orders of ${shopper.email}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders-.*\.csv$/);
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Stop customer data (${member.email})` }).click();
  await expect(status(ownerPage)).toHaveText(DESK_ANSWERS.personalDataSet(member.email, false));
  await ownerContext.close();
  // The screen the member still has open: the server refuses its next look-up, and the screen
  // then offers no look-up; the export (sales figures) stays.
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(DESK_ANSWERS.personalDataOnly);
  await expect(page.getByRole('button', { name: 'Look up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expectNoAxeViolations(page);
});
