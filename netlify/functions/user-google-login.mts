import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { googleLogin } from '../../src/server/services/users.ts';
import { googleLoginBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/user/google-login — signs in with a Google ID token verified against Google's keys. */
export default handle(
  async (req, context) => {
    const { token } = await readPost(req, googleLoginBodySchema);
    return json(await googleLogin(await getDeps(), token, context?.waitUntil?.bind(context)));
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/google-login' };
