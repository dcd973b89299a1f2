// The wallet number at checkout: JazzCash and EasyPaisa ask for the number the payment request
// goes to, refuse a submit without a Pakistani mobile there, and send it with the order (JazzCash
// with the CNIC's last six digits, under the journeys' server's JazzCash stand-in); other methods
// never send one.
import { expect, test } from './support/test.ts';
import { untilHydrated } from './support/islands.ts';
import { MARGALLA } from './support/catalogue.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { addToServerCart, signUp } from './support/shopper.ts';
import { cartOf, fillShipping, signInBeforeLoad, untilAnswered } from './support/ui.ts';

test('a JazzCash order needs the wallet number and sends it with the order', async ({
  page,
  request,
}) => {
  const shopper = await signUp(request, { tag: 'wallet', name: 'Wallet Payer' });
  await signInBeforeLoad(page, shopper, {
    [`cartItems_${shopper.email}`]: cartOf({ [MARGALLA.id]: 'Black' }),
  });
  await addToServerCart(request, shopper);
  await page.goto('/Checkout');
  await page.getByLabel('First Name').focus();
  await untilHydrated(page, 'Checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: 'JazzCash' }).check();
  const wallet = page.getByLabel('JazzCash account number');
  await expect(wallet).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText('JazzCash account number is required', { exact: true }),
  ).toBeVisible();
  await expect(wallet).toBeFocused();
  await wallet.fill('042 35761234');
  await wallet.blur();
  await expect(
    page.getByText(
      'JazzCash account number must be a Pakistani mobile: 03xxxxxxxxx or +923xxxxxxxxx',
      { exact: true },
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await wallet.fill('0300 7654321');
  // The journeys' server takes JazzCash through its stand-in: the request carries the CNIC digits.
  const cnic = page.getByLabel('Last 6 digits of your CNIC');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText('The last 6 digits of your CNIC are required', { exact: true }),
  ).toBeVisible();
  await cnic.fill('345678');
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/order/COD');
  const answer = await untilAnswered(page, '/api/order/COD', () =>
    page.getByRole('button', { name: 'Place Order' }).click(),
  );
  expect((await sent).postDataJSON()).toMatchObject({
    paymentMethod: 'JazzCash',
    walletNumber: '0300 7654321',
    walletCnic: '345678',
  });
  expect(answer.status()).toBe(201);
  await page.waitForURL(/\/yourOrders\/order\?n=[0-9A-F]{8}&wallet=phone/);
  await expect(page.getByTestId('wallet-waiting')).toContainText(
    'Approve the payment on your phone',
  );
});
