import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { resetPassword } from '../../src/server/services/users.ts';
import { resetVerifyBodySchema } from '../../src/lib/validation.ts';

/** POST /api/user/verify-otp-reset-password — sets a new password with a valid code; old sessions end. */
export default handle(
  async (req) => {
    const body = await readPost(req, resetVerifyBodySchema);
    return json(await resetPassword(await getDeps(), body));
  },
  { withMsg: true },
);

export const config = { path: '/api/user/verify-otp-reset-password' };
