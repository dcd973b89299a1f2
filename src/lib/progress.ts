// Progress of a long step (the photo pipeline, the demo renders) as plain lines: one every few
// seconds, readable in a terminal and in a log file alike ("Photos: 120/438, about 40 s left").
// No carriage returns or cursor moves, so a CI log or `npm start > log` reads the same as a TTY.

/** How a duration reads in a progress line: "8 s", "about 40 s", "2 min 10 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/**
 * One progress line: `label: done/total` and the time left, estimated from the pace so far
 * (nothing done yet: no estimate; everything done: the time it took).
 */
export function progressLine(
  label: string,
  done: number,
  total: number,
  elapsedMs: number,
): string {
  const count = `${label}: ${done}/${total}`;
  if (done >= total) return `${count}, done in ${formatDuration(elapsedMs)}`;
  if (done <= 0) return `${count}, estimating the time left`;
  // Rounded up to whole seconds, so the last item never reads "about 0 s left".
  const left = Math.max(1000, Math.ceil(((elapsedMs / done) * (total - done)) / 1000) * 1000);
  return `${count}, about ${formatDuration(left)} left`;
}

/** Reports a step's progress: call `advance()` per item done; `finish()` logs the last line. */
export interface Progress {
  advance(by?: number): void;
  finish(): void;
  readonly done: number;
}

/**
 * A reporter for `total` items that logs a progress line through `log` at most every `everyMs`
 * (the first after `everyMs`: a step shorter than that stays silent), and the final line on
 * `finish()` when it logged any before.
 */
export function progressReporter(
  label: string,
  total: number,
  log: (line: string) => void,
  { everyMs = 5000, now = Date.now }: { everyMs?: number; now?: () => number } = {},
): Progress {
  const started = now();
  let done = 0;
  let lastLine = started;
  let spoke = false;
  return {
    get done() {
      return done;
    },
    advance(by = 1) {
      done = Math.min(total, done + by);
      const at = now();
      if (done < total && at - lastLine >= everyMs) {
        lastLine = at;
        spoke = true;
        log(progressLine(label, done, total, at - started));
      }
    },
    finish() {
      if (spoke) log(progressLine(label, done, total, now() - started));
    },
  };
}
