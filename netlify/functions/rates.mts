import { loadConfig } from '../../src/server/config.ts';
import { handle, requireMethod } from '../../src/server/http.ts';
import { getRates } from '../../src/server/services/rates.ts';
import { getStore } from '../../src/server/store/index.ts';

/** GET /api/rates — PKR-based exchange rates, cached in the store and at the CDN. */
export default handle(async (req) => {
  requireMethod(req, 'GET');
  const rates = await getRates(await getStore(), loadConfig());
  const maxAge = rates.fallback ? 60 : 600;
  return Response.json(rates, {
    headers: {
      'Cache-Control': `public, max-age=${maxAge}`,
      'Netlify-CDN-Cache-Control': `public, s-maxage=${rates.fallback ? 60 : 3600}, stale-while-revalidate=600`,
    },
  });
});

export const config = { path: '/api/rates' };
