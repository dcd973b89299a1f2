import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { requestPasswordReset } from '../../src/server/services/password-reset.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { resetRequestBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/user/reset-password-request — e-mails a one-time code after answering (same answer for unknown e-mails). */
export default handle(
  async (req, context) => {
    const { email } = await readPost(req, resetRequestBodySchema);
    const ip = clientAddress(req, context?.ip);
    return json(
      await requestPasswordReset(await getDeps(), email, ip, context?.waitUntil?.bind(context)),
    );
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/reset-password-request' };
