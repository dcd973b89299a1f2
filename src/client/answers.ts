// The browser's parsers for the API's answers: the contract's response schemas, keyed as the
// endpoint table names them.
// src/client/api.ts loads this module on its first call, in parallel with the request, so zod
// stays out of the JavaScript a page needs before it can paint and hydrate (the page-weight
// budgets in tests/e2e/performance.spec.ts); the parse waits for the answer anyway.
import * as z from 'zod/mini';
import { STOREFRONT_ANSWERS } from '../lib/contract/responses.ts';

// The shop's CSP allows no eval, and zod's JIT would probe `new Function` (caught, but logged by
// the browser as a CSP violation). Set before any answer is parsed.
z.config({ jitless: true });

/** The schema of each kind of answer, by the key the endpoint table names. */
export const ANSWERS = STOREFRONT_ANSWERS;
