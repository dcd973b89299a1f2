// An order taken by phone or WhatsApp, on a phone (390 × 844, by touch): a member the owner allowed
// customers' personal data opens New order from the order list, picks a product and colour from
// the catalogue, gives the customer's address, sees the total with the delivery fee, and saves
// with the Save that stays above the bottom bar. The shopper gets the same order-placed mail a web
// order gets. A member without that grant is not offered New order.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { placeOrder, signUp, uniqueEmail } from './support/shopper.ts';
import {
  allowGrant,
  deskNav,
  enrolledMember,
  mailWithSubject,
  openDeskAs,
} from './support/desk.ts';
import { shortNumber } from '../../src/lib/desk.ts';
import { PHONE_ORDER_ANSWERS } from '../../src/lib/orders/phone-orders.ts';
import { CHECKOUT_MESSAGES } from '../../src/lib/messages.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

/** Whether `target` is wholly in view above the bottom bar, and a tap at its centre lands on it. */
async function inReachAboveBar(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const bar = (await deskNav(page).boundingBox())!;
  const takesTap = await target.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  return { inView: box.y >= 0, aboveBar: box.y + box.height <= bar.y, takesTap };
}

test('staff take a WhatsApp order for a customer on a phone, and the shopper gets the same order-placed mail a web order gets', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('phone-order-owner'), 'owner', 'Sana');
  const member = await enrolledMember(request, uniqueEmail('phone-order'), 'staff', 'Kiran');
  await allowGrant(request, owner, member, 'personalData');
  const shopper = await signUp(request, { tag: 'phone-order-shopper' });

  // The web order the shopper placed themselves: one of the first product in stock, first colour.
  const webNumber = shortNumber(await placeOrder(request, shopper));
  const webMail = await mailWithSubject(shopper.email, `Your Bastaa order #${webNumber} is placed`);
  const list = (await (await request.get('/api/product/list')).json()) as {
    products: { _id: string; productName: string; colors: string[]; stock: boolean }[];
  };
  const product = list.products.find((p) => p.stock)!;
  const colour = product.colors[0]!;

  await openDeskAs(page, member, '#/orders');
  await page.getByRole('link', { name: 'New order' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New order');

  await page.getByLabel('How the order came').selectOption('whatsapp');
  await page.getByLabel('Existing customer (e-mail or phone)').fill(shopper.email);
  await page.getByLabel('Find a product by name').fill(product.productName.slice(0, 8));
  await page
    .getByRole('list', { name: 'Products found' })
    .getByRole('listitem')
    .filter({ hasText: product.productName })
    .getByRole('button', { name: `Add ${colour}` })
    .tap();
  await expect(page.getByRole('list', { name: 'In this order' })).toContainText(
    `${product.productName} in ${colour}`,
  );

  // Save before the address: the checkout's own messages, beside their fields.
  const save = page.getByRole('button', { name: 'Save order' });
  // Nothing is wider than the phone: a wider row would zoom the whole page out.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await save.tap();
  await expect(page.getByText(`First Name: ${CHECKOUT_MESSAGES.firstName}`)).toBeVisible();
  await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();

  // Find fills in the address of the customer's last order (their web order's).
  await page.getByRole('button', { name: 'Find', exact: true }).tap();
  await expect(page.getByRole('status').first()).toHaveText(
    PHONE_ORDER_ANSWERS.found(shopper.name, 1),
  );
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Hira');
  await expect(page.getByLabel('Address 1', { exact: true })).toHaveValue('7 Jail Road');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Punjab');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
  await expect(page.getByText(`First Name: ${CHECKOUT_MESSAGES.firstName}`)).toHaveCount(0);
  // A field typed over: the checkout's rule, then the fix.
  const mobile = page.getByLabel('Mobile number', { exact: true });
  await mobile.fill('12');
  await expect(page.getByText(`Mobile number: ${CHECKOUT_MESSAGES.mobileInvalid}`)).toBeVisible();
  await mobile.fill('+92 300 7654321');
  await page.getByLabel('Payment', { exact: true }).selectOption('COD');

  // The total with the delivery fee by the shop's rule (₨250 in Pakistan), before saving.
  const totals = page.locator('.desk-totals');
  await expect(totals).toContainText('Delivery₨250');
  await expect(totals).toContainText('Total');
  await expectNoAxeViolations(page);

  // Save stays above the bottom bar wherever the form is scrolled, and takes the tap.
  for (const at of [0, 0.5, 1]) {
    await page.evaluate((fraction) => {
      const form = document.querySelector('form')!;
      scrollTo(0, (form.scrollHeight - innerHeight) * fraction);
    }, at);
    expect({ at, ...(await inReachAboveBar(page, save)) }).toEqual({
      at,
      inView: true,
      aboveBar: true,
      takesTap: true,
    });
  }
  // A field reached by keyboard is scrolled clear of the bar and of the sticky Save.
  await page.evaluate(() => scrollTo(0, 0));
  const zip = page.getByLabel('Zip code', { exact: true });
  await zip.focus();
  const zipBox = (await zip.boundingBox())!;
  const covers = Math.min((await save.boundingBox())!.y, (await deskNav(page).boundingBox())!.y);
  expect(zipBox.y + zipBox.height).toBeLessThanOrEqual(covers);
  await save.tap();

  await expect(page).toHaveURL(/#\/orders\/[0-9A-F]{8}$/);
  const number = /#\/orders\/([0-9A-F]{8})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`);
  await expect(page.getByRole('status').first()).toHaveText(
    PHONE_ORDER_ANSWERS.placed(number, shopper.name, 'whatsapp'),
  );
  await expect(page.getByText('Taken on WhatsApp')).toBeVisible();
  await expectNoAxeViolations(page);

  // The same mail, word for word, but for the order's number.
  const phoneMail = await mailWithSubject(shopper.email, `Your Bastaa order #${number} is placed`);
  // Word for word but for the number and the link's key (which names the order's id).
  const same = (mail: string, n: string) => mail.replaceAll(n, 'N').replace(/&k=[\w.-]+/, '&k=KEY');
  expect(same(phoneMail, number)).toBe(same(webMail, webNumber));
});

test("a member without customers' personal data is not offered New order", async ({
  page,
  request,
}) => {
  const packer = await enrolledMember(request, uniqueEmail('phone-order-packer'), 'staff', 'Ali');
  await openDeskAs(page, packer, '#/orders');
  await expect(page.getByRole('button', { name: 'To pack, oldest first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
});
