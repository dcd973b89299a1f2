import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { emptyBodySchema } from '../../src/lib/contract/requests.ts';
import { handle, json } from '../../src/server/http.ts';
import { endSessions } from '../../src/server/services/sessions.ts';

/** POST /api/user/logout — ends the caller's sessions on the server (the token stops working). */
export default handle(
  async (req) => {
    const deps = await getDeps();
    const user = await signedIn(req, deps);
    await readPost(req, emptyBodySchema);
    return json(await endSessions(deps.store, user.id));
  },
  { withMsg: true },
);

export const config: Config = { path: '/api/user/logout' };
