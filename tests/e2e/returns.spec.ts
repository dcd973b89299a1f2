// A return from the shopper's side (/yourOrders): the order is delivered by a desk member through
// the desk's API, the shopper asks for a return in the accessible form, then follows its progress
// as the shop takes each step; each step's mail is read from the local SMTP catcher. The steps go
// through the desk's API, not the operator CLI: each CLI run is a process start, which on a busy
// machine took this journey past its time (the CLI's own behaviour is tested in tests/api).
import type { APIRequestContext } from '@playwright/test';
import { caughtMails } from '../fixtures/smtp-catcher.ts';
import { budget, expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { deliver, enrolledMember, type Member } from './support/desk.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { signInBeforeLoad, toast } from './support/ui.ts';

/** A desk call by `member`, as the desk's screens make it; it must answer 200. */
async function desk(
  request: APIRequestContext,
  member: Member,
  path: string,
  data: Record<string, unknown>,
): Promise<void> {
  const answer = await request.post(`/api/desk/${path}`, {
    headers: { token: member.token },
    data,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The raw mails the SMTP catcher received for an address, oldest first. */
function mailsTo(email: string): string[] {
  return caughtMails()
    .filter((m) => m.to.includes(email))
    .map((m) => m.raw.replace(/=\r?\n/g, ''));
}

async function openOrders(page: Page) {
  await page.goto('/yourOrders');
  await hydrated(page, 'OrdersList');
  await expect(page.locator('[data-testid="order-line"]').first()).toBeVisible({
    timeout: 15_000,
  });
}

const orderLine = (page: Page, id: string) =>
  page.locator(`[data-testid="order-line"][data-order-id="${id}"]`);

test('a shopper asks to return a delivered order and follows it to the refund', async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  const owner = await enrolledMember(page.request, uniqueEmail('returns-owner'), 'owner', 'Owner');
  const shopper = await signUp(page.request, { tag: 'returns', name: 'Hira Aslam' });
  const id = await placeOrder(page.request, shopper);
  const waiting = await placeOrder(page.request, shopper);
  await deliver(page.request, owner, id);
  await signInBeforeLoad(page, shopper);
  await openOrders(page);

  const line = orderLine(page, id);
  await expect(orderLine(page, waiting).getByRole('button', { name: /return/i })).toHaveCount(0);
  const ask = line.getByRole('button', { name: 'Request a return or exchange' });
  await expect(ask).toBeVisible();
  await expect(
    line.getByText(/^You can ask until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Pakistan time\)\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await ask.click();
  const form = page.getByRole('dialog', { name: 'Return or exchange' });
  await expect(form.getByRole('button', { name: 'Send request' })).toBeVisible();
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Please choose at least one item' }),
  ).toHaveText('Please choose at least one item to return or exchange.');
  await expectNoAxeViolations(page);
  await form
    .getByRole('group', { name: 'Which items are you sending back?' })
    .getByRole('checkbox')
    .first()
    .check();
  await form.getByRole('radio', { name: 'Return for a refund' }).check();
  await form.getByLabel('Why are you sending them back?').fill('The colour is not as pictured');
  await form.getByLabel(/^Where should we send your refund\?/).fill('0300 1234567');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(
    toast(page, 'Your return request has been sent. We will e-mail you once it is reviewed.'),
  ).toBeVisible();
  await expect(form).toBeHidden();
  const progress = line.getByTestId('return-progress');
  await expect(progress.getByRole('heading')).toHaveText('Your return: Requested');
  await expect(ask).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect
    .poll(() =>
      mailsTo(shopper.email).some((m) => m.includes('We have received your return request')),
    )
    .toBe(true);

  await desk(page.request, owner, 'returns/step', { order: id, to: 'approved' });
  await desk(page.request, owner, 'returns/step', {
    order: id,
    to: 'pickupScheduled',
    pickupFrom: '2031-03-04T10:00',
    pickupTo: '2031-03-04T14:00',
  });
  await page.reload();
  await hydrated(page, 'OrdersList');
  await expect(progress.getByRole('heading')).toHaveText('Your return: Pick-up scheduled');
  await expect(
    progress.getByText('Pick-up between 2031-03-04 10:00 and 2031-03-04 14:00 (Pakistan time).'),
  ).toBeVisible();
  await expect(progress.locator('[aria-current="step"]')).toHaveText('Pick-up scheduled');

  await desk(page.request, owner, 'returns/step', { order: id, to: 'received' });
  // The courier's cash, recorded once delivered: a refund needs a payment.
  await desk(page.request, owner, 'orders/payment', { order: id, method: 'COD', amount: 250 });
  await desk(page.request, owner, 'returns/step', {
    order: id,
    to: 'refunded',
    method: 'JazzCash',
    reference: 'JC-4471',
    amount: 250,
  });
  await page.reload();
  await hydrated(page, 'OrdersList');
  await expect(progress.getByRole('heading')).toHaveText('Your return: Refunded');
  await expect(
    progress.getByText(/^Refunded .*250 by JazzCash \(reference JC-4471\)\.$/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const mails = mailsTo(shopper.email).join('\n');
  for (const words of [
    'Your return has been approved.',
    'Our courier will pick up the items between 2031-03-04 10:00 and 2031-03-04 14:00',
    'We have received the returned items.',
    'Reference: JC-4471',
  ])
    expect(mails).toContain(words);
});
