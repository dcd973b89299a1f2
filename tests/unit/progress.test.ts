import { describe, expect, it } from 'vitest';
import { formatDuration, progressLine, progressReporter } from '../../src/lib/progress.ts';

describe('progressLine', () => {
  it('gives done / total and the time left at the pace so far', () => {
    // 120 photos in 12 s: 0.1 s each, 318 to go.
    expect(progressLine('Photos', 120, 438, 12_000)).toBe('Photos: 120/438, about 32 s left');
  });

  it('reads a minute or more in minutes and seconds', () => {
    expect(progressLine('Photos', 100, 438, 20_000)).toBe('Photos: 100/438, about 1 min 8 s left');
    expect(progressLine('Photos', 1, 3, 30_000)).toBe('Photos: 1/3, about 1 min left');
  });

  it('makes no estimate before the first item is done', () => {
    expect(progressLine('Photos', 0, 438, 4_000)).toBe('Photos: 0/438, estimating the time left');
  });

  it('never says 0 s left while an item remains', () => {
    expect(progressLine('Photos', 437, 438, 10_000)).toBe('Photos: 437/438, about 1 s left');
  });

  it('says how long the whole step took once everything is done', () => {
    expect(progressLine('Photos', 438, 438, 83_400)).toBe('Photos: 438/438, done in 1 min 23 s');
  });
});

describe('formatDuration', () => {
  it('rounds to whole seconds and never goes below zero', () => {
    expect([499, 500, 59_400, 60_000, 125_000, -5].map(formatDuration)).toEqual([
      '0 s',
      '1 s',
      '59 s',
      '1 min',
      '2 min 5 s',
      '0 s',
    ]);
  });
});

describe('progressReporter', () => {
  /** A clock the test moves by hand, and the lines the reporter logged. */
  function reporter(total: number) {
    let at = 1_000_000;
    const lines: string[] = [];
    const progress = progressReporter('Photos', total, (line) => lines.push(line), {
      everyMs: 5000,
      now: () => at,
    });
    return { progress, lines, wait: (ms: number) => (at += ms) };
  }

  it('logs a line at most every 5 s, each with done / total and the time left', () => {
    const { progress, lines, wait } = reporter(10);
    for (let i = 0; i < 10; i += 1) {
      wait(2000);
      progress.advance();
    }
    progress.finish();
    // Lines at 6 s (3 done), 12 s (6 done) and 18 s (9 done), then the last one at 20 s.
    expect(lines).toEqual([
      'Photos: 3/10, about 14 s left',
      'Photos: 6/10, about 8 s left',
      'Photos: 9/10, about 2 s left',
      'Photos: 10/10, done in 20 s',
    ]);
    expect(progress.done).toBe(10);
  });

  it('stays silent through a step shorter than 5 s, its last line included', () => {
    const { progress, lines, wait } = reporter(4);
    for (let i = 0; i < 4; i += 1) {
      wait(1000);
      progress.advance();
    }
    progress.finish();
    expect(lines).toEqual([]);
  });

  it('never counts past the total', () => {
    const { progress } = reporter(2);
    progress.advance(5);
    expect(progress.done).toBe(2);
  });
});
