// The suite's files share their workers (vitest.config.ts, `isolate: false`), so each must start
// as in a fresh process. Two files run in one worker, the first leaving behind all a file can (an
// environment variable, a replaced `fetch`, a stubbed `window`, fake timers, another folder, a
// module's state, a timer set to throw): the second finds none of it with the shop's file
// isolation, and every one of them without it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../fixtures/scratch.ts';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { failureMessages: string[] }[] }[];
}

/** Runs the two files in one worker, with or without the isolation; their report and output. */
function runBoth(isolation: boolean) {
  const report = path.join(scratchDir('file-isolation-'), 'report.json');
  // The run's own worker: none of this worker's Vitest variables.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')),
  );
  const run = spawnSync(
    process.execPath,
    [
      path.resolve('node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'tests/fixtures/file-isolation/vitest.config.ts',
      '--reporter=json',
      '--reporter=default',
      `--outputFile.json=${report}`,
    ],
    {
      env: {
        ...env,
        FILE_ISOLATION: isolation ? '1' : '0',
        ISOLATION_ROOT: process.cwd(),
        NO_COLOR: '1',
      },
      encoding: 'utf8',
    },
  );
  const result = JSON.parse(readFileSync(report, 'utf8')) as Report;
  const second = result.testResults.find((file) => file.name.endsWith('b-finds-none.test.ts'))!;
  return {
    status: run.status,
    result,
    failures: second.assertionResults.flatMap((test) => test.failureMessages),
    output: `${run.stdout}${run.stderr}`,
  };
}

describe('file isolation in a shared worker', () => {
  it('starts the second file as in a fresh process', { timeout: 60_000 }, () => {
    const { status, result, output } = runBoth(true);
    expect(result.numFailedTests, output).toBe(0);
    expect(result.numPassedTests).toBe(2);
    expect(status).toBe(0);
  });

  it('without it, the second file finds each thing the first left', { timeout: 60_000 }, () => {
    const { status, failures, output } = runBoth(false);
    const found = failures.map((message) => /^AssertionError: (.*?): expected/.exec(message)?.[1]);
    expect(found).toEqual([
      'a variable set by a',
      'a variable changed by a',
      'the fetch a assigned',
      'the window a stubbed',
      'the fake timers a turned on',
      'the folder a moved to',
      "the module's count, which a bumped",
    ]);
    expect(output).toContain('Error: a timer left by a fired in the next file');
    expect(status).toBe(1);
  });
});
