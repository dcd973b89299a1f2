// The operator CLI's return steps (`npm run shop -- returns step …`) in a fresh process, over a
// SQLite store in a temporary folder: the desk's own service, recorded as the operator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { lahoreAddress } from '../fixtures/address.ts';
import { orderRecord } from '../fixtures/store.ts';
import { runShop } from '../fixtures/cli.ts';

let dir: string;
let store: Store;
const ORDER_ID = 'ffffffff-0000-4000-8000-0000a1b2c3d4';

const shop = (...args: string[]) => runShop({ DATA_DIR: dir }, ...args);

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

describe('returns step', { timeout: 60_000 }, () => {
  it('approves by the short number, as the operator, and mails the shopper', () => {
    const run = shop('returns', 'step', '#a1b2c3d4', 'approved');
    expect(run.status).toBe(0);
    // The dev outbox logs the mail it wrote (one JSON line, on stderr so stdout is the answer),
    // and the CLI says what it did.
    const logged = JSON.parse(run.err.split('\n')[0]!) as { msg: string };
    expect(logged.msg).toContain('"Your Bastaa return for order #A1B2C3D4: Approved"');
    expect(run.out).toBe('Order #A1B2C3D4: the request is now Approved.');
  });

  it('refuses a step out of order, changing nothing', async () => {
    const run = shop('returns', 'step', '#A1B2C3D4', 'refunded');
    expect(run.status).toBe(1);
    expect(run.err).toBe('A request that is Approved cannot become Refunded.');
    const after = openSqliteStore(dir);
    const order = await after.orders.get(ORDER_ID);
    await after.close();
    expect(order?.returnRequest?.state).toBe('approved');
    expect(order?.history?.at(-1)?.by).toEqual({ id: 'cli', email: 'the operator (CLI)' });
  });

  it('refuses malformed details with the API message', () => {
    const run = shop('returns', 'step', '#A1B2C3D4', 'pickupScheduled', '--from', 'tomorrow');
    expect(run.status).toBe(1);
    expect(run.err).toBe('Times must be written YYYY-MM-DDTHH:mm');
  });
});
