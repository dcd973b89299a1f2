// `npm run screenshots`: the README's pictures of the shop, taken in real Chromium against the
// locally started shop that the journeys use (npm start on a free port, a fresh data folder, fake
// exchange rates and a mail catcher, through tests/e2e/support/run.ts). Not part of `npm test`.
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
});
