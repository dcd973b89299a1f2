import type { Config } from '@netlify/functions';
import { getDeps, readPost, signedIn } from '../../src/server/api.ts';
import { handle, json } from '../../src/server/http.ts';
import { orderReply, placeOrder, readIdempotencyKey } from '../../src/server/services/orders.ts';
import { clientAddress } from '../../src/server/services/throttle.ts';
import { orderBodySchema } from '../../src/lib/contract/requests.ts';

/** POST /api/order/COD — places an order for every payment method, priced by the server. */
export default handle(async (req, context) => {
  const deps = await getDeps();
  const user = await signedIn(req, deps);
  const idempotencyKey = readIdempotencyKey(req);
  const body = await readPost(req, orderBodySchema);
  const placed = await placeOrder(deps, user, body, {
    idempotencyKey,
    clientAddress: clientAddress(req, context?.ip),
    waitUntil: context?.waitUntil?.bind(context),
  });
  const { status, headers, body: answer } = orderReply(placed);
  return json(answer, { status, headers });
});

// @netlify/dev lower-cases the path before matching routes; production keeps the spec's case.
export const config: Config = { path: ['/api/order/COD', '/api/order/cod'] };
