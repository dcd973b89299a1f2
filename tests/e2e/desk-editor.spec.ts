// The desk's product editor on a phone: staff add a product with three colours and a
// photo per colour (camera and gallery inputs, small real JPEGs made here), see an empty form's
// problems beside its fields, reorder photos with Move up, save, find the product in the list,
// edit its price and save again. The product is a draft (shoppers see it after Publish); the
// journey archives it at the end so the shop's live list is as the other journeys expect.
import sharp from 'sharp';
import { PHONE } from '../fixtures/mobile-profile.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';
import { uniqueEmail } from './support/shopper.ts';
import { expect, test } from './support/test.ts';

test.use(PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 120_000 });

/** A small real photo of one colour, 800 × 800 px, as a phone would hand it over. */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 800, height: 800, channels: 3, background } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const SPECS: [string, string][] = [
  ['Material', 'Neoprene'],
  ['Compatibility', 'Up to 13.3 inch laptops'],
  ['Texture', 'Soft'],
  ['Closure', 'Zip'],
  ['Compartments', 'One'],
  ['Zips', 'YKK'],
  ['Strap', 'None'],
  ['Length', '34 cm'],
  ['Width', '2 cm'],
  ['Height', '25 cm'],
  ['Weight', '0.2 kg'],
];

test('staff add a product with three colours and a photo each from a phone, then edit its price', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('editor'), 'staff', 'Range Keeper');
  const name = `Journey Sleeve ${Date.now().toString(36)}`;
  await openDeskAs(page, staff, '#/products');
  await page.getByRole('link', { name: 'Add product' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add product');
  await expect(page.getByText('not live until the owner publishes')).toBeVisible();

  // An empty form is not sent: each problem beside its field, focus on the first.
  await page.getByRole('button', { name: 'Save' }).tap();
  const nameField = page.getByLabel('Name', { exact: true });
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toBeFocused();
  await expect(page.getByText('Name: is empty; every product needs one')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Price (PKR)' })).toHaveAccessibleDescription(
    /Price \(PKR\): is empty; write whole rupees/,
  );

  await nameField.fill(name);
  await expect(nameField).toHaveAttribute('aria-invalid', 'false');
  await page.getByLabel('Maker').fill('Journey Works');
  await page.getByLabel('Category').selectOption('sleeves');
  await page.getByLabel('Price (PKR)').fill('Rs 4,500');
  await page.getByLabel('Discount (%)').fill('10%');
  await page.getByLabel('Description').fill('A slim sleeve made in a journey.');
  for (const [label, value] of SPECS) await page.getByLabel(label, { exact: true }).fill(value);

  // Colour 1 from the camera, colour 2 two photos from the gallery (reordered), colour 3 a new
  // colour with its own swatch.
  await page.getByLabel('Colour 1 name').fill('Black');
  await page
    .getByLabel('Take a photo for colour 1')
    .setInputFiles(await photo('black.jpg', '#111111'));
  await expect(page.getByRole('img', { name: 'Colour 1, shot 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a colour' }).tap();
  await page.getByLabel('Colour 2 name').fill('Tan');
  await page
    .getByLabel('Choose photos for colour 2')
    .setInputFiles([
      await photo('tan-side.jpg', '#c19a6b'),
      await photo('tan-front.jpg', '#a0785a'),
    ]);
  await expect(page.getByRole('img', { name: 'Colour 2, shot 2' })).toBeVisible();
  const second = await page.getByRole('img', { name: 'Colour 2, shot 2' }).getAttribute('src');
  await page.getByRole('button', { name: 'Move up colour 2 photo 2' }).tap();
  await expect(page.getByRole('img', { name: 'Colour 2, shot 1' })).toHaveAttribute('src', second!);
  await page.getByRole('button', { name: 'Add a colour' }).tap();
  await page.getByLabel('Colour 3 name').fill('Mehndi Green');
  await page.getByLabel('Colour 3 swatch').fill('#5b6b2f');
  await page
    .getByLabel('Take a photo for colour 3')
    .setInputFiles(await photo('green.jpg', '#5b6b2f'));
  await expect(page.getByRole('img', { name: 'Colour 3, shot 1' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit product');
  const id = decodeURIComponent(new URL(page.url()).hash.replace('#/products/', ''));
  expect(id).toMatch(/^journey-sleeve-[a-z0-9]+$/);
  await expect(page.getByRole('status').first()).toHaveText(
    `${name} added. Not live until the owner publishes; its page will then be /product/${id}.`,
  );
  await expect(page.getByLabel('Price (PKR)')).toHaveValue('4500');
  await expect(page.getByRole('img', { name: 'Colour 2, shot 1' })).toHaveAttribute('src', second!);

  // In the list with its three colours; Edit opens it; a new price is saved.
  await page.getByRole('link', { name: 'Back to products' }).tap();
  await page.getByLabel('Search: name, maker or id').fill(name);
  await page.getByRole('button', { name: 'Search' }).tap();
  const card = page.locator('.desk-product').filter({ hasText: name });
  await expect(card.getByRole('list', { name: `Colours of ${name}` })).toContainText(
    'Mehndi Green: In stock',
  );
  await card.getByRole('link', { name: `Edit ${name}` }).tap();
  await expect(page.getByLabel('Price (PKR)')).toHaveValue('4500');
  await page.getByLabel('Price (PKR)').fill('5,200');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByRole('status').first()).toHaveText(
    `${name} saved. Not live until the owner publishes.`,
  );
  await expect(page.getByLabel('Price (PKR)')).toHaveValue('5200');

  // Put the shop back as the other journeys expect it: the draft product archived.
  await page.getByRole('link', { name: 'Back to products' }).tap();
  await page.getByLabel('Search: name, maker or id').fill(name);
  await page.getByRole('button', { name: 'Search' }).tap();
  await card.getByRole('button', { name: 'Archive' }).tap();
  await expect(page.locator('.desk-product').filter({ hasText: name })).toHaveCount(0);
});

test('a product opened again shows its own answer, never the form left behind, so a price typed as soon as the field shows is kept', async ({
  page,
  request,
}) => {
  const staff = await enrolledMember(request, uniqueEmail('editor-again'), 'staff', 'Price Keeper');
  await openDeskAs(page, staff, '#/products');
  const heading = page.getByRole('heading', { level: 1 });
  // A product of the demo catalogue on the list's first page (nothing is saved here).
  const name = 'Karakoram Trail Bagpack';
  await page.getByRole('link', { name: `Edit ${name}` }).tap();
  await expect(heading).toHaveText('Edit product');
  const price = page.getByLabel('Price (PKR)');
  const was = await price.inputValue();
  expect(was).toMatch(/^\d+$/);
  await page.getByRole('link', { name: 'Back to products' }).tap();
  await expect(heading).toHaveText('Products');

  // A member already typing when the screen comes: the price is typed in the first frame that
  // shows the field. Drawn from the form left behind (the screen's store subscription starts after
  // its first frame), the field took the typing and the product's answer then overwrote it.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const field = document.querySelector<HTMLInputElement>('input[name="price"]');
      if (!field) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        field.value = '7,750';
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: `Edit ${name}` }).tap();
  await expect(heading).toHaveText('Edit product');
  await expect(price).toHaveValue('7,750');
  await expect(page.getByText('Loading product…')).toBeHidden();
  await expect(price).toHaveValue('7,750');
  await page.getByRole('textbox', { name: 'Maker' }).fill('Kept Maker');
  await expect(price).toHaveValue('7,750');
});
