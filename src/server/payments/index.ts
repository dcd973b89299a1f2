// The payments context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Money on an order: payments recorded at the desk or by the CLI.
export { recordPayment } from './desk-payments.ts';
