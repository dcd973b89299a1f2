import { getDeps, signedIn } from '../../src/server/api.ts';
import { handle, json, readJson } from '../../src/server/http.ts';
import { getCart } from '../../src/server/services/carts.ts';

/** POST /api/cart/get — the caller's cart as the nested map. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  await readJson(req); // the body is empty by contract, but still size-limited and well-formed
  return json({ success: true, cartData: await getCart(deps.store, user.id) });
});

export const config = { path: '/api/cart/get' };
