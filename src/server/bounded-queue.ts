/** Thrown by a bounded queue that already has its most tasks waiting. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

/** How busy a bounded queue is: tasks running and waiting now, and the most ever run at once. */
export interface QueueLoad {
  running: number;
  waiting: number;
  peak: number;
}

/** A queue that runs tasks with a concurrency cap and a cap on waiting tasks. */
export interface BoundedQueue {
  /** Runs `task` when a slot is free; throws QueueFullError at once when the waiting line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  load(): QueueLoad;
}

/** Runs at most `concurrency` tasks at once, with at most `maxWaiting` more in line (first come, first served). */
export function boundedQueue(concurrency: number, maxWaiting: number): BoundedQueue {
  let running = 0;
  let peak = 0;
  const line: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (running < concurrency) {
      running++;
    } else {
      if (line.length >= maxWaiting) throw new QueueFullError();
      // The slot is handed over by release(), so `running` never drops between two tasks.
      await new Promise<void>((resolve) => line.push(resolve));
    }
    peak = Math.max(peak, running);
  }

  function release(): void {
    const next = line.shift();
    if (next) next();
    else running--;
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: line.length, peak }),
  };
}
