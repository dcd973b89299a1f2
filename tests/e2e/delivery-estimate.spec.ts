// What a shopper reads before buying: how big the bag is and which laptop it holds, beside the
// price, and when it arrives — on the product page for the chosen destination, and at checkout for
// the shipping country.
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { MARGALLA } from './support/catalogue.ts';
import { hydrated } from './support/islands.ts';
import { addToCart } from './support/ui.ts';

test.describe('the delivery estimate and the bag size', () => {
  test('the product page shows the size and the laptop it fits, and the estimate for Pakistan, then for the country chosen', async ({
    page,
  }) => {
    await page.goto(MARGALLA.path);
    await expect(page.getByTestId('bag-size')).toHaveText('30 × 14 × 44 cm, fits a 15.6″ laptop');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Delivered in 2–7 business days',
    );
    await expectNoAxeViolations(page, { include: '.product-info' });
    // Chosen in the footer: the estimate changes in place, and stays on the next page.
    await page.getByLabel('Country / currency').selectOption('United Kingdom');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Delivered in 7–14 business days to United Kingdom',
    );
    await page.reload();
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Delivered in 7–14 business days to United Kingdom',
    );
  });

  test('checkout shows the estimate of the shipping country chosen in the form, and says before Place Order that an order abroad cannot be returned', async ({
    page,
  }) => {
    await addToCart(page, MARGALLA.path);
    await page.goto('/Checkout');
    await hydrated(page, 'Checkout');
    const country = page.getByLabel('Country', { exact: true });
    const returnsAbroad = page.getByText(/^Returns and refunds are for orders delivered in/);
    await country.selectOption('Pakistan');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Delivered in 2–7 business days',
    );
    await expect(returnsAbroad).toHaveCount(0);
    await country.selectOption('India');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      'Delivered in 7–14 business days to India',
    );
    await expect(returnsAbroad).toHaveText(
      'Returns and refunds are for orders delivered in Pakistan only: an order to India cannot be returned or exchanged.',
    );
    await expectNoAxeViolations(page, { include: '.review' });
  });
});
