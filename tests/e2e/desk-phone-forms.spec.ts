// The desk's long forms on a phone (390 × 844), by touch: the product editor's sticky Save stays in
// view above the bottom bar and takes the tap (the element at its centre is the button, not the
// bar over it) wherever the form is scrolled; Settings' Save, scrolled to, stops clear of the bar;
// and a field that gets focus is never left under the bar or the sticky Save. The product editor
// (adding a product and editing one) and Settings.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { TOUCH_PHONE } from './support/catalogue.ts';
import { uniqueEmail } from './support/shopper.ts';
import { deskNav, enrolledMember, openDeskAs } from './support/desk.ts';

test.use(TOUCH_PHONE);
test.describe.configure({ timeout: 120_000 });

/** Whether the element at the centre of `target`'s box is `target` (or inside it): a tap there lands on it. */
async function takesTapAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** Where `target` is: its top and bottom in the viewport, and the bar's top. */
async function placeOf(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const bar = (await deskNav(page).boundingBox())!;
  return { top: box.y, bottom: box.y + box.height, barTop: bar.y };
}

/**
 * Scrolls the page to a fraction of its height and checks `save` there: wholly in the viewport,
 * above the bar, and the tap at its centre lands on it.
 */
async function expectSaveInReach(page: Page, save: Locator, at: number) {
  await page.evaluate((fraction) => {
    const form = document.querySelector('form')!;
    const top = form.getBoundingClientRect().top + scrollY;
    scrollTo(0, top + (form.scrollHeight - innerHeight) * fraction);
  }, at);
  const { top, bottom, barTop } = await placeOf(page, save);
  expect({ at, inView: top >= 0, aboveBar: bottom <= barTop }).toEqual({
    at,
    inView: true,
    aboveBar: true,
  });
  expect(await takesTapAtCentre(save), `Save takes the tap at ${at}`).toBe(true);
}

/** Focuses `field` as a keyboard would reach it, and checks nothing fixed or sticky covers it. */
async function expectFocusedInView(page: Page, field: Locator, save: Locator) {
  await page.evaluate(() => scrollTo(0, 0));
  await field.focus();
  await expect(field).toBeFocused();
  const place = await placeOf(page, field);
  const saveTop = (await save.boundingBox())!.y;
  expect(place.bottom, 'above the bar').toBeLessThanOrEqual(place.barTop);
  expect(place.bottom, 'above the sticky Save').toBeLessThanOrEqual(saveTop);
  expect(await takesTapAtCentre(field)).toBe(true);
}

test('Save stays above the bottom bar and takes the tap in the product editor and Settings, and a focused field is never under them (390 × 844)', async ({
  page,
  request,
}) => {
  const owner = await enrolledMember(request, uniqueEmail('phone-forms'), 'owner', 'Sana Forms');
  const list = await request.get('/api/product/list');
  const [product] = ((await list.json()) as { products: { _id: string }[] }).products;

  for (const hash of ['#/products/new', `#/products/${product!._id}`]) {
    await openDeskAs(page, owner, hash);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeVisible();
    for (const at of [0, 0.5, 1]) await expectSaveInReach(page, save, at);
    for (const label of ['Price (PKR)', 'Zips'])
      await expectFocusedInView(page, page.getByLabel(label, { exact: true }).first(), save);
  }

  // Settings' Save is in the flow (sticky, it would sit over the fields above it): brought into
  // view, as a finger scrolling to it or a Tab to it does, it stops clear of the bar.
  await openDeskAs(page, owner, '#/settings');
  const saveSettings = page.getByRole('button', { name: 'Save changes' });
  await saveSettings.scrollIntoViewIfNeeded();
  const { top, bottom, barTop } = await placeOf(page, saveSettings);
  expect({ inView: top >= 0, aboveBar: bottom <= barTop }).toEqual({
    inView: true,
    aboveBar: true,
  });
  expect(await takesTapAtCentre(saveSettings)).toBe(true);
  for (const label of ['Account title', 'Open'])
    await expectFocusedInView(page, page.getByLabel(label, { exact: true }), saveSettings);

  // The tap lands: Save in the editor saves, rather than opening what the bar has under it.
  await openDeskAs(page, owner, `#/products/${product!._id}`);
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight / 2));
  // What this proves is where the tap lands: on Save, which sends the product, not on the bar's
  // Products under it. (Whether the save is accepted is the editor's own journey: a demo product's
  // photos may still be being made by the build's later photos while this runs.)
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/desk/products/save'));
  await page.getByRole('button', { name: 'Save', exact: true }).tap();
  expect((await sent).method()).toBe('POST');
  await expect(page).toHaveURL(new RegExp(`#/products/${product!._id}$`));
});
