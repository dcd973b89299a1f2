import { logEvent } from './request-log.ts';

/** Hands work to the platform to finish after the answer (Netlify's `context.waitUntil`). */
export type WaitUntil = (promise: Promise<unknown>) => void;

const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the current answer is built, so its cost never shows in the answer's timing,
 * and hands it to `waitUntil` so the platform keeps the instance alive until it ends. A failure is
 * logged under `label` and never reaches the caller.
 */
export function inBackground(
  label: string,
  work: () => Promise<void>,
  waitUntil?: WaitUntil,
): Promise<void> {
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => logEvent('error', `${label} failed`, { error }))
    .finally(() => pending.delete(job));
  pending.add(job);
  waitUntil?.(job);
  return job;
}

/** Resolves once every background job started so far has ended (tests, and a graceful stop). */
export async function settleBackground(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
