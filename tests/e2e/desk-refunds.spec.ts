// Refunds on the desk, on a phone: the owner refunds one line of a paid order by choosing it, gives
// a reason, reviews the amount, the method and what the shopper is told, then sends it; the order
// shows the line refunded and the shopper is mailed. A member the owner has not allowed refunds is
// offered no refund at all. The business view's figures keep the books' identity.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, mailWithSubject, openDeskAs, openFromNav } from './support/desk.ts';
import { REFUND_MESSAGES } from '../../src/lib/contract/payments.ts';
import { REFUND_VIEW_TEXT } from '../../src/lib/orders/desk-view.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { formatMoney } from '../../src/lib/money.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 150_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const status = (page: Page) => page.getByRole('status').first();

test('the owner refunds one line of a paid order after reviewing it; the shopper is mailed, and a packer is offered no refund', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('desk-refund-owner'), 'owner', 'Omar');
  const packer = await enrolledMember(request, uniqueEmail('desk-refund-packer'), 'staff', 'Pia');
  const shopper = await signUp(request, { tag: 'desk-refund', name: 'Hira Aslam' });
  const id = await placeOrder(request, shopper, { paymentMethod: 'Bank Transfer' });
  const number = shortNumber(id);
  const shown = await request.post('/api/desk/orders/show', {
    headers: { token: owner.token },
    data: { order: id },
  });
  const { total, lines } = (
    (await shown.json()) as { order: { total: number; lines: { lineTotal: number }[] } }
  ).order;
  const paid = await request.post('/api/desk/orders/payment', {
    headers: { token: owner.token },
    data: { order: id, method: 'Bank Transfer', amount: total, reference: `FT-${number}` },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // A packer sees the payment, and no way to send money back.
  await openDeskAs(page, packer, `#/orders/${number}`);
  await expect(heading(page)).toHaveText(`Order #${number}`);
  const packerPayments = page.getByRole('region', { name: 'Payments' });
  await expect(packerPayments.getByTestId('order-due')).toHaveText('Paid in full.');
  await expect(packerPayments.getByRole('button', { name: 'Record refund' })).toHaveCount(0);

  // A new document, so the desk starts again as the owner.
  await page.goto('about:blank');
  await openDeskAs(page, owner, `#/orders/${number}`);
  await expect(heading(page)).toHaveText(`Order #${number}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await payments.getByRole('button', { name: 'Record refund' }).click();
  const form = payments.getByRole('form', { name: 'Record refund' });
  await form.getByLabel(/, up to 1$/).fill('1');
  await form.getByLabel('Refunded by').selectOption('Bank Transfer');
  await form.getByLabel('Reference').fill(`RF-${number}`);
  await form.getByLabel('Reason').fill('Stitching came loose');
  await form.getByRole('button', { name: 'Review refund' }).click();
  const line = formatMoney(lines[0]!.lineTotal, 'PKR');
  const confirm = form.getByRole('group', { name: 'Confirm the refund' });
  await expect(confirm).toContainText(
    REFUND_VIEW_TEXT.confirm(line, 'Bank Transfer', shopper.email),
  );
  await expect(confirm.getByRole('button', { name: 'Record refund' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Record refund' }).click();
  await expect(status(page)).toHaveText(
    REFUND_MESSAGES.recorded(line, 'Bank Transfer', number, 'partly refunded'),
  );
  await expect(payments.getByRole('listitem')).toContainText([
    `Refund ${line} by Bank Transfer · reference RF-${number} · Stitching came loose`,
  ]);
  await expect(page.getByText(/Quantity: 1 · 1 refunded/)).toBeVisible();
  await expectNoAxeViolations(page);
  const mail = await mailWithSubject(shopper.email, `Your Bastaa refund for order #${number}`);
  expect(mail).toContain(`We have refunded ${line} for your order #${number} by Bank Transfer.`);

  // The books keep their identity on the business view, whatever else the day holds.
  await openFromNav(page, 'Business');
  const today = page.getByRole('article', { name: 'Today' });
  const figure = async (name: string) => {
    const term = today.locator('dt', { hasText: new RegExp(`^${name}$`) });
    if ((await term.count()) === 0) return 0;
    const text = await term.locator('xpath=following-sibling::dd[1]').innerText();
    return Number(text.replace(/[^\d.-]/g, ''));
  };
  await expect(today.locator('dt', { hasText: /^Net$/ })).toBeVisible();
  const names = ['Sales', 'Returned', 'Collected', 'Refunds', 'Net', 'Outstanding', 'Refund due'];
  const [sales, returned, collected, refunds, net, outstanding, due] = (await Promise.all(
    names.map(figure),
  )) as [number, number, number, number, number, number, number];
  expect(collected - refunds).toBe(net);
  expect(net + outstanding - due).toBe(sales - returned);
  expect(refunds).toBeGreaterThanOrEqual(lines[0]!.lineTotal);
  await expectNoAxeViolations(page);
});
