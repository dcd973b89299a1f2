// GET /api/health: cheap enough for an uptime monitor every minute. It reads the store once (the
// rates cache: a ping and the rates' state in one read) and the configuration; it never calls out
// (no rates fetch, no SMTP connection), so a monitor cannot make the shop call anyone.
import type { HealthAnswer } from '../../lib/contract/health.ts';
import type { Deps } from '../deps.ts';
import { reply, type Reply } from '../http.ts';
import { logEvent } from '../request-log.ts';
import type { RatesRecord } from '../store/port.ts';
import { RATES_TTL_MS } from './rates.ts';

/** Rates down or refused for longer than this make the shop `degraded` (orders abroad pause). */
export const RATES_ATTENTION_MS = 60 * 60 * 1000;

const minutes = (ms: number) => Math.max(0, Math.floor(ms / 60_000));

/** The state of the cached rates, as the health answer reports it. */
export function ratesHealth(record: RatesRecord | null, now: number): HealthAnswer['rates'] {
  const failedAt = record?.failedAt ?? (record?.fallback ? record.fetchedAt : undefined);
  const failing = failedAt !== undefined && (record?.fallback || failedAt >= record!.fetchedAt);
  return {
    cached: record !== null && record.fallback !== true,
    ageMinutes: record && !record.fallback ? minutes(now - record.fetchedAt) : null,
    fallback: record?.fallback === true,
    failingMinutes: failing ? minutes(now - failedAt) : null,
    suspect: Object.keys(record?.suspect ?? {}).sort(),
  };
}

/** Whether the rates need a person: fallback, refused rates, or no fresh rates for over an hour. */
function ratesNeedAttention(rates: HealthAnswer['rates']): boolean {
  if (rates.fallback || rates.suspect.length > 0) return true;
  const age = rates.ageMinutes ?? Infinity;
  return age * 60_000 > RATES_TTL_MS + RATES_ATTENTION_MS;
}

/** The health answer: 200 while the store answers, 503 when it does not; never cached. */
export async function checkHealth(deps: Deps, now = Date.now()): Promise<Reply<HealthAnswer>> {
  const started = performance.now();
  let record: RatesRecord | null = null;
  let storeOk = true;
  try {
    record = await deps.store.rates.get();
  } catch (error) {
    storeOk = false;
    logEvent('error', 'health: store unreachable', { error });
  }
  const rates = ratesHealth(record, now);
  const body: HealthAnswer = {
    status: !storeOk ? 'down' : ratesNeedAttention(rates) ? 'degraded' : 'ok',
    checkedAt: new Date(now).toISOString(),
    store: {
      ok: storeOk,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    mail: { mode: deps.config.SMTP_URL ? 'smtp' : 'outbox' },
    rates,
  };
  return reply(body, { status: storeOk ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
