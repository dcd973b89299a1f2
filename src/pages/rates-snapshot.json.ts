// The last known exchange rates, taken at build time from the store and shipped with the site:
// the browser's fallback when /api/rates cannot be reached and it has no rates of its own. It is
// dated, so prices drawn from it are shown as approximate once it is older than MAX_RATE_AGE_MS.
import type { APIRoute } from 'astro';
import { getStore } from '../server/store/index.ts';

export const GET: APIRoute = async () => {
  const record = await (await getStore()).rates.get().catch(() => null);
  const usable = record && !record.fallback ? record : null;
  return new Response(
    JSON.stringify({ rates: usable?.rates ?? {}, fetchedAt: usable?.fetchedAt ?? 0 }),
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
};
