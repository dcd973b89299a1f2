import type { Config } from '@netlify/functions';
import { serveRouter } from '../../src/server/web.ts';

/** The staff desk's calls of the endpoint table (router 'desk': staff sign-in, staff, orders, audit). */
export default serveRouter('desk');

// Read statically by Netlify; tests/unit/endpoints.test.ts checks it against the table.
export const config: Config = { path: '/api/desk/*' };
