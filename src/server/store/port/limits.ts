// Throttling counters.

/** Fixed-window counters used for throttling. */
export interface LimitRepository {
  /** Counts a hit on `key`; returns the count inside the current window and when it resets. */
  hit(key: string, windowMs: number, now?: number): Promise<{ count: number; resetAt: number }>;
  /** Takes back one hit of the current window (never below 0); nothing happens once it has reset. */
  release(key: string, now?: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes every counter whose window ended before `now`; returns how many were deleted. */
  purge(now?: number): Promise<number>;
}
