// The browser's parsers for the storefront's answers other than an order's (products, rates,
// account, cart, stock): the contract's response schemas, keyed as the endpoint table names them.
// src/client/api.ts loads this module with the first such call, in parallel with the request, so
// zod stays out of the JavaScript a page needs before it can paint and hydrate (the page-weight
// budgets in tests/e2e/page-weight.spec.ts); the parse waits for the answer anyway. The order
// calls' parsers are ./order-answers.ts, loaded only with an order call.
import './zod-jitless.ts';
import { SHOP_ANSWERS } from '../lib/contract/responses.ts';

/** The schema of each kind of answer, by the key the endpoint table names. */
export const ANSWERS = SHOP_ANSWERS;
