import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { subscribe } from '../../src/server/services/newsletter.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { newsletterBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/newsletter — records a sign-up and mails a confirmation link (double opt-in). */
export default handle(async (req, context) => {
  const { email } = await readPost(req, newsletterBodySchema);
  const ip = clientAddress(req, context?.ip);
  return json(await subscribe(await getDeps(), email, ip, context?.waitUntil?.bind(context)));
});

export const config: Config = { path: '/api/newsletter' };
