import type { Config } from '@netlify/functions';
import { serveRouter } from '../../src/server/web.ts';

/** The shopper's calls of the endpoint table (router 'account': sign-in, cart, orders). */
export default serveRouter('account');

// Read statically by Netlify; tests/unit/endpoints.test.ts checks it against the table.
export const config: Config = { path: ['/api/user/*', '/api/cart/*', '/api/order/*'] };
