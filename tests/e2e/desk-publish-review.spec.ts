// Publish is not blind, on a phone (390 × 844, by touch): a member the owner allowed to publish
// types a price ten times too small (₨1,300 → ₨130); Publish first shows what it would change,
// that price line first with the member's name, and publishes only on "Publish these changes".
// The owner's audit log says the edit as the field that changed. The journey does not publish
// (a publish rebuilds the pages the other journeys read): it answers "Not now" and puts the product
// back (the CLI's draft import, as publish.spec.ts drafts), so the draft is again the published
// catalogue.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Product } from '../../src/lib/product.ts';
import type { Member } from './support/desk.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { allowGrant, cliImportToDraft, enrolledMember, openDeskAs } from './support/desk.ts';
import { uniqueEmail } from './support/shopper.ts';
import { expect, test } from './support/test.ts';

test.use(TOUCH_PHONE);
// Enrolment hashes a password at full strength (seconds here).
test.describe.configure({ timeout: 120_000 });

/** A product of the demo catalogue at ₨1,300 that no other journey reads. */
const BAG = 'hyderi-woven-tote';

/** A small real photo, 800 × 800 px, as a phone would hand it over. */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 800, height: 800, channels: 3, background } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * Sets the product's price in the desk's editor as `who` and saves it. The demo's photos are not in
 * the journeys' photo store, which a save checks: each colour gets a new photo of its own.
 */
async function savePrice(page: Page, who: Member, price: string) {
  await openDeskAs(page, who, `#/products/${BAG}`);
  await expect(page.getByRole('textbox', { name: 'Price (PKR)' })).toHaveValue('1300');
  for (const [n, paint] of [
    [1, '#d8c8a8'],
    [2, '#d8a830'],
  ] as const) {
    const first = page.getByRole('button', { name: `Remove colour ${n} photo 1` });
    while ((await first.count()) > 0) await first.tap();
    await page
      .getByLabel(`Choose photos for colour ${n}`)
      .setInputFiles(await photo(`colour-${n}.jpg`, paint));
    await expect(page.getByRole('img', { name: `Colour ${n}, shot 1` })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Price (PKR)' }).fill(price);
  await page.getByRole('button', { name: 'Save', exact: true }).tap();
  await expect(page.getByRole('status').first()).toHaveText(
    'Hyderi Woven Tote saved. Not live until the owner publishes.',
  );
}

/** Puts the demo's product back in the draft with the CLI (`catalogue import --draft`). */
function restoreDraft(): void {
  const catalogue = JSON.parse(readFileSync('data/catalogue.json', 'utf8')) as Product[];
  cliImportToDraft(catalogue.filter((p) => p._id === BAG));
}

test("a member's price typed ten times too small shows first in Publish's review with their name, and in the owner's audit log", async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('review-owner'), 'owner', 'Shop Owner');
  const packer = await enrolledMember(
    request,
    uniqueEmail('review-packer'),
    'staff',
    'Bilal Packer',
  );
  await allowGrant(request, owner, packer, 'publish');

  await savePrice(page, packer, '130');
  await openDeskAs(page, packer, '#/products');
  const bar = page.getByRole('region', { name: 'Publish' });
  await bar.getByRole('button', { name: 'Publish', exact: true }).tap();
  const review = bar.getByRole('region', { name: 'What Publish changes' });
  await expect(review.getByRole('heading', { name: 'What Publish changes' })).toBeFocused();
  const item = review.getByRole('listitem').filter({ hasText: 'Hyderi Woven Tote' });
  await expect(item.locator('p').first()).toHaveText('Price: ₨1,300 → ₨130');
  await expect(item).toContainText('changed by Bilal Packer');
  await expect(review.getByRole('button', { name: 'Publish these changes' })).toBeVisible();
  await expectNoAxeViolations(page);
  await review.getByRole('button', { name: 'Not now' }).tap();
  await expect(review).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Publish', exact: true })).toBeFocused();

  // Another member in the same tab: a new document, not a hash change in the packer's desk.
  await openDeskAs(page, owner, '#/audit');
  await page.reload();
  const entry = page
    .locator('.desk-audit > li')
    .filter({ hasText: 'Edited a product' })
    .filter({ hasText: 'Bilal Packer' })
    .first();
  await entry.getByText('Before and after').tap();
  await expect(entry.getByText('Price: ₨1,300 → ₨130')).toBeVisible();
  await expect(entry.locator('pre')).toHaveCount(0);
  await expectNoAxeViolations(page);

  restoreDraft();
  await openDeskAs(page, packer, '#/products');
  await page.reload();
  await bar.getByRole('button', { name: 'Publish', exact: true }).tap();
  await expect(review.getByRole('listitem').filter({ hasText: 'Hyderi Woven Tote' })).toHaveCount(
    0,
  );
});
