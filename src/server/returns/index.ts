// The returns context's entry: the one module other contexts, routes.ts, the pages and the CLI import.
// Returns and exchanges: the request, its steps at the desk, and their mails.
export { listReturns, requestReturn, stepReturn } from './returns.ts';
