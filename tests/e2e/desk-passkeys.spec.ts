// The desk stays signed in, safely, on a phone: a member signs in with password and code, adds a
// passkey (Chromium's virtual authenticator stands in for the phone's fingerprint) once their
// password and a fresh code confirm it is them, is mailed about it, signs out and
// signs in with the passkey alone; a second tab opened on an order's address (as from a mail or a
// notification) shows that order signed in, with no form; Sign Out in one tab ends the other's
// session on its next call, which says so.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import {
  DESK_PASSWORD,
  codeAfter,
  codeFor,
  mailWithSubject,
  stepOf,
  enrolledMember,
  openFromNav,
  signOutOfDesk,
  virtualAuthenticator,
} from './support/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';
import { shortNumber } from '../../src/lib/desk.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();
const alert = (page: Page) => page.getByRole('alert').first();

test('a member adds a passkey and signs in with it alone; a second tab opens an order signed in; Sign Out in one tab ends the other', async ({
  page,
  request,
}) => {
  const member = await enrolledMember(request, uniqueEmail('desk-passkey'), 'staff', 'Nida Key');
  const shopper = await signUp(request, { tag: 'desk-passkey-shopper' });
  const number = shortNumber(await placeOrder(request, shopper));
  await virtualAuthenticator(page);

  await page.goto('/desk/#/orders');
  await expect(heading(page)).toHaveText('Sign in to the desk');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill(DESK_PASSWORD);
  // The enrolment used this step's code; the app's next one signs in.
  await page.getByLabel('6-digit code from your authenticator app').fill(codeFor(member.secret, 1));
  const signInStep = stepOf(1);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(heading(page)).toHaveText('Orders');

  await openFromNav(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Your passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  // The session alone adds no passkey: the password and a fresh code are asked.
  await page.getByLabel('Name of this device').fill('Nida’s phone');
  await page.getByLabel('Your desk password').fill('not my password');
  await page
    .getByRole('group', { name: 'Confirm it is you' })
    .getByLabel('6-digit code from your authenticator app')
    .fill(await codeAfter(member.secret, signInStep));
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(alert(page)).toHaveText(DESK_ANSWERS.proofRefused);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByLabel('Your desk password').fill(DESK_PASSWORD);
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(status(page)).toHaveText(DESK_ANSWERS.passkeyAdded('Nida’s phone'));
  expect(
    await mailWithSubject(member.email, 'A passkey was added to your Bastaa desk account'),
  ).toContain('A passkey named “Nida’s phone” was added to your Bastaa desk account');
  await expect(page.getByRole('listitem').filter({ hasText: 'Nida’s phone' })).toContainText(
    'not used yet',
  );
  await expect(page.getByRole('button', { name: 'Remove the passkey Nida’s phone' })).toBeVisible();
  await expectNoAxeViolations(page);

  await signOutOfDesk(page);
  await expect(heading(page)).toHaveText('Sign in to the desk');
  await expect(status(page)).toHaveText(DESK_ANSWERS.signedOut);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(heading(page)).toHaveText(/^(Orders|Settings)$/);
  await expect(status(page)).toHaveText(DESK_ANSWERS.signedInWithPasskey);
  await expect(page.getByText(member.name)).toBeVisible();

  // A second tab on the order's address, as a mail's link opens it: signed in, no form.
  const second = await page.context().newPage();
  await second.goto(`/desk/#/orders/${number}`);
  await expect(heading(second)).toHaveText(`Order #${number}`);
  await expect(second.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(second);

  // Sign Out here ends the session everywhere: the other tab's next call finds it ended.
  await signOutOfDesk(page);
  await expect(heading(page)).toHaveText('Sign in to the desk');
  await openFromNav(second, 'Orders');
  await expect(heading(second)).toHaveText('Sign in to the desk');
  await expect(alert(second)).toHaveText(DESK_ANSWERS.signInRequired);
  await expectNoAxeViolations(second);
  // A tab opened after the session ended says so, with the form.
  const third = await page.context().newPage();
  await third.goto(`/desk/#/orders/${number}`);
  await expect(heading(third)).toHaveText('Sign in to the desk');
});
