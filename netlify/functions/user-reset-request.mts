import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json, type RequestContext } from '../../src/server/http.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { requestPasswordReset } from '../../src/server/services/users.ts';
import { resetRequestBodySchema } from '../../src/lib/validation.ts';

/** POST /api/user/reset-password-request — e-mails a one-time code (same answer for unknown e-mails). */
export default handle(
  async (req, context?: RequestContext) => {
    const { email } = await readPost(req, resetRequestBodySchema);
    return json(await requestPasswordReset(await getDeps(), email, clientAddress(req, context?.ip)));
  },
  { withMsg: true },
);

export const config = { path: '/api/user/reset-password-request' };
