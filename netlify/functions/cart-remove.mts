import { CART_ANSWERS } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import type { CartChangeAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { removeCartItem } from '../../src/server/services/carts.ts';
import { cartRemoveBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/cart/remove — removes a line and any parents it leaves empty. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const line = await readPost(req, cartRemoveBodySchema);
  const cartData = await removeCartItem(deps.store, user.id, line);
  return json({
    success: true,
    message: CART_ANSWERS.removed,
    cartData,
  } satisfies CartChangeAnswer);
});

export const config: Config = { path: '/api/cart/remove' };
