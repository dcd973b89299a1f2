// The browser's parsers for the API's answers: the contract's response schemas, keyed by call.
// src/client/api.ts loads this module on its first call, in parallel with the request, so zod
// stays out of the JavaScript a page needs before it can paint and hydrate (the page-weight
// budgets in tests/e2e/budgets.spec.ts); the parse waits for the answer anyway.
import * as z from 'zod/mini';
import {
  cartAnswerSchema,
  cartChangeAnswerSchema,
  msgAnswerSchema,
  orderCancelledAnswerSchema,
  orderPlacedAnswerSchema,
  ordersAnswerSchema,
  productListAnswerSchema,
  ratesAnswerSchema,
  sessionAnswerSchema,
} from '../lib/contract/responses.ts';

// The shop's CSP allows no eval, and zod's JIT would probe `new Function` (caught, but logged by
// the browser as a CSP violation). Set before any answer is parsed.
z.config({ jitless: true });

/** The schema of each kind of answer the browser reads. */
export const ANSWERS = {
  productList: productListAnswerSchema,
  rates: ratesAnswerSchema,
  session: sessionAnswerSchema,
  msg: msgAnswerSchema,
  cart: cartAnswerSchema,
  cartChange: cartChangeAnswerSchema,
  orderPlaced: orderPlacedAnswerSchema,
  orders: ordersAnswerSchema,
  orderCancelled: orderCancelledAnswerSchema,
} as const;
