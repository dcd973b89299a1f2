import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json, type RequestContext } from '../../src/server/http.ts';
import { googleLogin } from '../../src/server/services/users.ts';
import { googleLoginBodySchema } from '../../src/lib/validation.ts';

/** POST /api/user/google-login — signs in with a Google ID token verified against Google's keys. */
export default handle(
  async (req, context?: RequestContext) => {
    const { token } = await readPost(req, googleLoginBodySchema);
    return json(await googleLogin(await getDeps(), token, context?.waitUntil?.bind(context)));
  },
  { withMsg: true },
);

export const config = { path: '/api/user/google-login' };
