// Paying by mobile wallet on a phone (Playwright's Pixel 7 at 390 px), under `npm start` without
// wallet keys, so through the local JazzCash and EasyPaisa stand-ins: the shopper places the order,
// the order page says "Approve the payment on your phone" and follows it, and the stand-in's test
// wallet page ("phone") approves or rejects the request, sending the wallet's notice to the shop.
// A Lahore shopper pays by JazzCash and gets the thank-you and the mail; another's EasyPaisa
// payment is rejected, then paid again from the order page; the desk shows both payments with the
// wallets' references, recorded by the wallets, not by hand. axe runs on each new state.
import { devices, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA } from './support/catalogue.ts';
import { enrolledMember, mailsTo, openDeskAs } from './support/desk.ts';
import { untilHydrated } from './support/islands.ts';
import { addToServerCart, signUp, uniqueEmail, type Shopper } from './support/shopper.ts';
import { cartOf, fillShipping, signInBeforeLoad } from './support/ui.ts';
import { WALLET_COD_MESSAGES } from '../../src/lib/wallet-api.ts';

// The Pixel 7 profile (touch, its user agent and pixel ratio) at 390 px wide; the browser stays
// the project's Chromium.
const { defaultBrowserType: _, ...PIXEL_7 } = devices['Pixel 7'];
test.use({ ...PIXEL_7, viewport: { width: 390, height: 844 } });
// This file's recipient: its own, as the shop takes at most 10 orders in 10 minutes for one.
const SHIPPING_EMAIL = uniqueEmail('sana.tariq');
// A desk owner is enrolled with a full-strength password hash: seconds on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** The stand-ins' test wallet pages, on the ports the journeys' server gave them. */
const PHONES = {
  JazzCash: `http://127.0.0.1:${process.env.E2E_JAZZCASH_PORT}/phone`,
  EasyPaisa: `http://127.0.0.1:${process.env.E2E_EASYPAISA_PORT}/phone`,
} as const;
type Wallet = keyof typeof PHONES;

/** A wallet number no other journey uses, so its request is the one row on the phone for it. */
const walletNumber = () => `03${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Opens the checkout with a bag in the shopper's cart and fills a Lahore address; the page is hydrated. */
async function checkoutWith(page: Page, request: Parameters<typeof signUp>[0], shopper: Shopper) {
  await signInBeforeLoad(page, shopper, {
    [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
  });
  await addToServerCart(request, shopper);
  await page.goto('/Checkout');
  await page.getByLabel('First Name').focus();
  await untilHydrated(page, 'Checkout');
  await fillShipping(page, 'Pakistan', 'Punjab', SHIPPING_EMAIL);
}

/** Answers the request sent to `number` on `wallet`'s test wallet page, in another tab. */
async function answerOnPhone(page: Page, wallet: Wallet, number: string, answer: string) {
  const phone = await page.context().newPage();
  await phone.goto(PHONES[wallet]);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Test wallet (TEST)');
  const request = phone.getByRole('listitem').filter({ hasText: `from ${number}` });
  await expect(request).toHaveCount(1);
  await expectNoAxeViolations(phone);
  await request.getByRole('button', { name: answer }).click();
  await expect(phone.getByRole('listitem').filter({ hasText: `from ${number}` })).toHaveCount(0);
  await phone.close();
}

/** The number of the order whose page is open (eight hex digits). */
const orderNumberOf = (page: Page) => new URL(page.url()).searchParams.get('n')!;

test('a Lahore shopper pays by JazzCash, approves on the phone, sees the thank-you and gets the mail, and the desk shows the payment by JazzCash with its reference', async ({
  page,
  request,
}) => {
  // JazzCash: the wallet number and the CNIC's last six digits, then the phone.
  const jazzShopper = await signUp(request, { tag: 'jazzcash', name: 'Jazz Payer' });
  await checkoutWith(page, request, jazzShopper);
  await page.getByRole('radio', { name: 'JazzCash' }).check();
  const jazzNumber = walletNumber();
  await page.getByLabel('JazzCash account number').fill(jazzNumber);
  await page.getByLabel('Last 6 digits of your CNIC').fill('345678');
  const total = (await page.getByTestId('summary-total').textContent())!;
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&wallet=phone/);
  const jazzOrder = orderNumberOf(page);
  const waiting = page.getByTestId('wallet-waiting');
  await expect(waiting).toContainText('Approve the payment on your phone');
  await expect(waiting).toContainText('JazzCash sent a payment request to your phone.');
  await expect(page.getByTestId('wallet-countdown')).toHaveText(/^\d{1,2}:\d\d$/);
  await expectNoAxeViolations(page);

  await answerOnPhone(page, 'JazzCash', jazzNumber, 'Approve');
  const thanks = page.getByTestId('wallet-thanks');
  await expect(thanks).toContainText('Thank you! Your payment was received.', { timeout: 20_000 });
  await expect(thanks).toContainText(`Your order #${jazzOrder} is confirmed and paid by JazzCash.`);
  await expect(waiting).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The confirmation goes to the address's e-mail once the payment is in.
  const placedMail = `Your Bastaa order #${jazzOrder} is placed`;
  await expect
    .poll(
      () =>
        mailsTo(SHIPPING_EMAIL).filter(
          (m) =>
            m.subject === placedMail &&
            m.text.includes('Your JazzCash payment was received. Thank you.'),
        ).length,
      { timeout: 15_000 },
    )
    .toBe(1);
  const paidMail = mailsTo(SHIPPING_EMAIL).find(
    (m) => m.subject === placedMail && m.text.includes('Your JazzCash payment was received.'),
  )!;
  expect(paidMail.text).toContain(`Total: ${total}\nPayment: JazzCash\n`);

  await expectPaidByWallet(
    page,
    request,
    jazzOrder,
    'JazzCash',
    total,
    /reference T\d{14}[0-9a-f]{5}/,
    /^The shop sent the JazzCash payment request: reference T\d{14}[0-9a-f]{5}$/,
  );
});

test('an EasyPaisa payment rejected on the phone is paid again from the order page and approved, and the desk shows it by EasyPaisa with its reference', async ({
  page,
  request,
}) => {
  // EasyPaisa: the wallet number only; the phone rejects the first request.
  const easyShopper = await signUp(request, { tag: 'easypaisa', name: 'Easy Payer' });
  await checkoutWith(page, request, easyShopper);
  await page.getByRole('radio', { name: 'EasyPaisa' }).check();
  const easyNumber = walletNumber();
  await page.getByLabel('EasyPaisa account number').fill(easyNumber);
  const total = (await page.getByTestId('summary-total').textContent())!;
  await expect(page.getByLabel('Last 6 digits of your CNIC')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&wallet=phone/);
  const easyOrder = orderNumberOf(page);
  const waiting = page.getByTestId('wallet-waiting');
  const thanks = page.getByTestId('wallet-thanks');
  await expect(waiting).toContainText('EasyPaisa sent a payment request to your phone.');

  await answerOnPhone(page, 'EasyPaisa', easyNumber, 'Reject');
  const unpaid = page.getByTestId('wallet-unpaid');
  await expect(unpaid).toContainText(
    'Your EasyPaisa payment was not approved. Your order is kept: pay again, or pay cash on delivery instead.',
    { timeout: 20_000 },
  );
  await expectNoAxeViolations(page);

  // Pay again sends a fresh request to the same number; this time the phone approves.
  await unpaid.getByRole('button', { name: 'Pay again' }).click();
  await expect(waiting).toContainText('Approve the payment on your phone');
  await answerOnPhone(page, 'EasyPaisa', easyNumber, 'Approve');
  await expect(thanks).toContainText(
    `Your order #${easyOrder} is confirmed and paid by EasyPaisa.`,
    {
      timeout: 20_000,
    },
  );
  await expectNoAxeViolations(page);

  await expectPaidByWallet(
    page,
    request,
    easyOrder,
    'EasyPaisa',
    total,
    /reference [0-9a-f-]{36}-[0-9a-z]+/,
    /^The shop sent 2 EasyPaisa payment requests \(Pay again\): references [0-9a-f-]{36}-[0-9a-z]+, [0-9a-f-]{36}-[0-9a-z]+$/,
  );
});

test('a shopper whose EasyPaisa payment was rejected pays cash on delivery instead, from the order page, and the desk sees a COD order to pack', async ({
  page,
  request,
}) => {
  const shopper = await signUp(request, { tag: 'wallet-cod', name: 'Cod Switcher' });
  await checkoutWith(page, request, shopper);
  await page.getByRole('radio', { name: 'EasyPaisa' }).check();
  const number = walletNumber();
  await page.getByLabel('EasyPaisa account number').fill(number);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&wallet=phone/);
  const order = orderNumberOf(page);
  await answerOnPhone(page, 'EasyPaisa', number, 'Reject');
  const unpaid = page.getByTestId('wallet-unpaid');
  await expect(unpaid).toContainText('Your EasyPaisa payment was not approved.', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Pay cash on delivery instead' }).click();
  await expect(page.getByText(WALLET_COD_MESSAGES.switched)).toBeVisible();
  await expect(unpaid).toHaveCount(0);
  await expect(
    page.getByTestId('order-page').getByText('Pay in cash when it arrives', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const owner = await enrolledMember(request, uniqueEmail('cod-owner'), 'owner', 'Cora Owner');
  await openDeskAs(page, owner, `#/orders/${order}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('order-due')).toContainText('Due:');
  await expect(page.getByTestId('card-wait')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Move this order' }).getByRole('button', {
      name: 'Move to Packing',
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * The desk's order screen: the order paid once, by the wallet (its notice, not a member), for the
 * order's total, with the wallet's reference; nothing is left to record by hand.
 */
async function expectPaidByWallet(
  page: Page,
  request: Parameters<typeof signUp>[0],
  number: string,
  wallet: Wallet,
  total: string,
  reference: RegExp,
  requests: RegExp,
) {
  const owner = await enrolledMember(request, uniqueEmail('wallet-owner'), 'owner', 'Wafa Owner');
  await openDeskAs(page, owner, `#/orders/${number}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  const paid = payments.getByRole('listitem');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(`${total} by ${wallet}`);
  await expect(paid).toContainText(reference);
  await expect(paid).toContainText(`(Karachi) · by ${wallet}`);
  // The references of the requests the shop sent, the last one the payment's.
  const sent = payments.getByTestId('wallet-requests');
  await expect(sent).toHaveText(requests);
  const paidWith = /reference (\S+)/.exec(await paid.innerText())![1]!;
  await expect(sent).toHaveText(new RegExp(`${paidWith}$`));
  await expect(payments.getByTestId('order-due')).toHaveText('Paid in full.');
  await expect(page.getByTestId('card-wait')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
}
