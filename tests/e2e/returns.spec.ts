// A return from the shopper's side (/yourOrders): the order is delivered by the operator CLI (the
// desk's own service), the shopper asks for a return in the accessible form, then follows its
// progress as the shop takes each step; each step's mail is read from the local SMTP catcher.
import { execFileSync } from 'node:child_process';
import { caughtMails } from '../fixtures/smtp-catcher.ts';
import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { placeOrder, signUp } from './support/shopper.ts';
import { signInBeforeLoad, toast } from './support/ui.ts';

/** Runs `npm run shop -- …` on the server's store, mailing through the test's SMTP catcher. */
function shop(...args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', 'scripts/shop.ts', ...args],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL: process.env.E2E_SMTP_URL ?? '',
        MONGODB_URI: '',
      },
    },
  );
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
  test.setTimeout(90_000);
  const shopper = await signUp(page.request, { tag: 'returns', name: 'Hira Aslam' });
  const id = await placeOrder(page.request, shopper);
  const waiting = await placeOrder(page.request, shopper);
  for (const status of ['Packing', 'Out for Delivery', 'Delivered'])
    shop('orders', 'status', id, status);
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

  shop('returns', 'step', id, 'approved');
  shop(
    'returns',
    'step',
    id,
    'pickupScheduled',
    '--from',
    '2031-03-04T10:00',
    '--to',
    '2031-03-04T14:00',
  );
  await page.reload();
  await hydrated(page, 'OrdersList');
  await expect(progress.getByRole('heading')).toHaveText('Your return: Pick-up scheduled');
  await expect(
    progress.getByText('Pick-up between 2031-03-04 10:00 and 2031-03-04 14:00 (Pakistan time).'),
  ).toBeVisible();
  await expect(progress.locator('[aria-current="step"]')).toHaveText('Pick-up scheduled');

  shop('returns', 'step', id, 'received');
  // The courier's cash, recorded once delivered: a refund needs a payment.
  shop('orders', 'paid', id, '250', '--method', 'COD');
  shop(
    'returns',
    'step',
    id,
    'refunded',
    '--method',
    'JazzCash',
    '--reference',
    'JC-4471',
    '--amount',
    '250',
  );
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
