import { CART_ANSWERS } from '../../src/lib/messages.ts';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { addCartItem } from '../../src/server/services/carts.ts';
import { cartLineBodySchema } from '../../src/lib/validation.ts';

/** POST /api/cart/add — adds a quantity to a line of the caller's cart (capped at 100). */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const line = await readPost(req, cartLineBodySchema);
  const cartData = await addCartItem(deps.store, user.id, line);
  return json({ success: true, message: CART_ANSWERS.added, cartData });
});

export const config = { path: '/api/cart/add' };
