import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { login } from '../../src/server/services/users.ts';
import { loginBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/user/login — signs in by e-mail and password (throttled). */
export default handle(
  async (req, context) => {
    const body = await readPost(req, loginBodySchema);
    return json(await login(await getDeps(), body, clientAddress(req, context?.ip)));
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/login' };
