import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { emptyBodySchema } from '../../src/lib/contract/requests.ts';
import type { OrdersAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { listUserOrders } from '../../src/server/services/orders.ts';

/** POST /api/order/userorders — the caller's orders, newest first. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  await readPost(req, emptyBodySchema);
  return json({
    success: true,
    orders: await listUserOrders(deps.store, user.id),
  } satisfies OrdersAnswer);
});

export const config: Config = { path: '/api/order/userorders' };
