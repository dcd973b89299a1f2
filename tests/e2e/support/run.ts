// `npm run test:e2e`: starts the local stand-ins for outside services (exchange rates, SMTP), then
// Playwright, whose webServer (`npm start`) is pointed at them. Nothing leaves the machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeRates } from '../../fixtures/fake-rates.ts';
import { startSmtpCatcher } from '../../fixtures/smtp-catcher.ts';

// The CLI calls of the journeys and `npm start` share one compile cache (scripts/test.ts says why).
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'shop-tests-compile-cache');
const rates = await startFakeRates('ok');
const mailDir = mkdtempSync(path.join(tmpdir(), 'shop-mail-'));
// The server's store, made here (not by playwright.config.ts) so that the run removes it after; one
// the caller names is theirs, and kept.
const madeDataDir = process.env.E2E_DATA_DIR
  ? undefined
  : mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
process.env.E2E_DATA_DIR ??= madeDataDir;
const smtp = await startSmtpCatcher(mailDir);

const child = spawn(
  process.execPath,
  [path.resolve('node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_RATES_URL: rates.url,
      E2E_SMTP_URL: smtp.url,
      E2E_MAIL_DIR: mailDir,
    },
  },
);
const code: number = await new Promise((resolve) =>
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
);
await Promise.all([rates.close(), smtp.close()]);
rmSync(mailDir, { recursive: true, force: true });
if (madeDataDir) rmSync(madeDataDir, { recursive: true, force: true });
process.exit(code);
