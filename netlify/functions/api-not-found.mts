import { SERVER_MESSAGES } from '../../src/lib/messages.ts';
import type { Config } from '@netlify/functions';
import { loadConfig } from '../../src/server/config.ts';
import { HttpError, handle } from '../../src/server/http.ts';

/**
 * Any /api/* path no other function declares — a JSON 404 with the API security headers, instead
 * of Netlify's HTML 404 page. Like every function it refuses to answer (503) on a deploy that lacks
 * a required variable, so a broken deploy looks the same on every path.
 */
export default handle(async () => {
  loadConfig();
  throw new HttpError(404, SERVER_MESSAGES.notFound);
});

/*
 * Routing (https://docs.netlify.com/build/functions/configuration/#routing, https://ntl.fyi/func-routing):
 * `path` is a URLPattern, so '/api/*' matches every path under /api/. Netlify's documentation
 * does not promise that a literal path outranks a wildcard of another function, so this function
 * does not rely on an order: `excludedPath` ("one or more URL paths for which the function will not
 * run, even if they match a path defined with the `path` property", @netlify/functions Config)
 * lists every path a real function declares, and no request can match two functions. Netlify
 * parses this config statically, so the list is written out; tests/bundle/bundles.test.ts fails if
 * it differs from the paths the other bundles declare.
 */
export const config: Config = {
  path: '/api/*',
  excludedPath: [
    '/api/cart/add',
    '/api/cart/get',
    '/api/cart/merge',
    '/api/cart/remove',
    '/api/cart/update',
    '/api/newsletter',
    '/api/newsletter/confirm',
    '/api/order/cancel',
    '/api/order/COD',
    '/api/order/cod',
    '/api/order/userorders',
    '/api/product/list',
    '/api/rates',
    '/api/user/google-login',
    '/api/user/login',
    '/api/user/logout',
    '/api/user/register',
    '/api/user/reset-password-request',
    '/api/user/verify-otp-reset-password',
  ],
};
