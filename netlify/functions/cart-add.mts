import { CART_ANSWERS } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import type { CartChangeAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { addCartItem } from '../../src/server/services/carts.ts';
import { cartLineBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/cart/add — adds a quantity to a line of the caller's cart (capped at 100). */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const line = await readPost(req, cartLineBodySchema);
  const cartData = await addCartItem(deps.store, user.id, line);
  return json({ success: true, message: CART_ANSWERS.added, cartData } satisfies CartChangeAnswer);
});

export const config: Config = { path: '/api/cart/add' };
