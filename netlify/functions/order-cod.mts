import { ORDER_MESSAGES } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import type { OrderPlacedAnswer } from '../../src/lib/contract/responses.ts';
import { handle, json } from '../../src/server/http.ts';
import { placeOrder, readIdempotencyKey } from '../../src/server/services/orders.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { orderBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/order/COD — places an order for every payment method, priced by the server. */
export default handle(async (req, context) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const idempotencyKey = readIdempotencyKey(req);
  const body = await readPost(req, orderBodySchema);
  const { order, replayed } = await placeOrder(deps, user, body, {
    idempotencyKey,
    clientAddress: clientAddress(req, context?.ip),
    waitUntil: context?.waitUntil?.bind(context),
  });
  return json(
    {
      success: true,
      message: ORDER_MESSAGES.placed,
      orderId: order._id,
      order,
    } satisfies OrderPlacedAnswer,
    { status: replayed ? 200 : 201, headers: replayed ? { 'Idempotent-Replayed': 'true' } : {} },
  );
});

// @netlify/dev lower-cases the path before matching routes; production keeps the spec's case.
export const config: Config = { path: ['/api/order/COD', '/api/order/cod'] };
