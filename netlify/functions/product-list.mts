import type { Config } from '@netlify/functions';
import { getStore } from '../../src/server/store/index.ts';
import { handle, requireMethod } from '../../src/server/http.ts';
import { productListBody } from '../../src/server/services/catalogue.ts';

/** GET /api/product/list — the whole catalogue, cacheable at the CDN (it changes on redeploy). */
export default handle(async (req) => {
  requireMethod(req, 'GET');
  return new Response(await productListBody(await getStore()), {
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'public, max-age=60, stale-while-revalidate=600',
      'Netlify-CDN-Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
    },
  });
});

export const config: Config = { path: '/api/product/list' };
