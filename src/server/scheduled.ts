// The shop's scheduled work: following the couriers' open parcels (src/server/orders/
// courier-tracking.ts), and cancelling COD orders whose confirmation deadline passed unanswered
// (src/server/orders/cod-confirmation.ts). Netlify runs it every 15 minutes as a scheduled function
// (netlify/functions/scheduled.mts); `npm start` runs it on the same interval (scripts/start.mjs);
// the desk runs it after its order list at most as often, and on "Check tracking now". Each run
// is bounded (one track call of at most 1,000 parcels, 50 a request, one request at a time) and
// every write is conditional, so runs that overlap do each thing once.
import { settleBackground } from './background.ts';
import { getDeps } from './deps.ts';
import { cancelUnconfirmedCodOrders, followParcels } from './orders/index.ts';
import { logEvent } from './request-log.ts';

/** How often the schedule runs, as Netlify's cron and npm start's interval say it. */
export const SCHEDULE_CRON = '*/15 * * * *';
export const SCHEDULE_INTERVAL_MS = 15 * 60_000;

/** One scheduled run; logs what it did, waits for its mails, and never throws (the next run retries). */
export async function runScheduledWork(): Promise<void> {
  // Apart from the tracking: a courier that is down must not keep unconfirmed orders waiting.
  try {
    const cancelled = await cancelUnconfirmedCodOrders(await getDeps());
    if (cancelled.length > 0)
      logEvent('info', 'unconfirmed COD orders cancelled', { cancelled: cancelled.length });
  } catch (error) {
    logEvent('error', 'cancelling unconfirmed COD orders failed; the next run tries again', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  try {
    const run = await followParcels(await getDeps());
    logEvent('info', 'courier tracking ran', {
      courier: run.courier,
      asked: run.asked,
      answered: run.answered,
      moves: run.moves.length,
      problems: run.problems.length,
      restocked: run.restocked.length,
    });
  } catch (error) {
    logEvent('error', 'courier tracking failed; the next run tries again', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  // The shoppers' mails and the owner's alerts go out before the run ends: a scheduled function's
  // instance may be frozen as soon as it answers.
  await settleBackground();
}
