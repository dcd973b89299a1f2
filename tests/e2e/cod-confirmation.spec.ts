// A COD order's whole day on a phone (390 × 844, by touch), with no status tapped by hand after
// Packing. First, confirmation before it ships: the owner holds COD orders above an amount on
// Settings (hours out of bounds refused in words); a Lahore shopper's order above it waits as
// "Awaiting confirmation" on the desk, which offers no Move to Packing; the message is in the local
// WhatsApp stand-in's test inbox; the shopper opens its Confirm link and confirms; the desk then
// shows the order ready to pack. Then the rest of the day in one journey: confirmed from the
// WhatsApp link, packed, booked with the courier in one tap (the local PostEx stand-in, a TEST
// courier), its airway bill saved as a PDF with the tracking number, picked up and delivered by the
// courier's tracking, and its cash reconciled from the courier's payment report, so the books show
// it collected. The threshold is set far above any other journey's order (they share the server),
// only while this file's orders are placed; the file's journeys run one after another.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { budget, expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { lahoreAddressOf, signUp, uniqueEmail, type Shopper } from './support/shopper.ts';
import {
  enrolledMember,
  mailsTo,
  openDeskAs,
  packAndBookWithPostex,
  type Member,
} from './support/desk.ts';
import { hydrated } from './support/islands.ts';
import { signInBeforeLoad } from './support/ui.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { COD_CONFIRM_MESSAGES } from '../../src/lib/orders/cod-confirmation.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';
import { COURIER_MESSAGES } from '../../src/lib/contract/desk-couriers.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

const QUANTITY = 40;

/** The owner's COD confirmation setting, saved through the desk's API. */
async function holdCodOrders(request: APIRequestContext, owner: Member, value: unknown) {
  const saved = await request.post('/api/desk/settings/save', {
    headers: { token: owner.token },
    data: { codConfirmation: value },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A COD order of QUANTITY of `product` for `shopper` in Lahore, placed through the API: its id. */
async function placeBigCodOrder(
  request: APIRequestContext,
  shopper: Shopper,
  product: { _id: string; colors: string[] },
): Promise<string> {
  const placed = await request.post('/api/order/COD', {
    headers: { token: shopper.token },
    data: {
      items: [
        {
          productId: product._id,
          selectedColor: product.colors[0],
          imageIndex: 0,
          quantity: QUANTITY,
        },
      ],
      address: lahoreAddressOf(shopper),
      currency: 'PKR',
      paymentMethod: 'COD',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

test('a Lahore shopper confirms a COD order above the threshold from the WhatsApp message, and the desk can then pack it', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('cod-owner'), 'owner', 'Sana');
  const staff = await enrolledMember(request, uniqueEmail('cod-staff'), 'staff', 'Kiran');
  const shopper = await signUp(request, { tag: 'cod-confirm' });
  const product = await productInStock(request);

  // The owner holds COD orders above 30 of the product on Settings: this order of 40 waits, any
  // other journey's order does not. Hours out of bounds are refused in words first.
  await openDeskAs(page, owner, '#/settings');
  await page.getByLabel('Which COD orders wait for confirmation').selectOption('above');
  await page.getByLabel('Above (PKR)').fill(String(product.price * 30));
  const hours = page.getByLabel('Hours before an unconfirmed order is cancelled');
  await hours.fill('200');
  await page.getByRole('button', { name: 'Save changes' }).tap();
  await expect(page.getByText(SETTINGS_MESSAGES.codHours).first()).toBeVisible();
  await hours.fill('48');
  let orderId: string;
  try {
    await page.getByRole('button', { name: 'Save changes' }).tap();
    await expect(
      page.getByText(SETTINGS_MESSAGES.saved(['codConfirmation'])).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    orderId = await placeBigCodOrder(request, shopper, product);
  } finally {
    await holdCodOrders(request, owner, { rule: 'off', hours: 48 });
  }
  const number = shortNumber(orderId);

  // The desk: awaiting confirmation, no Move to Packing.
  await openDeskAs(page, staff, `#/orders/${number}`);
  await expect(page.getByTestId('cod-wait')).toContainText(COD_CONFIRM_MESSAGES.awaiting);
  await expect(page.getByTestId('cod-wait')).toContainText('sent by WhatsApp');
  await expect(page.getByRole('button', { name: 'Move to Packing' })).toHaveCount(0);

  // The test WhatsApp's inbox holds the message, with its Confirm link.
  await page.goto(`http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}/?to=923007654321`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test WhatsApp (TEST)');
  const message = page.getByRole('article').filter({ hasText: `#${number}` });
  await expect(message).toHaveCount(1);
  const confirm = message.getByRole('link').filter({ hasNotText: 'a=cancel' });
  await confirm.tap();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Confirm your order #${number}`);
  await expect(page.getByText(`× ${QUANTITY}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm order' }).tap();
  await expect(page.getByTestId('cod-confirm-message')).toHaveText(COD_CONFIRM_MESSAGES.confirmed);
  await expect(page.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The desk: no longer awaiting, ready to pack.
  await openDeskAs(page, staff, `#/orders/${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Order Placed');
  await expect(page.getByRole('button', { name: 'Move to Packing' })).toBeVisible();
  await expect(page.getByTestId('cod-wait')).toHaveCount(0);
});

/** A product in stock, as the shop lists it. */
async function productInStock(request: APIRequestContext) {
  const list = (await (await request.get('/api/product/list')).json()) as {
    products: { _id: string; colors: string[]; stock: boolean; price: number }[];
  };
  return list.products.find((p) => p.stock)!;
}

/** Opens the shopper's test WhatsApp, taps the Confirm link of order `number`'s message, confirms. */
async function confirmFromWhatsapp(page: Page, number: string) {
  await page.goto(`http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}/?to=923007654321`);
  const message = page.getByRole('article').filter({ hasText: `#${number}` });
  await expect(message).toHaveCount(1);
  await message.getByRole('link').filter({ hasNotText: 'a=cancel' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Confirm your order #${number}`);
  await page.getByRole('button', { name: 'Confirm order' }).tap();
  await expect(page.getByTestId('cod-confirm-message')).toHaveText(COD_CONFIRM_MESSAGES.confirmed);
}

test('a COD order is confirmed from the WhatsApp link, booked in one tap, its label saved, delivered by the courier’s tracking and its cash reconciled, with no status tapped after Packing', async ({
  page,
  request,
}) => {
  // Confirmation, the desk, the courier's moves and the payment report: two minutes on a busy machine.
  test.setTimeout(budget(180_000));
  const owner = await enrolledMember(request, uniqueEmail('day-owner'), 'owner', 'Sana Owner');
  const shopper = await signUp(request, { tag: 'cod-day' });
  const product = await productInStock(request);
  let orderId: string;
  await holdCodOrders(request, owner, { rule: 'above', abovePkr: product.price * 30, hours: 48 });
  try {
    orderId = await placeBigCodOrder(request, shopper, product);
  } finally {
    await holdCodOrders(request, owner, { rule: 'off', hours: 48 });
  }
  const number = shortNumber(orderId);
  const standIn = `http://127.0.0.1:${process.env.E2E_POSTEX_PORT}/__stand-in`;
  const courier = async (action: 'move' | 'remit', data: Record<string, string>) =>
    expect((await request.post(`${standIn}/${action}`, { data })).status()).toBe(200);

  // The shopper confirms from the WhatsApp message.
  await confirmFromWhatsapp(page, number);

  // The owner packs it and books the courier in one tap.
  await openDeskAs(page, owner, `#/orders/${number}`);
  await expect(page.getByTestId('order-status')).toHaveText('Order Placed');
  const trackingNumber = await packAndBookWithPostex(page);
  await expect(page.getByRole('status').first()).toHaveText(
    COURIER_MESSAGES.booked('PostEx', trackingNumber),
  );

  // The label: a PDF with the tracking number.
  await page.getByRole('button', { name: 'Get the airway bill (PDF)' }).tap();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Save airway-bill-${trackingNumber}.pdf` }).tap();
  const pdf = readFileSync(await (await download).path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(trackingNumber);
  await expect(page.getByTestId('parcel-state')).toHaveText(
    'Not tracked yet: the shop asks the courier every 15 minutes.',
  );

  // The rider picks the parcel up: the courier's tracking moves the order, no status tapped.
  await courier('move', { trackingNumber, state: 'picked_up' });
  await page.getByRole('button', { name: 'Check tracking now' }).tap();
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

  // Delivered, by the courier's tracking: the cash is with the courier.
  await courier('move', { trackingNumber, state: 'out_for_delivery' });
  await courier('move', { trackingNumber, state: 'delivered' });
  await page.getByRole('button', { name: 'Check tracking now' }).tap();
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await expect(page.getByText('COD: unpaid')).toBeVisible();
  await expectNoAxeViolations(page);

  // Weeks later the courier pays the cash; the owner imports its payment report.
  await courier('remit', { trackingNumber });
  await page.goto('/desk/#/business');
  await page.getByRole('button', { name: 'Import the courier’s payments' }).tap();
  await expect(page.getByRole('status').first()).toContainText("PostEx's report: ");
  await expect(
    page.getByRole('article', { name: 'Today' }).getByTestId('cod-collected'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/desk/#/orders/${number}`);
  await expect(page.getByText('COD: paid')).toBeVisible();
});
