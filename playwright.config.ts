import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/fixtures/chromium.ts';
import { E2E_POSTEX_TOKEN } from './tests/fixtures/stand-in-keys.ts';

/** A port free now on 127.0.0.1, found in a child process (this file's loading is synchronous). */
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();

// Workers re-read this file: the port and data folder are chosen once and passed down by env.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
// The push journey's local push service listens here; the server sends to no other but the browsers'.
process.env.E2E_PUSH_PORT ??= freePort();
// The local PostEx stand-in's port: the courier journey moves parcels by its control address.
process.env.E2E_POSTEX_PORT ??= freePort();
// The wallets' stand-ins listen here, so a journey can open their test wallet ("phone") pages.
process.env.E2E_JAZZCASH_PORT ??= freePort();
process.env.E2E_EASYPAISA_PORT ??= freePort();
// The WhatsApp stand-in's port: the COD confirmation journey reads its test inbox.
process.env.E2E_WHATSAPP_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
/** The journeys of taps made before hydration, at 4× CPU on a slow network. */
const SLOW_PHONE = ['**/instant.spec.ts', '**/performance.spec.ts'];
// Journeys that run with the machine to themselves: Book all packed books every packed order of the
// shop (no other journey may pack one meanwhile), and the page weights measure each page until it
// is quiet (page-weight.spec.ts says why).
const ALONE = ['**/desk-load-sheet.spec.ts', '**/page-weight.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Three files at a time against the one `npm start` server: every journey signs up its own
  // shopper, so files share nothing but the catalogue. Many journeys wait (a 5 s slideshow, mail
  // retries, a rebuild), so a third browser fills two cores that two leave a third idle.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // A journey is a whole errand (sign up, fill a form, place an order, read the mail): on a 2-core
  // machine running three of them beside the shop, the longest take 25-30 s, so 30 s failed sound
  // journeys that were merely slow (checkout's "empty submit … cart empties" at 30.8 s, with the
  // browser still typing). The budget per journey is 60 s on a quiet machine, stretched up to
  // three times while other work shares it (tests/e2e/support/busy.ts); a hung one still fails.
  timeout: 60_000,
  // The timing report comes last, so the slowest journeys are the run's final lines.
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ['./tests/e2e/support/timing-reporter.ts'],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace for every journey (to keep the failures') cost a third of the run's CPU
    // (measured: 7.4 min and about 810 CPU-s with it, 5.0 min and 539 CPU-s without). A failure in
    // CI is retried once with a trace; locally, `npm run test:e2e -- --trace on`.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [...SLOW_PHONE, ...ALONE, '**/publish.spec.ts'],
    },
    // The slow-phone journeys run after the others, two at a time (each file's journeys spread over
    // both; one at a time left a core idle for about two minutes of every run). A tap they make
    // before hydration must not wait behind three unthrottled browsers: in the three-worker pool a
    // filter-sheet journey's taps came after the island. They assert what the page does, not how
    // fast: the 200 ms budget is the bench's.
    {
      name: 'slow-phone',
      use: { ...devices['Desktop Chrome'] },
      testMatch: SLOW_PHONE,
      dependencies: ['chromium'],
      workers: 2,
      fullyParallel: true,
    },
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'] },
      testMatch: ALONE,
      dependencies: ['slow-phone'],
      workers: 1,
    },
    // Publishing rebuilds the pages the other journeys read and publishes whatever the draft holds
    // then (a product another journey is adding, an archive under way): it runs once they are done.
    // Alone: `npm run test:e2e -- tests/e2e/publish.spec.ts --no-deps`.
    {
      name: 'publish',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/publish.spec.ts',
      dependencies: ['alone'],
    },
  ],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/product/list`,
    timeout: 180_000,
    reuseExistingServer: false,
    // One JSON line per answered call goes to stdout and would drown the report; warnings and
    // errors go to stderr, which Playwright shows.
    stdout: 'ignore',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Nothing leaves the machine: the rates service is faked by the tests that need it.
      RATES_URL: process.env.E2E_RATES_URL ?? `http://127.0.0.1:9/latest/PKR`,
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      // Every browser test signs up from 127.0.0.1; per-address throttles are scaled, per-e-mail ones are not.
      THROTTLE_ADDRESS_FACTOR: '50',
      // Every journey signs up: the same scrypt at 1/32 of the work (src/server/accounts/auth/passwords.ts).
      PASSWORD_HASH_COST: 'test',
      // Journeys look at real photos: a start that builds makes every photo before it serves.
      PHOTOS_LATER: '0',
      // The one push service besides the browsers' (which are out of reach here): the push
      // journey's stand-in (tests/fixtures/push-service.ts).
      PUSH_SERVICE_STAND_IN: `http://localhost:${process.env.E2E_PUSH_PORT}`,
      POSTEX_STAND_IN_PORT: process.env.E2E_POSTEX_PORT,
      // The PostEx stand-in's token, which the Settings journey types as the owner would.
      POSTEX_STAND_IN_TOKEN: E2E_POSTEX_TOKEN,
      // Without wallet keys `npm start` takes JazzCash and EasyPaisa through local stand-ins, as on
      // a fresh clone; on these ports, so the wallet journeys open their test wallet pages.
      JAZZCASH_STAND_IN_PORT: process.env.E2E_JAZZCASH_PORT,
      EASYPAISA_STAND_IN_PORT: process.env.E2E_EASYPAISA_PORT,
      WHATSAPP_STAND_IN_PORT: process.env.E2E_WHATSAPP_PORT,
    },
  },
});
