// Imported before any schema is built: the shop's CSP allows no eval, and zod's JIT would probe
// `new Function` (caught, but logged by the browser as a CSP violation).
import { config } from 'zod/mini';

config({ jitless: true });
