import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/bundle/**/*.test.ts'],
    environment: 'node',
    // Two test files at a time on this 2-core machine: most files wait on I/O or scrypt's thread pool
    // (measured: 107 s, 230 s on one worker).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['src/lib/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
