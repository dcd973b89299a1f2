// How busy the machine is, for the journeys' time budgets (tests/e2e/support/test.ts).
import { availableParallelism, loadavg } from 'node:os';

/**
 * The load per core of this machine during a quiet run of the journeys (three browsers beside the
 * shop on 2 cores: a load of 4 to 5), the load every journey's time budget was set for.
 */
const QUIET_LOAD_PER_CORE = 2.5;

/**
 * How many times longer than on a quiet run a journey may take now: 1 on a quiet machine, up to 3
 * when other work shares it (a second build: about 1.6; a second test run: about 3), by the load
 * average of the last minute. A time budget exists to fail a journey that hangs, not one that is
 * slow because the machine is busy (issue 49): a budget set for a quiet run is stretched by this,
 * and a hang still fails, later. It never changes what a journey asserts, nor the timings the
 * timed journeys judge.
 */
export function busyFactor(load = loadavg()[0]!, cores = availableParallelism()): number {
  return Math.min(3, Math.max(1, load / cores / QUIET_LOAD_PER_CORE));
}
