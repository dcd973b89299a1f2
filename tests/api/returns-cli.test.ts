// The operator CLI's return steps (`npm run shop -- returns step …`) over a SQLite store in a
// temporary folder: the desk's own service, recorded as the operator. The command runs in this
// process, and once in a fresh process, as an operator starts it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { orderRecord } from '../fixtures/store.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';

let dir: string;
let store: Store;
const ORDER_ID = 'ffffffff-0000-4000-8000-0000a1b2c3d4';

/** Runs a CLI command in this process over the test's store. */
const shop = (...args: string[]) => shopInProcess({ DATA_DIR: dir }, ...args);
/** The same command in a fresh process, as an operator starts it. */
const shopProcess = (...args: string[]) => runShop({ DATA_DIR: dir }, ...args);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-returns-cli-'));
  store = openSqliteStore(dir);
  const delivered = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  await store.orders.create(
    orderRecord({
      id: ORDER_ID,
      status: 'Delivered',
      address: lahoreAddress({ email: 'cli.returns@example.com' }),
      history: [{ at: delivered, from: 'Out for Delivery', to: 'Delivered', by: null }],
    }),
  );
  const now = new Date().toISOString();
  await store.orders.saveReturn(
    ORDER_ID,
    0,
    {
      kind: 'return',
      state: 'requested',
      version: 1,
      lines: [],
      reason: 'Wrong colour',
      requestedAt: now,
      updatedAt: now,
    },
    { event: { at: now, from: 'Delivered', to: 'Delivered', by: null, returnStep: 'requested' } },
  );
  await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
beforeAll(loadShop, 60_000);

describe('returns step', () => {
  // In a fresh process, as an operator starts it. A process costs a second or two of CPU to start
  // here, several on a loaded 2-core machine: a minute only catches a command that hangs.
  it(
    'approves by the short number, as the operator, and mails the shopper, in a fresh process',
    { timeout: 60_000 },
    () => {
      const run = shopProcess('returns', 'step', '#a1b2c3d4', 'approved');
      expect(run.status).toBe(0);
      // The dev outbox logs the mail it wrote (one JSON line, on stderr so stdout is the answer),
      // and the CLI says what it did.
      const logged = JSON.parse(run.err.split('\n')[0]!) as { msg: string };
      expect(logged.msg).toContain('"Your Bastaa return for order #A1B2C3D4: Approved"');
      expect(run.out).toBe('Order #A1B2C3D4: the request is now Approved.');
    },
  );

  it('refuses a step out of order, changing nothing', async () => {
    const run = await shop('returns', 'step', '#A1B2C3D4', 'refunded');
    expect(run.status).toBe(1);
    expect(run.err).toBe('A request that is Approved cannot become Refunded.');
    const after = openSqliteStore(dir);
    const order = await after.orders.get(ORDER_ID);
    await after.close();
    expect(order?.returnRequest?.state).toBe('approved');
    expect(order?.history?.at(-1)?.by).toEqual({ id: 'cli', email: 'the operator (CLI)' });
  });

  it('refuses malformed details with the API message', async () => {
    const run = await shop('returns', 'step', '#A1B2C3D4', 'pickupScheduled', '--from', 'tomorrow');
    expect(run.status).toBe(1);
    expect(run.err).toBe('Times must be written YYYY-MM-DDTHH:mm');
  });
});
