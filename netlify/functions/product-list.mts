import { getStore } from '../../src/server/store/index.ts';
import { handle, requireMethod } from '../../src/server/http.ts';
import { toListProduct } from '../../src/server/services/catalogue.ts';

/** GET /api/product/list — the whole catalogue, cacheable at the CDN (it changes on redeploy). */
export default handle(async (req) => {
  requireMethod(req, 'GET');
  const store = await getStore();
  const products = (await store.products.list()).map(toListProduct);
  return Response.json(
    { success: true, products },
    {
      headers: {
        'Cache-Control': 'public, max-age=60, stale-while-revalidate=600',
        'Netlify-CDN-Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
      },
    },
  );
});

export const config = { path: '/api/product/list' };
