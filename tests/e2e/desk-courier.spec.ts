// Booking a courier from the desk in the browser: `npm start` runs without courier keys, so it
// books with the local PostEx stand-in (a TEST courier). A staff member packs a shopper's order,
// books it in one tap, saves the airway bill as a PDF with the tracking number (and the label with
// the packing slip on one A4 sheet), and a second look
// at the order shows the same booking.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, mailsTo, openDeskAs } from './support/desk.ts';
import { hydrated } from './support/islands.ts';
import { signInBeforeLoad } from './support/ui.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';
import { shortNumber } from '../../src/lib/desk.ts';
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

  test('a COD order booked in one tap is moved by the courier’s tracking to Out for Delivery and Delivered with no status tapped, and the remittance records its cash as collected', async ({
    page,
    request,
  }) => {
    const owner = await enrolledMember(
      request,
      uniqueEmail('courier-owner'),
      'owner',
      'Sana Owner',
    );
    const shopper = await signUp(request, { tag: 'courier-cod' });
    const number = shortNumber(await placeOrder(request, shopper));
    const standIn = `http://127.0.0.1:${process.env.E2E_POSTEX_PORT}/__stand-in`;
    const courier = async (action: 'move' | 'remit', data: Record<string, string>) =>
      expect((await request.post(`${standIn}/${action}`, { data })).status()).toBe(200);

    await openDeskAs(page, owner, `#/orders/${number}`);
    await page.getByRole('button', { name: 'Move to Packing' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Packing');
    await page.getByRole('button', { name: 'Book with PostEx' }).click();
    const booking = page.getByTestId('courier-booking');
    await expect(booking).toContainText('PostEx · tracking ');
    const trackingNumber = /tracking (\S+)/.exec((await booking.textContent()) ?? '')![1]!;
    await expect(page.getByTestId('parcel-state')).toHaveText(
      'Not tracked yet: the shop asks the courier every 15 minutes.',
    );

    // The rider picks the parcel up: the courier's tracking moves the order, no status tapped.
    await courier('move', { trackingNumber, state: 'picked_up' });
    await page.getByRole('button', { name: 'Check tracking now' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Out for Delivery');
    await expect(page.getByTestId('parcel-state')).toContainText('The courier says: ');
    // The shopper's mail and order page name the courier, the number and its own tracking page.
    const trackingPage = `https://postex.pk/tracking?cn=${encodeURIComponent(trackingNumber)}`;
    await expect
      .poll(
        () =>
          mailsTo(shopper.email).find((m) => m.subject.endsWith('is out for delivery'))?.text ?? '',
        { timeout: 15_000 },
      )
      .toContain(
        `Courier: PostEx\nTracking number: ${trackingNumber}\nTrack it on the courier's site: ${trackingPage}`,
      );
    const shopperPage = await page.context().newPage();
    await signInBeforeLoad(shopperPage, shopper);
    await shopperPage.goto(`/yourOrders/order?n=${number}`);
    await hydrated(shopperPage, 'OrderPage');
    await expect(shopperPage.getByRole('link', { name: 'On PostEx site' })).toHaveAttribute(
      'href',
      trackingPage,
    );
    await expectNoAxeViolations(shopperPage);
    await shopperPage.close();

    await courier('move', { trackingNumber, state: 'out_for_delivery' });
    await courier('move', { trackingNumber, state: 'delivered' });
    await page.getByRole('button', { name: 'Check tracking now' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
    await expect(page.getByText('COD: unpaid')).toBeVisible();
    await expectNoAxeViolations(page);

    // Weeks later the courier pays the cash; the owner imports its payments.
    await courier('remit', { trackingNumber });
    await page.goto('/desk/#/business');
    await page.getByRole('button', { name: 'Import the courier’s payments' }).click();
    await expect(status(page)).toContainText("PostEx's report: ");
    await expect(
      page.getByRole('article', { name: 'Today' }).getByTestId('cod-collected'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/desk/#/orders/${number}`);
    await expect(page.getByText('COD: paid')).toBeVisible();
  });
});
