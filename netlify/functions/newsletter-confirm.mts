import type { Config } from '@netlify/functions';
import { getDeps } from '../../src/server/api.ts';
import { handle } from '../../src/server/http.ts';
import { newsletterConfirmation, readConfirmation } from '../../src/server/services/newsletter.ts';
import { pageResponse } from '../../src/server/site-headers.ts';

/**
 * GET /api/newsletter/confirm?token=… — the link in the opt-in mail: a page with a Confirm button
 * (a GET never confirms); POST (that button's form, urlencoded) confirms. Both answer a page.
 */
export default handle(async (req) => {
  const { status, html } = await newsletterConfirmation(
    await getDeps(),
    await readConfirmation(req),
  );
  return pageResponse(html, status);
});

export const config: Config = { path: '/api/newsletter/confirm' };
