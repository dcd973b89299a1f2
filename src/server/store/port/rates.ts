// The exchange-rate cache.

/** Cached exchange rates, PKR base. */
export interface RatesRecord {
  rates: Record<string, number>;
  fetchedAt: number;
  /** True when the upstream failed and these are the rate-1 fallback (kept briefly). */
  fallback?: boolean;
  /** When the upstream last failed (ms); adapters store and return it unchanged. */
  failedAt?: number;
  /**
   * Currencies whose last fetched rate was refused as more than ×10 from the last good one, with
   * that refused rate; `rates` keeps the last good rate for each, and orders in them wait.
   */
  suspect?: Record<string, number>;
  /** When the upstream started failing without a success since (ms); absent while it answers. */
  downSince?: number;
}

/** The exchange-rate cache. */
export interface RateRepository {
  get(): Promise<RatesRecord | null>;
  put(record: RatesRecord): Promise<void>;
}
