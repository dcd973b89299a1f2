// The journeys' timing report (tests/e2e/support/timing-reporter.ts): what `npm run test:e2e`
// prints at the end of a run, from Playwright's results.
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TimingReporter, { journeyName, slowestJourneys } from '../e2e/support/timing-reporter.ts';

/** A journey as Playwright reports it: only the fields the reporter reads. */
function journey(id: string, titles: string[], line = 10): TestCase {
  return {
    id,
    titlePath: () => ['', 'chromium', 'cart.spec.ts', ...titles],
    location: { file: '/shop/tests/e2e/cart.spec.ts', line, column: 3 },
  } as unknown as TestCase;
}
const ended = (duration: number, status: TestResult['status'] = 'passed') =>
  ({ duration, status }) as TestResult;

describe('slowestJourneys', () => {
  it('lists the 15 slowest of 20 journeys, slowest first, with their seconds', () => {
    // 20 journeys of 1.0 s to 20.0 s, in a shuffled order.
    const order = [7, 19, 3, 12, 1, 20, 15, 9, 4, 17, 11, 2, 18, 6, 14, 10, 5, 16, 8, 13];
    const times = order.map((n) => ({ name: `journey ${n}`, ms: n * 1000, runs: 1 }));
    const lines = slowestJourneys(times);
    expect(lines[0]).toBe('Slowest journeys (15 of 20):');
    expect(lines.slice(1)).toEqual(
      [20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6].map(
        (n) => `  ${`${n}.0 s`.padStart(6)}  journey ${n}`,
      ),
    );
  });

  it('lists every journey of a run with fewer than 15, and nothing for a run with none', () => {
    const lines = slowestJourneys([
      { name: 'quick', ms: 450, runs: 1 },
      { name: 'slow', ms: 31_840, runs: 1 },
    ]);
    expect(lines).toEqual(['Slowest journeys (2 of 2):', '  31.8 s  slow', '   0.5 s  quick']);
    expect(slowestJourneys([])).toEqual([]);
  });

  it('says when a journey ran more than once (a retry)', () => {
    expect(slowestJourneys([{ name: 'flaky', ms: 61_000, runs: 2 }])).toEqual([
      'Slowest journeys (1 of 1):',
      '  61.0 s  flaky (2 runs)',
    ]);
  });
});

describe('journeyName', () => {
  it('names a journey by its project, file and line, then its titles', () => {
    expect(journeyName(journey('a', ['Cart', 'adds a bag'], 42))).toBe(
      '[chromium] › cart.spec.ts:42 › Cart › adds a bag',
    );
  });
});

describe('TimingReporter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the slowest journeys at the end of the run, adding up a retried journey’s runs and leaving out skipped ones', () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    const reporter = new TimingReporter();
    reporter.onTestEnd(journey('a', ['adds a bag'], 5), ended(4000));
    reporter.onTestEnd(journey('b', ['empties the cart'], 9), ended(30_000, 'failed'));
    reporter.onTestEnd(journey('c', ['is skipped'], 12), ended(0, 'skipped'));
    reporter.onTestEnd(journey('b', ['empties the cart'], 9), ended(12_500));
    reporter.onEnd();
    expect(printed).toEqual([
      [
        '',
        'Slowest journeys (2 of 2):',
        '  42.5 s  [chromium] › cart.spec.ts:9 › empties the cart (2 runs)',
        '   4.0 s  [chromium] › cart.spec.ts:5 › adds a bag',
        '',
      ].join('\n'),
    ]);
  });

  it('prints nothing when no journey ran', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    new TimingReporter().onEnd();
    expect(log).not.toHaveBeenCalled();
  });
});
