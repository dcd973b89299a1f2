import type { Config } from '@netlify/functions';
import { runScheduledWork } from '../../src/server/scheduled.ts';

/**
 * The shop's scheduled work (src/server/scheduled.ts): every 15 minutes, the couriers' open
 * parcels are followed and their orders moved. A scheduled function has no URL: Netlify invokes it.
 */
export default async (): Promise<Response> => {
  await runScheduledWork();
  return new Response(null, { status: 204 });
};

// Read statically by Netlify: the same interval as SCHEDULE_CRON in src/server/scheduled.ts.
export const config: Config = { schedule: '*/15 * * * *' };
