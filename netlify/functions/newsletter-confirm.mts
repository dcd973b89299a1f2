import { NEWSLETTER_MESSAGES } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps } from '../../src/server/api.ts';
import { handle, requireMethod } from '../../src/server/http.ts';
import { confirmSubscription } from '../../src/server/services/newsletter.ts';
import { pageHeaders } from '../../src/server/site-headers.ts';

/** GET /api/newsletter/confirm?token=… — the link in the opt-in mail; answers a small page. */
export default handle(async (req) => {
  requireMethod(req, 'GET');
  const ok = await confirmSubscription(
    await getDeps(),
    new URL(req.url).searchParams.get('token') ?? '',
  );
  const message = ok ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.badLink;
  const page = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bastaa newsletter</title><h1>${message}</h1><p><a href="/">Back to the shop</a></p></html>`;
  return new Response(page, {
    status: ok ? 200 : 400,
    headers: {
      ...pageHeaders(page),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
});

export const config: Config = { path: '/api/newsletter/confirm' };
