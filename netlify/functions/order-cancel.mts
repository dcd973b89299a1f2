import { ORDER_MESSAGES } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import type { OrderCancelledAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { cancelOrder } from '../../src/server/services/orders.ts';
import { cancelBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/order/cancel — cancels the caller's order from Order Placed or Packing, with a reason. */
export default handle(async (req) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const { orderId, reason } = await readPost(req, cancelBodySchema);
  const order = await cancelOrder(deps.store, user.id, orderId, reason);
  return json({
    success: true,
    message: ORDER_MESSAGES.cancelled,
    order,
  } satisfies OrderCancelledAnswer);
});

export const config: Config = { path: '/api/order/cancel' };
