import type { Config } from '@netlify/functions';
import { serveRouter } from '../../src/server/web.ts';

/**
 * The public calls of the endpoint table (router 'shop': catalogue, rates, newsletter), and the
 * JSON 404 for every /api/* path no router declares, instead of Netlify's HTML 404 page.
 */
export default serveRouter('shop');

/*
 * Routing (https://docs.netlify.com/build/functions/configuration/#routing): `path` is a
 * URLPattern, and Netlify's documentation does not promise that a literal path outranks a wildcard
 * of another function, so no request may match two functions: this one takes every /api/* path
 * but the other routers' prefixes. Netlify reads this object statically, so it is written out;
 * tests/unit/endpoints.test.ts checks that each call of the table is routed here or to its router.
 */
export const config: Config = {
  path: '/api/*',
  excludedPath: ['/api/user/*', '/api/cart/*', '/api/order/*', '/api/desk/*'],
};
