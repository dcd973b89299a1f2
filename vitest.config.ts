import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/bundle/**/*.test.ts'],
    environment: 'node',
    // Two test files at a time on this 2-core machine: most files wait on I/O or scrypt's thread pool
    // (measured: 107 s, 230 s on one worker).
    maxWorkers: 2,
    // The same scrypt at 1/32 of the work (src/server/auth/passwords.ts): the suites sign up and
    // log in thousands of times. The tests of the real cost and of the hashing queue set it back.
    env: { PASSWORD_HASH_COST: 'test' },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // ops-prod: each API answer logs one JSON line (src/server/request-log.ts); those of thousands
    // of answered calls (2xx-4xx) would bury a failure's output. Tests that read them spy on console.
    onConsoleLog: (log) =>
      !(log.startsWith('{"time"') && /"level":"(info|warn)","msg":"api"/.test(log)),
    coverage: {
      provider: 'v8',
      include: ['src/lib/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
