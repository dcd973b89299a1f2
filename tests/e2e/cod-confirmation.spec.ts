// A COD order confirmed before it ships, on a phone (390 × 844, by touch): the owner holds COD
// orders above an amount for confirmation on Settings (hours out of bounds refused in words); a Lahore shopper's order above it waits as "Awaiting
// confirmation" on the desk, which offers no Move to Packing; the message is in the local WhatsApp
// stand-in's test inbox; the shopper opens its Confirm link and confirms; the desk then shows the
// order ready to pack. The threshold is set far above any other journey's order (they share the
// server) and set back to off as soon as this order is placed.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { lahoreAddressOf, signUp, uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs, type Member } from './support/desk.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { COD_CONFIRM_MESSAGES } from '../../src/lib/orders/cod-confirmation.ts';
import { SETTINGS_MESSAGES } from '../../src/lib/contract/settings.ts';

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

test('a Lahore shopper confirms a COD order above the threshold from the WhatsApp message, and the desk can then pack it', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('cod-owner'), 'owner', 'Sana');
  const staff = await enrolledMember(request, uniqueEmail('cod-staff'), 'staff', 'Kiran');
  const shopper = await signUp(request, { tag: 'cod-confirm' });
  const list = (await (await request.get('/api/product/list')).json()) as {
    products: { _id: string; colors: string[]; stock: boolean; price: number }[];
  };
  const product = list.products.find((p) => p.stock)!;

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
    orderId = ((await placed.json()) as { orderId: string }).orderId;
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
