import { CART_ANSWERS } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import type { CartChangeAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { replaceCart } from '../../src/server/services/carts.ts';
import { cartMergeBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/cart/merge — stores the cart the browser merged at login (src/lib mergeCarts) in one write. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const { cartData } = await readPost(req, cartMergeBodySchema);
  return json({
    success: true,
    message: CART_ANSWERS.merged,
    cartData: await replaceCart(deps.store, user.id, cartData),
  } satisfies CartChangeAnswer);
});

export const config: Config = { path: '/api/cart/merge' };
