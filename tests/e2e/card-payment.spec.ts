// Paying by card on a phone, under `npm start` without Safepay keys, so through its local Safepay
// stand-in: a shopper in the UK chooses "Card (Visa, Mastercard)", places the order, pays £ on the
// test payment page, comes back to "Confirming your payment…" while the shop waits for the signed
// webhook, then the thank-you; the confirmation mail arrives, and the desk shows the card payment.
// axe runs on each new state. Abroad, in a currency Safepay does not take, checkout first says what
// the card is charged in rupees.
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { enrolledMember, mailsTo, openDeskAs } from './support/desk.ts';
import { untilHydrated } from './support/islands.ts';
import { addToServerCart, signUp, uniqueEmail } from './support/shopper.ts';
import { cartOf, fillShipping, signInBeforeLoad } from './support/ui.ts';

test.use(TOUCH_PHONE);
// This file's recipient: its own, as the shop takes at most 10 orders in 10 minutes for one.
const SHIPPING_EMAIL = uniqueEmail('sana.tariq');
// A desk owner is enrolled with a full-strength password hash: seconds on a shared machine.
test.describe.configure({ timeout: 120_000 });

test('a UK shopper pays £ by card on the test page, is confirmed by the webhook, and the desk shows the payment', async ({
  page,
  request,
}) => {
  const shopper = await signUp(request, { tag: 'card', name: 'Card Payer' });
  await signInBeforeLoad(page, shopper, {
    [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
  });
  await addToServerCart(request, shopper);
  await page.goto('/Checkout');
  await page.getByLabel('First Name').focus();
  await untilHydrated(page, 'Checkout');

  // In yen, which Safepay does not take, the card is charged in rupees, and the page says so.
  await fillShipping(page, 'Japan', 'Tokyo', SHIPPING_EMAIL);
  const card = page.getByRole('radio', { name: 'Card (Visa, Mastercard)' });
  await card.check();
  await expect(page.getByTestId('card-charge')).toHaveText(
    /^Your card is charged ₨[\d,]+ \(about ¥[\d,]+\)$/,
  );
  await expectNoAxeViolations(page);

  // In pounds, which it takes, the card is charged the order's own total.
  await page.getByLabel('Country', { exact: true }).selectOption('United Kingdom');
  await page.getByLabel('Nation').selectOption('England');
  await expect(card).toBeChecked();
  await expect(page.getByTestId('summary-total')).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(page.getByTestId('card-charge')).toHaveCount(0);
  await expect(page.getByText("After Place Order you pay on Safepay's secure page")).toBeVisible();
  const total = (await page.getByTestId('summary-total').textContent())!;

  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/embedded\/\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test payment (TEST)');
  await expect(page.getByRole('note')).toContainText('this is a local test payment page');
  await expect(page.getByText(`Amount: ${total}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // What the card's status region held when it entered the order page: a region made with its
  // words already in it may not be read out.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statusAtEntry: string[] }).statusAtEntry = seen;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement) {
            const region = node.matches('[data-testid="card-status"]')
              ? node
              : node.querySelector('[data-testid="card-status"]');
            if (region) seen.push(region.textContent ?? '');
          }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: `Pay ${total} (test)` }).click();
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&card=return/);
  const number = new URL(page.url()).searchParams.get('n')!;
  const confirming = page.getByTestId('card-confirming');
  await expect(confirming).toContainText('Confirming your payment…');
  await expect(page.getByRole('status').filter({ has: confirming })).toHaveCount(1);
  expect(
    await page.evaluate(() => (window as unknown as { statusAtEntry: string[] }).statusAtEntry),
  ).toEqual(['']);
  await expectNoAxeViolations(page);

  const thanks = page.getByTestId('card-thanks');
  await expect(thanks).toContainText('Thank you! Your payment was received.', {
    timeout: 20_000,
  });
  await expect(thanks).toContainText(`Your order #${number} is confirmed and paid by card.`);
  await expect(confirming).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The confirmation goes to the address's e-mail, which fillShipping typed.
  const placedMail = `Your Bastaa order #${number} is placed`;
  await expect
    .poll(() => mailsTo(SHIPPING_EMAIL).map((m) => m.subject), { timeout: 15_000 })
    .toContain(placedMail);
  const confirmation = mailsTo(SHIPPING_EMAIL).find((m) => m.subject === placedMail)!;
  expect(confirmation.text).toContain(`Total: ${total}\nPayment: Card (Visa, Mastercard)\n`);
  expect(confirmation.text).not.toContain('(Card (');
  expect(confirmation.text).toContain('Your card payment was received. Thank you.');

  const owner = await enrolledMember(request, uniqueEmail('card-owner'), 'owner', 'Owais Owner');
  await openDeskAs(page, owner, `#/orders/${number}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText(`${total} by Card (Visa, Mastercard)`);
  await expect(payments).toContainText('by Safepay');
  await expect(payments).toContainText(/reference track_[0-9a-f-]{36}/);
  await expectNoAxeViolations(page);
});

test('a declined card: the shopper is told the card was declined, and the desk shows "Card declined" with neither Packing nor Record payment', async ({
  page,
  request,
}) => {
  const shopper = await signUp(request, { tag: 'card-declined', name: 'Card Decliner' });
  await signInBeforeLoad(page, shopper, {
    [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
  });
  await addToServerCart(request, shopper);
  await page.goto('/Checkout');
  await page.getByLabel('First Name').focus();
  await untilHydrated(page, 'Checkout');
  await fillShipping(page, 'United Kingdom', 'England', SHIPPING_EMAIL);
  await page.getByRole('radio', { name: 'Card (Visa, Mastercard)' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/embedded\/\?/);
  await page.getByRole('button', { name: 'Decline (test)' }).click();
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&card=cancelled/);
  const number = new URL(page.url()).searchParams.get('n')!;
  // The gateway's webhook may land just after the page: the page read again says the decline.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('card-unpaid')).toContainText('Your card was declined.', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('card-unpaid')).not.toContainText('Your card was not charged.');

  const owner = await enrolledMember(request, uniqueEmail('decline-owner'), 'owner', 'Dina Owner');
  await openDeskAs(page, owner, `#/orders/${number}`);
  await expect(page.getByTestId('card-wait')).toHaveText('Card declined');
  const moves = page.getByRole('region', { name: 'Move this order' });
  await expect(moves.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'Move to Packing' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
