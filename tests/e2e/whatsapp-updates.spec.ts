// WhatsApp shipping updates on a phone (390 × 844, by touch): at checkout a Lahore shopper with a
// Pakistani mobile is offered an unticked "Send shipping updates to my WhatsApp" (not offered for
// a foreign number), ticks it and places the order; staff see the opt-in on the desk's order and
// ship it, and the local WhatsApp stand-in's test inbox holds the update with the order's number
// and the shipping words.
import { budget, expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { hydrated } from './support/islands.ts';
import { MARGALLA, TOUCH_PHONE } from './support/catalogue.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';
import { signUp, uniqueEmail } from './support/shopper.ts';
import { addToCart, fillShipping, signInBeforeLoad } from './support/ui.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { DESK_ANSWERS } from '../../src/lib/desk-messages.ts';

test.use(TOUCH_PHONE);

const BOX = 'Send shipping updates to my WhatsApp';

test('a shopper who ticks "Send shipping updates to my WhatsApp" at checkout gets the desk’s Out for Delivery in WhatsApp', async ({
  page,
  request,
}) => {
  // The checkout, the desk's two moves and the test inbox: about a minute on a busy machine.
  test.setTimeout(budget(120_000));
  const staff = await enrolledMember(request, uniqueEmail('wa-staff'), 'staff', 'Kiran');
  const shopper = await signUp(request, { tag: 'wa-updates', name: 'Sana Tariq' });
  await signInBeforeLoad(page, shopper);
  await addToCart(page, MARGALLA.path);
  await page.goto('/Checkout');
  await hydrated(page, 'Checkout');
  await fillShipping(page); // Lahore, +92 300 1234567
  const box = page.getByRole('checkbox', { name: BOX });
  await expect(box).not.toBeChecked();
  // A number WhatsApp is not sent to: no box.
  await page.getByLabel('Mobile number').fill('+44 7700 900123');
  await expect(box).toHaveCount(0);
  await page.getByLabel('Mobile number').fill('+92 300 1234567');
  await box.tap();
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page);
  const placed = page.waitForResponse('**/api/order/COD');
  await page.getByRole('button', { name: 'Place Order' }).tap();
  const { orderId } = (await (await placed).json()) as { orderId: string };
  const number = shortNumber(orderId);
  await expect(page.getByRole('dialog', { name: 'Thank you for your order' })).toBeVisible();

  // Staff ship it on the desk.
  await openDeskAs(page, staff, `#/orders/${number}`);
  // The packer sees that the shopper hears by WhatsApp too, without the number (customers' data).
  await expect(
    page.getByText(
      /^Shipping updates go to the shopper’s WhatsApp too \(Out for Delivery and Delivered\): asked at checkout on \d{4}-\d\d-\d\d \d\d:\d\d \(Karachi\)\.$/,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Move to Packing' }).tap();
  await expect(page.getByTestId('order-status')).toHaveText('Packing');
  await page.getByRole('button', { name: 'Move to Out for Delivery' }).tap();
  await page.getByLabel('Courier (optional)').fill('TCS');
  await page.getByLabel('Tracking number (optional)').fill('TCS-5520-1187');
  await page.getByRole('button', { name: 'Move to Out for Delivery' }).tap();
  await expect(page.getByRole('status').first()).toHaveText(
    DESK_ANSWERS.moved(number, 'Out for Delivery'),
  );

  // The test WhatsApp's inbox: one update for this order (sent after the move's answer).
  const inbox = `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`;
  const updates = async () => {
    const res = await request.get(`${inbox}/__stand-in/inbox?to=923001234567`);
    const { messages } = (await res.json()) as {
      messages: { template: string; parameters: string[] }[];
    };
    return messages.filter((m) => m.parameters[1] === `#${number}`);
  };
  await expect.poll(async () => (await updates()).length).toBe(1);
  const [update] = await updates();
  expect(update!.template).toBe('order_shipping_update');
  expect(update!.parameters.slice(0, 3)).toEqual(['Sana', `#${number}`, 'is out for delivery']);
  expect(update!.parameters[3]).toContain(`/yourOrders/order?n=${number}&k=`);
  await page.goto(`${inbox}/?to=923001234567`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test WhatsApp (TEST)');
  const message = page.getByRole('article').filter({ hasText: `#${number}` });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('is out for delivery');
});
