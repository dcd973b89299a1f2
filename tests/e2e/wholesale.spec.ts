// A reseller's wholesale order: the wholesale price counts a product across its colours, every cart
// line shows its unit price with a total that is exactly unit × quantity in the shown currency, the
// order is charged that total and shows those lines again after it, and a quantity over 100 is said to be set to 100, never cut silently.
import { convertAmount, formatMoney, toMinorUnits } from '../../src/lib/money.ts';
import { budget, expect, test, type Locator, type Page } from './support/test.ts';
import { hydrated } from './support/islands.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA } from './support/catalogue.ts';
import { ordersOf, signUp } from './support/shopper.ts';
import {
  cartPanel,
  chooseCountry,
  fillShipping,
  signInBeforeLoad,
  storeBeforeLoad,
  thanksDialog,
  toast,
  untilAnswered,
} from './support/ui.ts';

/** Margalla's wholesale price in rupees (its retail price is ₨6,500 less 15%: ₨5,525). */
const WHOLESALE_PKR = 4800;

/** The rate prices are shown at, as the page keeps it. */
const shownRate = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('displayCurrency') ?? '{}').rate as number);

/** Types a quantity into the buy box and adds that many of `colour`. */
async function addColour(page: Page, colour: string, quantity: number) {
  await page.getByRole('radio', { name: colour }).check();
  const box = page.getByLabel('Quantity', { exact: true });
  await box.fill(String(quantity));
  await box.press('Enter');
}

/** A cart line's "30 × AED 63.36" and its total, as text. */
async function lineFigures(line: Locator) {
  return {
    unit: ((await line.getByTestId('line-unit').textContent()) ?? '').trim(),
    total: ((await line.locator('.line-total').textContent()) ?? '').trim(),
  };
}

test.describe('a reseller in Dubai', () => {
  test('adds 30 Black and 30 Navy of one bag, sees the wholesale unit price on both lines with totals of unit × 30, and is charged that total', async ({
    page,
    request,
  }) => {
    // The cart, the checkout, the thank-you and the order's page: about a minute on a busy machine.
    test.setTimeout(budget(120_000));
    const reseller = await signUp(request, { tag: 'reseller', name: 'Omar Haddad' });
    await signInBeforeLoad(page, reseller);
    await chooseCountry(page, /United Arab Emirates/);
    const rate = await shownRate(page);
    const unit = convertAmount(WHOLESALE_PKR, rate, 'AED');
    const unitText = formatMoney(unit, 'AED');
    const lineText = formatMoney((toMinorUnits(unit, 'AED') * 30) / 100, 'AED');

    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await addColour(page, 'Black', 30);
    // 30 alone is no wholesale quantity.
    await expect(page.locator('.buy-box .wholesale')).toHaveCount(0);
    await untilAnswered(page, '/api/cart/add', () =>
      page.getByRole('button', { name: 'Add To Cart' }).click(),
    );
    await cartPanel(page).getByRole('button', { name: 'Close' }).click();
    // 30 Navy beside the 30 Black in the cart are 60 of the bag: the banner says so before adding.
    await addColour(page, 'Navy', 30);
    await expect(page.locator('.buy-box .wholesale')).toHaveText(
      `Congratulations! You have unlocked our wholesale price of ${unitText} per item, instead of ${formatMoney(convertAmount(5525, rate, 'AED'), 'AED')}.`,
    );
    await untilAnswered(page, '/api/cart/add', () =>
      page.getByRole('button', { name: 'Add To Cart' }).click(),
    );
    const panelLines = cartPanel(page).locator('.cart-line');
    await expect(panelLines).toHaveCount(2);
    for (const line of await panelLines.all())
      expect(await lineFigures(line)).toEqual({ unit: `30 × ${unitText}`, total: lineText });
    await expectNoAxeViolations(page);

    await page.goto('/Cart');
    const cartLines = page.locator('.cart-page .cart-line');
    await expect(cartLines).toHaveCount(2);
    await expect(cartLines.getByTestId('line-unit')).toHaveText([
      `30 × ${unitText}`,
      `30 × ${unitText}`,
    ]);
    await expect(cartLines.locator('.line-total')).toHaveText([lineText, lineText]);
    const subtotal = formatMoney((toMinorUnits(unit, 'AED') * 60) / 100, 'AED');
    await expect(page.getByTestId('summary-subtotal')).toHaveText(subtotal);
    await expectNoAxeViolations(page);

    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    const review = page.locator('.review-items li');
    await expect(review.getByTestId('line-unit')).toHaveText([
      `30 × ${unitText}`,
      `30 × ${unitText}`,
    ]);
    await expect(review.locator('.line-total')).toHaveText([lineText, lineText]);
    await fillShipping(page, 'United Arab Emirates', 'Dubai');
    await expect(page.getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    await expect(page.getByTestId('summary-subtotal')).toHaveText(subtotal);
    await expect(page.getByTestId('summary-shipping')).toHaveText('AED 35.00');
    const total = formatMoney((toMinorUnits(unit, 'AED') * 60 + 3500) / 100, 'AED');
    await expect(page.getByTestId('summary-total')).toHaveText(total);
    await expectNoAxeViolations(page);
    await untilAnswered(page, '/api/order/COD', () =>
      page.getByRole('button', { name: 'Place Order' }).click(),
    );
    await expect(thanksDialog(page)).toContainText('Order Placed Successfully!');
    const [order] = await ordersOf(page);
    expect(order).toMatchObject({ currency: 'AED', paymentMethod: 'Bank Transfer' });
    expect(formatMoney(order!.total, 'AED')).toBe(total);

    // After the order, the thank-you and the order's page show each line as the cart did: the
    // unit price it was placed at, × 30, beside a line total of exactly that.
    const placedLines = thanksDialog(page)
      .getByRole('list', { name: 'Items ordered' })
      .getByRole('listitem');
    await expect(placedLines.getByTestId('line-unit')).toHaveText([
      `30 × ${unitText}`,
      `30 × ${unitText}`,
    ]);
    await expect(placedLines.locator('.receipt-line-amount')).toHaveText([lineText, lineText]);
    await expectNoAxeViolations(page);
    await thanksDialog(page).getByRole('link', { name: 'Track This Order' }).click();
    await hydrated(page, 'OrderPage');
    const orderLines = page.getByTestId('order-page').locator('.receipt-lines li');
    await expect(orderLines.getByTestId('line-unit')).toHaveText([
      `30 × ${unitText}`,
      `30 × ${unitText}`,
    ]);
    await expect(orderLines.locator('.receipt-line-amount')).toHaveText([lineText, lineText]);
    await expectNoAxeViolations(page);
  });
});

test.describe('the cap of 100 a line', () => {
  test('120 typed on /Cart becomes 100, and the shopper is told so', async ({ page }) => {
    await storeBeforeLoad(page, {
      cartItems_guest: JSON.stringify({ [MARGALLA.id]: { Black: { '0': 2 } } }),
    });
    await page.goto('/Cart');
    const line = page.locator('.cart-page .cart-line');
    await expect(line).toHaveCount(1);
    const box = line.getByRole('spinbutton');
    await box.fill('120');
    await box.press('Enter');
    await expect(
      toast(page, '100 is the most per line, so the quantity is now 100.'),
    ).toBeVisible();
    await expect(box).toHaveValue('100');
    await expect(line.getByTestId('line-unit')).toContainText('100 × ');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain('"Black":{"0":100}');
    await expectNoAxeViolations(page);
  });

  test('120 typed in the cart panel becomes 100, said in the panel', async ({ page }) => {
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const panel = cartPanel(page);
    const box = panel.getByRole('spinbutton');
    await box.fill('120');
    await box.press('Enter');
    await expect(panel.getByRole('alert')).toHaveText(
      '100 is the most per line, so the quantity is now 100.',
    );
    await expect(box).toHaveValue('100');
    await expect(panel.getByTestId('line-unit')).toContainText('100 × ');
    await expectNoAxeViolations(page);
  });

  test('120 typed on the product page becomes 100 with the same words, and 100 are added', async ({
    page,
  }) => {
    await page.goto(MARGALLA.path);
    await hydrated(page, 'BuyBox');
    const box = page.getByLabel('Quantity', { exact: true });
    await box.fill('120');
    await box.press('Enter');
    await expect(
      toast(page, '100 is the most per line, so the quantity is now 100.'),
    ).toBeVisible();
    await expect(box).toHaveValue('100');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cartItems_guest')))
      .toContain(`"${MARGALLA.id}":{"Black":{"0":100}}`);
  });
});
