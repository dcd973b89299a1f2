import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/bundle/**/*.test.ts'],
    environment: 'node',
    // Four test files at a time on this 2-core machine: many wait on timers, sockets or child
    // processes, and more files fill those gaps (measured 2026-11-24: 107 s on three workers, 145 s
    // on two; 2026-11-30, 226 files: 165 s on four, 173-196 s on three, where the machine was
    // 50-90% busy for the first minute on three).
    maxWorkers: 4,
    // A worker runs its files one after another in one process, each as if in a fresh one:
    // tests/fixtures/file-isolation.ts empties the module registry of the shop's own modules and
    // puts back the environment, the globals and the working folder before each file, and settles
    // its background work and drops its timers after it. A fresh process for every file (Vitest's
    // default) loaded node_modules' packages 229 times: measured 2026-11-30 on 2 idle cores, 163 s
    // and 309 CPU-s for the suite that way, 97-118 s and 163-199 CPU-s this way.
    isolate: false,
    setupFiles: ['tests/fixtures/file-isolation.ts'],
    // The same scrypt at 1/32 of the work (src/server/accounts/auth/passwords.ts): the suites sign up and
    // log in thousands of times. The tests of the real cost and of the hashing queue set it back.
    // A refused mail is tried again 10 ms and 40 ms later, not 1 s and 4 s (src/server/mail.ts):
    // about 70 s of the suite's time was spent asleep in those waits (the suite took 103 s on 2
    // idle cores with them, 89 s without). The tests of the shop's own waits set it back.
    //
    // The processes the tests start (the CLI about 80 times, the bundled functions, astro build)
    // share Node's compile cache: each would otherwise strip the types of and compile the same few
    // hundred modules again (measured on `npm run shop -- help`: 1.3 s of CPU, 0.9 s with it).
    env: {
      PASSWORD_HASH_COST: 'test',
      MAIL_RETRY_WAITS: 'test',
      NODE_COMPILE_CACHE: path.join(tmpdir(), 'shop-tests-compile-cache'),
    },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each API answer logs one JSON line (src/server/request-log.ts); those of thousands
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
