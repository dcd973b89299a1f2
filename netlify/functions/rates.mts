import type { Config } from '@netlify/functions';
import { loadConfig } from '../../src/server/config.ts';
import { handle, requireMethod } from '../../src/server/http.ts';
import { getRates } from '../../src/server/services/rates.ts';
import { getStore } from '../../src/server/store/index.ts';

/** Seconds a stale or fallback answer may be cached: the next try at the service is a minute away. */
const SHORT_MAX_AGE = 60;

/** GET /api/rates — PKR-based exchange rates, cached in the store and at the CDN (briefly when stale). */
export default handle(async (req) => {
  requireMethod(req, 'GET');
  const rates = await getRates(await getStore(), loadConfig());
  const short = rates.fallback || rates.stale;
  return Response.json(rates, {
    headers: {
      'Cache-Control': `public, max-age=${short ? SHORT_MAX_AGE : 600}`,
      'Netlify-CDN-Cache-Control': short
        ? `public, s-maxage=${SHORT_MAX_AGE}`
        : 'public, s-maxage=3600, stale-while-revalidate=600',
    },
  });
});

export const config: Config = { path: '/api/rates' };
