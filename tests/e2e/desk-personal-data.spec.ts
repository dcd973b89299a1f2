// Customers' personal data on a phone: a member's Business screen offers no look-up and no export
// (and the server refuses both when called directly) until the owner allows it on the Staff screen;
// then the member looks a customer up and exports, and once the owner stops it, neither again.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

test("a member sees customers' personal data only while the owner allows it", async ({
  browser,
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('pd-owner'), 'owner', 'Parveen Owner');
  const member = await enrolledMember(request, uniqueEmail('pd-member'), 'staff', 'Danish Packer');

  await openDeskAs(page, member, '#/business');
  await expect(heading(page)).toHaveText('Business');
  await expect(page.getByRole('article', { name: 'Today' })).toBeVisible();
  await expect(page.getByText(DESK_ANSWERS.personalDataOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Look up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Called directly, past the screen: refused in words.
  for (const [path, data] of [
    ['/api/desk/orders/export', { from: '2026-01-01', to: '2026-01-31' }],
    ['/api/desk/customer', { email: owner.email }],
    ['/api/desk/staff/personal-data', { staffId: 'anyone', allowed: true }],
  ] as const) {
    const refused = await request.post(path, { headers: { token: member.token }, data });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(
      path.endsWith('personal-data') ? DESK_ANSWERS.ownerOnly : DESK_ANSWERS.personalDataOnly,
    );
  }

  const ownerContext = await browser.newContext({ ...TOUCH_PHONE });
  const ownerPage = await ownerContext.newPage();
  await openDeskAs(ownerPage, owner, '#/staff');
  await expect(heading(ownerPage)).toHaveText('Staff');
  const row = ownerPage.getByRole('listitem').filter({ hasText: member.email });
  await row.getByRole('button', { name: `Allow customer data (${member.email})` }).click();
  await expect(status(ownerPage)).toHaveText(DESK_ANSWERS.personalDataSet(member.email, true));
  await expect(row).toContainText('staff · active · sees customer data');
  await expectNoAxeViolations(ownerPage);

  await page.reload();
  await expect(heading(page)).toHaveText('Business');
  await page.getByLabel("Customer's e-mail").fill(owner.email);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('region', { name: `Orders of ${owner.email}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders-.*\.csv$/);
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Stop customer data (${member.email})` }).click();
  await expect(status(ownerPage)).toHaveText(DESK_ANSWERS.personalDataSet(member.email, false));
  await ownerContext.close();
  // The screen the member still has open: the server refuses its next export, and the screen
  // then offers the member no look-up and no export.
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('alert').first()).toHaveText(DESK_ANSWERS.personalDataOnly);
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Look up' })).toHaveCount(0);
  await expect(page.getByText(DESK_ANSWERS.personalDataOnly, { exact: true })).toHaveCount(2);
  await expectNoAxeViolations(page);
});
