import type { Config } from '@netlify/functions';
import { getDeps, readPost } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { register } from '../../src/server/services/users.ts';
import { registerBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/user/register — creates an account and signs it in. */
export default handle(
  async (req, context) => {
    const body = await readPost(req, registerBodySchema);
    return json(await register(await getDeps(), body, clientAddress(req, context?.ip)));
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/register' };
