import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { resetPassword } from '../../src/server/services/password-reset.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { resetVerifyBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/user/verify-otp-reset-password — sets a new password with a valid code; old sessions end (throttled). */
export default handle(
  async (req, context) => {
    const body = await readPost(req, resetVerifyBodySchema);
    const ip = clientAddress(req, context?.ip);
    return json(await resetPassword(await getDeps(), body, ip, context?.waitUntil?.bind(context)));
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/verify-otp-reset-password' };
