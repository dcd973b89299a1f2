// The order page's address validation as the browser loads it: a chunk of its own, imported when
// the shopper opens Change address (src/stores/address-change.ts), so zod is not part of the
// JavaScript the order page runs before interaction. zod is set up for the CSP before any schema is built.
import './zod-jitless.ts';

export { addressErrors } from '../lib/checkout-errors.ts';
