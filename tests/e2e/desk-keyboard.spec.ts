// The desk by keyboard: its skip link reaches the screen's content and leaves the screen where it
// is (the desk routes by the address's fragment, which a plain #desk-content link would replace).
import { expect, test } from './support/test.ts';
import { uniqueEmail } from './support/shopper.ts';
import { enrolledMember, openDeskAs } from './support/desk.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('Skip to content, pressed with the keyboard, moves focus to the screen heading and keeps the screen and its address', async ({
  page,
  request,
}) => {
  const member = await enrolledMember(request, uniqueEmail('skip'), 'staff', 'Skip Keeper');
  await openDeskAs(page, member, '#/returns');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Returns');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // The header's first link: it shows once it has focus.
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText('Returns');
  expect(new URL(page.url()).hash).toBe('#/returns');
});
