// Issue 25's notification rules on a Pixel 7 at 4× CPU: one quiet message just below the header, a
// newer message replacing the older instead of stacking, and a message a drawer says inside itself
// neither floating over the drawer nor repeated after it.
import { FAVOURITE_MESSAGES } from '../../src/lib/messages.ts';
import { PHONE, throttleLikeMobile } from '../fixtures/mobile-profile.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { afterFrames, hydrated } from './support/islands.ts';
import { expect, test } from './support/test.ts';
import { drawer, fillLogin, openAccount, toast } from './support/ui.ts';

test.use({ ...PHONE });

test('a message sits just below the header, inside the screen, and a newer one replaces it', async ({
  page,
}) => {
  await page.goto('/Collections');
  await hydrated(page, 'ProductListing');
  await throttleLikeMobile(page);
  const hearts = page.locator('.card .fav');
  await hearts.nth(0).click();
  const added = toast(page, FAVOURITE_MESSAGES.added);
  await expect(added).toBeVisible();
  const header = (await page.locator('.site-header').boundingBox())!;
  const box = (await added.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoAxeViolations(page);

  await hearts.nth(1).click();
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expect(added).toBeVisible();
});

test("a failed login is said in the drawer only: nothing covers the drawer's title or close button, and nothing repeats it after", async ({
  page,
}) => {
  await page.goto('/');
  await throttleLikeMobile(page);
  await openAccount(page);
  await fillLogin(page, 'nobody-here@example.com', 'wrong password 1');
  const alert = drawer(page).getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password.');
  await expect(page.getByTestId('toast')).toBeHidden();
  const close = drawer(page).getByRole('button', { name: 'Close' }).first();
  const at = (await close.boundingBox())!;
  // What a finger on the close button touches is the close button.
  expect(
    await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
      [at.x + at.width / 2, at.y + at.height / 2],
    ),
  ).toBe('Close');
  await expectNoAxeViolations(page);

  await page.waitForTimeout(1200); // read in the drawer for longer than a glance
  await close.click();
  await expect(drawer(page)).toBeHidden();
  // A message the drawer's closing would repeat is drawn within the frames after it closes.
  await afterFrames(page, 4);
  await expect(toast(page, 'Invalid email or password.')).toHaveCount(0);
});
