// Book all packed and the rider's load sheet on a phone: `npm start` books with the local PostEx
// stand-in (a TEST courier). Two shoppers' orders are packed; a member opens the load sheet from
// More, books every packed order in one press, and the sheet lists each parcel with its tracking
// number, city and COD, the count and the COD total, and the lines the rider signs. It runs in its
// own project after the other journeys (playwright.config.ts): the press books every packed order.
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs, openFromNav } from './support/desk.ts';
import { shortNumber } from '../../src/lib/desk.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a member books every packed order with the courier in one press and prints the load sheet the rider signs, with each parcel’s tracking number, city and COD', async ({
  page,
  request,
}) => {
  const member = await enrolledMember(request, uniqueEmail('sheet-staff'), 'staff', 'Bilal Packer');
  const numbers: string[] = [];
  for (const tag of ['sheet-one', 'sheet-two']) {
    const order = await placeOrder(request, await signUp(request, { tag }));
    const moved = await request.post('/api/desk/orders/move', {
      headers: { token: member.token },
      data: { order, from: 'Order Placed', to: 'Packing' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    numbers.push(shortNumber(order));
  }

  await openDeskAs(page, member, '#/orders');
  await expect(heading(page)).toHaveText('Orders');
  await openFromNav(page, 'Load sheet');
  await expect(heading(page)).toHaveText('Load sheet');
  const sheet = page.getByRole('article', { name: 'Load sheet' });
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(
    'Load sheet: PostEx (TEST courier: nothing will be collected)',
  );
  await expectNoAxeViolations(page);

  // One press books them (and whatever else is packed in this shop); the press says how many,
  // and a shop with more than a press's batch packed is booked by pressing again.
  const book = page.getByRole('button', { name: 'Book all packed with PostEx' });
  const results = page.getByRole('region', { name: 'Last booking of packed orders' });
  await expect(async () => {
    await book.click();
    await expect(page.getByRole('status').first()).toHaveText(
      /^Booked \d+ packed orders? with PostEx\./,
    );
    for (const number of numbers)
      await expect(sheet.getByRole('row', { name: new RegExp(`#${number}`) })).toBeVisible({
        timeout: 2_000,
      });
  }).toPass({ timeout: 60_000 });
  await expect(results).toBeFocused();

  for (const number of numbers) {
    const row = sheet.getByRole('row', { name: new RegExp(`#${number}`) });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(/^\S+$/);
    await expect(cells.nth(2)).toHaveText('Lahore');
    await expect(cells.nth(3)).toHaveText(/^₨[\d,]+$/);
    await expect(cells.nth(5)).toHaveText('1');
  }
  const rows = await sheet.getByRole('row').count();
  await expect(sheet.getByTestId('load-sheet-total')).toHaveText(
    new RegExp(`^${rows - 1} parcels · COD ₨[\\d,]+$`),
  );
  for (const line of ['Handed over by', 'Rider’s name', 'Rider’s signature', 'Picked up at'])
    await expect(sheet.getByText(line, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The order shows the booking the press made, with the same tracking number as the sheet.
  const tracking = await sheet
    .getByRole('row', { name: new RegExp(`#${numbers[0]}`) })
    .getByRole('cell')
    .nth(1)
    .textContent();
  await page.goto(`/desk/#/orders/${numbers[0]}`);
  await expect(heading(page)).toHaveText(`Order #${numbers[0]}`);
  await expect(page.getByTestId('courier-booking')).toContainText(`PostEx · tracking ${tracking}`);
});
