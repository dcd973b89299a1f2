// A Playwright reporter that ends a run with the slowest journeys and their times, so a slow run
// says where its minutes went. It prints after the other reporters and changes nothing they print.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many journeys the report lists. */
export const SLOWEST_COUNT = 15;

/** One journey's time: its name (journeyName), its runs' total and their number. */
export interface JourneyTime {
  name: string;
  ms: number;
  runs: number;
}

/** The report: the `count` slowest journeys, slowest first (ties in the order they ended). */
export function slowestJourneys(times: readonly JourneyTime[], count = SLOWEST_COUNT): string[] {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  if (slowest.length === 0) return [];
  const seconds = slowest.map((t) => `${(t.ms / 1000).toFixed(1)} s`);
  const width = Math.max(...seconds.map((s) => s.length));
  return [
    `Slowest journeys (${slowest.length} of ${times.length}):`,
    ...slowest.map(
      (t, i) =>
        `  ${seconds[i]!.padStart(width)}  ${t.name}${t.runs > 1 ? ` (${t.runs} runs)` : ''}`,
    ),
  ];
}

/** `[project] › file:line › describe › title`, the file as under the journeys' folder. */
export function journeyName(test: Pick<TestCase, 'titlePath' | 'location'>): string {
  const [, project, file, ...titles] = test.titlePath();
  const where = `${file}:${test.location.line}`;
  return [...(project ? [`[${project}]`] : []), where, ...titles].join(' › ');
}

/** Adds up each journey's runs (a retry included) and prints the slowest when the run ends. */
export default class TimingReporter implements Reporter {
  readonly #times = new Map<string, JourneyTime>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const known = this.#times.get(test.id) ?? { name: journeyName(test), ms: 0, runs: 0 };
    this.#times.set(test.id, { ...known, ms: known.ms + result.duration, runs: known.runs + 1 });
  }

  onEnd(): void {
    const lines = slowestJourneys([...this.#times.values()]);
    if (lines.length > 0) console.log(`\n${lines.join('\n')}\n`);
  }
}
