// The browser's parsers for the storefront's order answers (placing, listing, cancelling,
// returning and paying for an order), loaded by src/client/api.ts with the first order call, so a
// page that never calls one ships none of the order's schemas.
import './zod-jitless.ts';
import { ORDER_ANSWERS as SCHEMAS } from '../lib/contract/order-answers.ts';

/** The schema of each kind of order answer, by the key the endpoint table names. */
export const ORDER_ANSWERS = SCHEMAS;
