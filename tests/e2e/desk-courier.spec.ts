// Booking a courier from the desk in the browser: `npm start` runs without courier keys, so it
// books with the local PostEx stand-in (a TEST courier). A staff member packs a shopper's order,
// books it in one tap, saves the airway bill as a PDF with the tracking number (and the label with
// the packing slip on one A4 sheet), and a second look at the order shows the same booking. (The
// same at 390 × 844, from a WhatsApp confirmation to the cash reconciled, is the day of a COD order
// in tests/e2e/cod-confirmation.spec.ts.) On a phone, a parcel refused on the doorstep and returned
// to the shop is shown as RTO, cancels its order and restocks, by the courier's tracking alone.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs, packAndBookWithPostex } from './support/desk.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { RTO_REASON } from '../../src/server/orders/courier-tracking.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { pdfText } from '../fixtures/pdf-text.ts';

test.describe.configure({ timeout: 120_000 });

const status = (page: Page) => page.getByRole('status').first();

test('staff book a packed order with the courier in one tap and save its airway bill as a PDF with the tracking number', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('courier-staff'), 'staff', 'Kiran Staff');
  const shopper = await signUp(request, { tag: 'courier-shopper' });
  const number = shortNumber(await placeOrder(request, shopper));

  await openDeskAs(page, staff, `#/orders/${number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`);
  await expect(page.getByRole('button', { name: 'Book with PostEx' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Move to Packing' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Packing');

  await page.getByRole('button', { name: 'Book with PostEx' }).click();
  const booking = page.getByTestId('courier-booking');
  await expect(booking).toContainText('PostEx · tracking ');
  await expect(booking).toContainText('(TEST courier: nothing will be collected)');
  const trackingNumber = /tracking (\S+)/.exec((await booking.textContent()) ?? '')![1]!;
  await expect(status(page)).toHaveText(COURIER_MESSAGES.booked('PostEx', trackingNumber));
  await expect(page.getByRole('button', { name: 'Book with PostEx' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Get the airway bill (PDF)' }).click();
  const save = page.getByRole('link', { name: `Save airway-bill-${trackingNumber}.pdf` });
  const download = page.waitForEvent('download');
  await save.click();
  const file = await (await download).path();
  const pdf = readFileSync(file).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(trackingNumber);

  // The label with the packing slip, on one A4 sheet: the courier's page and the slip's items.
  await page.getByRole('button', { name: 'Label and slip on A4' }).click();
  const sheet = page.getByRole('link', {
    name: `Save label-and-slip-a4-${trackingNumber}.pdf`,
  });
  const sheetDownload = page.waitForEvent('download');
  await sheet.click();
  const sheetPdf = new Uint8Array(readFileSync(await (await sheetDownload).path()));
  expect(Buffer.from(sheetPdf).toString('latin1')).toContain(`(${trackingNumber}) Tj`);
  expect(pdfText(sheetPdf)).toContain(`Packing slip · Order #${number}`);

  await page.reload();
  await expect(page.getByTestId('courier-booking')).toContainText(
    `PostEx · tracking ${trackingNumber}`,
  );
});

test.describe('at 390×844 with touch', () => {
  test.use(TOUCH_PHONE);

  test('a parcel refused on the doorstep and returned to the shop is shown as RTO, cancels its order and restocks, with no status tapped', async ({
    page,
    request,
  }) => {
    const staff = await enrolledMember(request, uniqueEmail('rto-staff'), 'staff', 'Kiran RTO');
    const shopper = await signUp(request, { tag: 'courier-rto' });
    const number = shortNumber(await placeOrder(request, shopper));
    const standIn = `http://127.0.0.1:${process.env.E2E_POSTEX_PORT}/__stand-in`;
    const move = async (trackingNumber: string, state: string) =>
      expect(
        (await request.post(`${standIn}/move`, { data: { trackingNumber, state } })).status(),
      ).toBe(200);

    await openDeskAs(page, staff, `#/orders/${number}`);
    const trackingNumber = await packAndBookWithPostex(page);

    await move(trackingNumber, 'picked_up');
    await move(trackingNumber, 'out_for_delivery');
    await move(trackingNumber, 'refused');
    await page.getByRole('button', { name: 'Check tracking now' }).tap();
    await expect(page.getByTestId('order-status')).toHaveText('Out for Delivery');
    const problems = page.getByRole('list', { name: 'Delivery problems' });
    await expect(problems.getByRole('listitem')).toHaveCount(1);
    await expect(problems).toContainText('Refused by the shopper: ');

    await move(trackingNumber, 'returned');
    await page.getByRole('button', { name: 'Check tracking now' }).tap();
    await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(problems.getByRole('listitem')).toHaveCount(2);
    await expect(problems.getByRole('listitem').nth(1)).toContainText('Returned to the shop: ');
    await expect(page.getByTestId('parcel-restocked')).toHaveText(
      'Returned to the shop (RTO): its items were marked in stock again.',
    );
    await expect(page.getByRole('definition').filter({ hasText: RTO_REASON })).toHaveText(
      RTO_REASON,
    );
    await expectNoAxeViolations(page);
  });
});
