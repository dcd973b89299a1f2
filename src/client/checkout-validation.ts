// The checkout form's validation as the browser loads it: a chunk of its own, imported on the
// shopper's first focus or tap in the form (src/stores/checkout.ts), so zod is not part of the
// JavaScript /Checkout runs before interaction. zod is set up for the CSP before any schema is built.
import './zod-jitless.ts';

export { checkoutErrors } from '../lib/checkout-errors.ts';
