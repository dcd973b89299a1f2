// The answer of GET /api/health: what an uptime monitor polls every minute and an
// operator reads when something is off. It names states, never secrets or addresses.
import * as z from 'zod/mini';

/** The health answer: the store, mail and rates, and one overall word. */
export const healthAnswerSchema = z.object({
  /** `ok`; `degraded` when the shop serves but a part needs attention (rates); `down` without a store. */
  status: z.enum(['ok', 'degraded', 'down']),
  checkedAt: z.string(),
  store: z.object({
    ok: z.boolean(),
    /** How long the ping (one read of the rates cache) took. */
    ms: z.number(),
  }),
  mail: z.object({
    /** `smtp` when SMTP_URL is set; `outbox` when mails are written to DATA_DIR/outbox (not sent). */
    mode: z.enum(['smtp', 'outbox']),
  }),
  rates: z.object({
    /** Whether rates were ever fetched and cached; false serves rate 1 (docs/product.md §4). */
    cached: z.boolean(),
    /** Minutes since the cached rates were fetched; null when none are. */
    ageMinutes: z.nullable(z.number()),
    /** Serving the rate-1 fallback. */
    fallback: z.boolean(),
    /** Minutes since the service last failed, while its failure is the latest word; null otherwise. */
    failingMinutes: z.nullable(z.number()),
    /** Currencies whose fetched rate was refused (more than ×10 off); their orders wait. */
    suspect: z.array(z.string()),
  }),
});

/** The health answer. */
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
