// The owner connects the courier from the desk's Settings on a phone (390 × 844, by touch), against
// the local PostEx stand-in `npm start` runs (a TEST courier; its token is POSTEX_STAND_IN_TOKEN
// here, typed as an owner types the one from PostEx's portal). A token PostEx refuses is not saved;
// the right one is saved, shown only by its last characters, and the next order is booked with it.
// Leaving with a token typed and not saved asks first; Leopards' push secret saves on its own
// beside the environment's keys; a member sees no Connections at all.
import { CONNECTION_MESSAGES } from '../../src/lib/contract/desk-connections.ts';
import { CONNECTIONS_VIEW } from '../../src/lib/connections.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { E2E_POSTEX_TOKEN } from '../fixtures/stand-in-keys.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { deskNav, enrolledMember, openDeskAs } from './support/desk.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { expect, test, type Page } from './support/test.ts';

test.use(TOUCH_PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 120_000 });

const status = (page: Page) => page.getByRole('status').first();

test('the owner connects PostEx from Settings on a phone and books the next order with it', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('connect-owner'), 'owner', 'Nida Owner');
  await openDeskAs(page, owner, '#/settings');
  const couriers = page.getByRole('form', { name: 'Couriers' });
  await expect(page.getByRole('heading', { name: CONNECTIONS_VIEW.heading })).toBeVisible();
  await expect(couriers).toContainText(CONNECTIONS_VIEW.source.environment);
  await expectNoAxeViolations(page);

  // A token PostEx refuses is said so, and nothing is saved.
  const token = couriers.getByLabel('New PostEx API token');
  await token.fill('not-the-portal-token');
  await couriers.getByRole('button', { name: 'Save Couriers' }).tap();
  await expect(page.getByRole('alert')).toHaveText(
    /^Not saved: PostEx refused the keys: .*check PostEx API token/,
  );
  await expect(couriers).toContainText(CONNECTIONS_VIEW.source.environment);

  // Typed and not saved: leaving asks first.
  await deskNav(page)
    .getByRole('link', { name: /^Orders/ })
    .tap();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay and keep editing' }).tap();
  await expect(token).toHaveValue('not-the-portal-token');

  // The portal's token, with PostEx chosen for Book: saved after PostEx's cities call accepts it.
  await token.fill(E2E_POSTEX_TOKEN);
  await couriers.getByLabel('Courier Book uses').selectOption('postex');
  await couriers.getByRole('button', { name: 'Save Couriers' }).tap();
  await expect(status(page)).toHaveText(CONNECTION_MESSAGES.saved('Couriers'));
  await expect(couriers).toContainText(CONNECTIONS_VIEW.source.desk);
  await expect(couriers).toContainText(/PostEx accepts the keys and serves \d+ cities\./);
  await expect(couriers).toContainText('PostEx API token: Set (ends in …5e77)');
  await expect(token).toHaveValue('');
  await expect(page.getByText(E2E_POSTEX_TOKEN)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The next packed order is booked with the connection saved here.
  const shopper = await signUp(request, { tag: 'connect-shopper' });
  const number = shortNumber(await placeOrder(request, shopper));
  await openDeskAs(page, owner, `#/orders/${number}`);
  await page.getByRole('button', { name: 'Move to Packing' }).tap();
  await expect(page.getByTestId('order-status')).toHaveText('Packing');
  await page.getByRole('button', { name: 'Book with PostEx' }).tap();
  await expect(page.getByTestId('courier-booking')).toContainText('PostEx · tracking ');

  // Disconnected here, the site's own keys (the stand-in's, from the environment) are used again.
  await openDeskAs(page, owner, '#/settings');
  await couriers.getByRole('button', { name: 'Disconnect Couriers' }).tap();
  await expect(status(page)).toHaveText(CONNECTION_MESSAGES.removed('Couriers'));
  await expect(couriers).toContainText(CONNECTIONS_VIEW.source.environment);
});

test('the owner saves Leopards’ push secret alone while the courier keys stay the site’s', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('push-owner'), 'owner', 'Saba Owner');
  await openDeskAs(page, owner, '#/settings');
  const couriers = page.getByRole('form', { name: 'Couriers' });
  // `npm start` gives the shop a push secret of its own for the Leopards stand-in's pushes.
  await expect(couriers).toContainText(
    /Leopards push secret: Set \(ends in …\w{4}\) From the site's environment variables\./,
  );
  const secret = couriers.getByLabel('New Leopards push secret');

  // A secret with a space is refused by its rule, and nothing is saved.
  await secret.fill('a push secret with spaces in it');
  await couriers.getByRole('button', { name: 'Save Couriers' }).tap();
  await expect(page.getByRole('alert')).toHaveText(
    'Leopards push secret: must be 24 to 128 letters, digits or punctuation marks, without spaces (a random secret you give Leopards, e.g. `openssl rand -hex 24`)',
  );
  await expect(couriers).toContainText("From the site's environment variables.");

  // Alone, it saves: the keys stay the environment's.
  await secret.fill('push-secret-typed-by-the-owner-c0de');
  await couriers.getByRole('button', { name: 'Save Couriers' }).tap();
  await expect(status(page)).toHaveText(
    CONNECTION_MESSAGES.savedAlone(['Leopards push secret'], 'Couriers'),
  );
  await expect(couriers).toContainText('Leopards push secret: Set (ends in …c0de) Saved here.');
  await expect(couriers).toContainText(CONNECTIONS_VIEW.source.environment);
  await expect(couriers.getByRole('button', { name: 'Disconnect Couriers' })).toHaveCount(0);
  await expect(secret).toHaveValue('');
  await expectNoAxeViolations(page);

  // Removed here, the environment's secret is used again.
  await couriers.getByRole('button', { name: 'Remove Leopards push secret' }).tap();
  await expect(status(page)).toHaveText(CONNECTION_MESSAGES.removed('Couriers'));
  await expect(couriers).toContainText(
    /Leopards push secret: Set \(ends in …\w{4}\) From the site's environment variables\./,
  );
});

test('a member opening Settings sees no Connections', async ({ page, request }) => {
  const staff = await enrolledMember(request, uniqueEmail('connect-staff'), 'staff', 'Amir Staff');
  await openDeskAs(page, staff, '#/settings');
  await expect(page.getByRole('heading', { name: 'Shop settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: CONNECTIONS_VIEW.heading })).toHaveCount(0);
});
