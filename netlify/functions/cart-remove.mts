import { CART_ANSWERS } from '../../src/lib/messages.ts';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { removeCartItem } from '../../src/server/services/carts.ts';
import { cartRemoveBodySchema } from '../../src/lib/validation.ts';

/** POST /api/cart/remove — removes a line and any parents it leaves empty. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const line = await readPost(req, cartRemoveBodySchema);
  const cartData = await removeCartItem(deps.store, user.id, line);
  return json({ success: true, message: CART_ANSWERS.removed, cartData });
});

export const config = { path: '/api/cart/remove' };
