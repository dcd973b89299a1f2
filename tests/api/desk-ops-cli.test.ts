// The operator CLI's operations commands over a SQLite store in a temporary folder (no SMTP_URL:
// mail goes to the dev outbox): failed mails listed and retried, and the accountant's CSV export.
// They run the desk's own services, in this process; `mail retry` and `orders export` each once in
// a fresh process, as an operator starts them.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_OPS_ANSWERS } from '../../src/lib/desk-ops.ts';
import { parseCsv } from '../../src/server/catalogue/csv-text.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { MailFailureRecord, Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { orderRecord } from '../fixtures/store.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';

let dir: string;
let store: Store;
const ORDER_ID = 'ffffffff-0000-4000-8000-0000000cafe1';

/** Runs a CLI command in this process over the test's store. */
const shop = (...args: string[]) => shopInProcess({ DATA_DIR: dir }, ...args);
/** The same command in a fresh process, as an operator starts it. */
const shopProcess = (...args: string[]) => runShop({ DATA_DIR: dir }, ...args);

const failure = (overrides: Partial<MailFailureRecord>): MailFailureRecord => ({
  id: 'mail-due',
  kind: 'order-status',
  orderId: ORDER_ID,
  to: 'zara@example.com',
  subject: 'Your Bastaa order #0CAFE1 is Packing',
  text: 'Dear Zara,\n\nYour order is now Packing.',
  error: 'Mailbox unavailable',
  attempts: 1,
  state: 'failed',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastTriedAt: '2026-03-01T10:00:00.000Z',
  nextTryAt: Date.parse('2026-03-01T10:05:00.000Z'),
  claimedUntil: null,
  sentAt: null,
  sentBy: null,
  ...overrides,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-ops-cli-'));
  store = openSqliteStore(dir);
  await store.orders.create(
    orderRecord({
      id: ORDER_ID,
      date: '2026-03-01T20:30:00.000Z',
      address: lahoreAddress({ firstName: '@Zara', lastName: 'Khan', email: 'zara@example.com' }),
    }),
  );
  await store.mailFailures.add(failure({}));
  await store.mailFailures.add(
    failure({ id: 'mail-later', nextTryAt: Date.now() + 3600_000, to: 'later@example.com' }),
  );
}, 30_000);
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});
// Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
beforeAll(loadShop, 60_000);

describe('npm run shop -- mail', () => {
  // `mail retry` in a fresh process, as an operator starts it. A process costs a second or two of
  // CPU to start here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'lists the failed mails not yet sent, then retries only those due, in a fresh process',
    { timeout: 60_000 },
    async () => {
      const listed = await shop('mail', 'failures');
      expect(listed.status).toBe(0);
      expect(listed.out).toContain('mail-due');
      expect(listed.out).toContain('zara@example.com  "Your Bastaa order #0CAFE1 is Packing"');
      expect(listed.out).toContain('mail-later');
      const retried = shopProcess('mail', 'retry');
      expect(retried.out.split('\n').at(-1)).toBe(
        'Retried 1 failed mails: 1 sent, 0 failed again.',
      );
      expect(retried.status).toBe(0);
      expect((await store.mailFailures.get('mail-due'))?.state).toBe('sent');
      expect((await store.mailFailures.get('mail-later'))?.state).toBe('failed');
      const outbox = readdirSync(path.join(dir, 'outbox'));
      expect(outbox).toHaveLength(1);
      expect(readFileSync(path.join(dir, 'outbox', outbox[0]!), 'utf8')).toContain(
        'Subject: Your Bastaa order #0CAFE1 is Packing',
      );
      const after = await shop('mail', 'failures');
      expect(after.out).not.toContain('mail-due');
    },
  );
});

describe('npm run shop -- orders export', () => {
  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'writes the Karachi days’ orders to a CSV file with a byte-order mark, formulas defused, in a fresh process',
    { timeout: 60_000 },
    async () => {
      const file = path.join(dir, 'march.csv');
      // 20:30 UTC on 1 March is 2 March in Karachi.
      const done = shopProcess('orders', 'export', '2026-03-02', '2026-03-02', file);
      expect(done.out).toBe(`Wrote 1 orders to ${file}.`);
      expect(done.status).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(text.slice(1));
      expect(rows).toHaveLength(2);
      expect(rows[1]![1]).toBe(ORDER_ID);
      expect(rows[1]![rows[0]!.indexOf('Name')]).toBe("'@Zara Khan");
      const none = await shop('orders', 'export', '2026-03-01', '2026-03-01');
      expect(parseCsv(none.out)).toHaveLength(1);
    },
  );

  it('explains a reversed or impossible period and exits 1', async () => {
    const reversed = await shop('orders', 'export', '2026-03-02', '2026-03-01');
    expect(reversed.status).toBe(1);
    expect(reversed.err).toBe(DESK_OPS_ANSWERS.badDates);
    const impossible = await shop('orders', 'export', '2026-02-30', '2026-03-01');
    expect(impossible.err).toBe(DESK_OPS_ANSWERS.badDay('2026-02-30'));
    const missing = await shop('orders', 'export', '2026-03-01');
    expect(missing.status).toBe(2);
    expect(missing.err.split('\n')[0]).toBe(
      'orders export needs a start and an end date (YYYY-MM-DD)',
    );
  });
});
