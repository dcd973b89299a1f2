import { getDeps, signedIn } from '../../src/server/api.ts';
import { handle, json, readJson } from '../../src/server/http.ts';
import { listUserOrders } from '../../src/server/services/orders.ts';

/** POST /api/order/userorders — the caller's orders, newest first. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  await readJson(req);
  return json({ success: true, orders: await listUserOrders(deps.store, user.id) });
});

export const config = { path: '/api/order/userorders' };
