import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { emptyBodySchema } from '../../src/lib/contract/requests.ts';
import type { CartAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { getCart } from '../../src/server/services/carts.ts';

/** POST /api/cart/get — the caller's cart as the nested map. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  await readPost(req, emptyBodySchema); // nothing is read from it, but it is still size-limited and checked
  return json({
    success: true,
    cartData: await getCart(deps.store, user.id),
  } satisfies CartAnswer);
});

export const config: Config = { path: '/api/cart/get' };
