import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { googleLogin } from '../../src/server/services/users.ts';
import { googleLoginBodySchema } from '../../src/lib/validation.ts';

/** POST /api/user/google-login — signs in with a Google ID token verified against Google's keys. */
export default handle(
  async (req) => {
    const { token } = await readPost(req, googleLoginBodySchema);
    return json(await googleLogin(await getDeps(), token));
  },
  { withMsg: true },
);

export const config = { path: '/api/user/google-login' };
