// The desk's settings, business and failed-mail screens on a phone: the owner changes the orders
// address and the bank details, and the next Bank Transfer order's confirmation carries the new
// details while its alert goes to the new address; the business screen finds the order and the
// CSV export downloads with its number; staff read the settings but cannot save them.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import {
  enrolledMember,
  mailWithSubject,
  mailsTo,
  openDeskAs,
  openFromNav,
} from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { SETTINGS_VIEW } from '../../src/lib/desk-ops-view.ts';
import { displayIban } from '../../src/lib/iban.ts';
import { shortNumber } from '../../src/lib/desk.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

const IBAN = 'PK36SCBL0000001123456702';

test('the owner changes the orders address and bank details; the next bank transfer order mails them, alerts the new address, shows in the business view and the CSV export', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('ops-owner'), 'owner', 'Owais Owner');
  await openDeskAs(page, owner, '#/settings');
  await expect(heading(page)).toHaveText('Settings');
  await expect(page.getByText(SETTINGS_VIEW.whenApplied)).toBeVisible();
  await expect(page.getByText(SETTINGS_VIEW.bankUnset)).toBeVisible();
  await expectNoAxeViolations(page);

  const ordersEmail = uniqueEmail('ops-orders');
  await page.getByLabel('Orders alert address').fill(ordersEmail);
  await page.getByLabel('Account title').fill('Bastaa Traders E2E');
  await page.getByLabel('Bank', { exact: true }).fill('Meezan Bank');
  await page.getByLabel('IBAN').fill(displayIban(IBAN));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(status(page)).toHaveText(SETTINGS_MESSAGES.saved(['ordersEmail', 'bankDetails']));
  await expect(page.getByText(SETTINGS_VIEW.bankUnset)).toHaveCount(0);
  await expect(page.getByLabel('IBAN')).toHaveValue(IBAN);
  await expectNoAxeViolations(page);

  // The delivery estimates: a first day after the last is refused in words, a good one saved.
  await page.getByLabel('Abroad: from').fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Abroad: the first day must not be after the last')).toBeVisible();
  await page.getByLabel('Abroad: from').fill('7');
  await page.getByLabel('Abroad: to').fill('21');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(status(page)).toHaveText(SETTINGS_MESSAGES.saved(['deliveryDays']));
  await expect(page.getByLabel('Abroad: to')).toHaveValue('21');

  const shopper = await signUp(request, { tag: 'ops-bank' });
  const orderId = await placeOrder(request, shopper, { paymentMethod: 'Bank Transfer' });
  const number = shortNumber(orderId);
  const confirmation = await mailWithSubject(
    shopper.email,
    `Your Bastaa order #${number} is placed`,
  );
  expect(confirmation).toContain('Account title: Bastaa Traders E2E');
  expect(confirmation).toContain('Bank: Meezan Bank');
  expect(confirmation).toContain(`IBAN: ${displayIban(IBAN)}`);
  // The orders address is the shop's: journeys running beside this one place orders too.
  await expect
    .poll(() => mailsTo(ordersEmail).map((m) => m.subject.split(':')[0]), { timeout: 15_000 })
    .toContain(`New order #${number}`);

  await openFromNav(page, 'Business');
  await expect(heading(page)).toHaveText('Business');
  await expect(heading(page)).toBeFocused();
  const today = page.getByRole('article', { name: 'Today' });
  await expect(today).toBeVisible();
  await page.getByLabel("Customer's e-mail").fill(shopper.email);
  await page.getByRole('button', { name: 'Look up' }).click();
  const orders = page.getByRole('region', { name: `Orders of ${shopper.email}` });
  await expect(orders.getByRole('link')).toHaveCount(1);
  await expect(orders.getByRole('link')).toContainText(`#${number}`);
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(status(page)).toHaveText(`Exported ${file.suggestedFilename()}.`);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain(`#${number},${orderId},`);

  await orders.getByRole('link').click();
  await expect(heading(page)).toHaveText(`Order #${number}`);

  await openFromNav(page, 'Failed mails');
  await expect(heading(page)).toHaveText('Failed mails');
  await expect(page.getByText('No failed mail is waiting.')).toBeVisible();
  await page.getByLabel('Show sent mails too').check();
  await expect(page.getByText('No mail has failed.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('staff read the settings but have no save, and the server refuses their save', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('ops-staff'), 'staff', 'Sadia Staff');
  await openDeskAs(page, staff, '#/settings');
  await expect(heading(page)).toHaveText('Settings');
  await expect(page.getByText(SETTINGS_VIEW.ownerOnly)).toBeVisible();
  await expect(page.getByLabel('Orders alert address')).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const refused = await request.post('/api/desk/settings/save', {
    headers: { token: staff.token },
    data: { ordersEmail: 'thief@example.com' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ success: false, message: DESK_ANSWERS.ownerOnly });
});
