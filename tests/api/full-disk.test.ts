import { referenceOf } from '../../src/server/request-log.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { closeStore, provideStore } from '../../src/server/store/index.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { call, signUp, stockShelves } from '../fixtures/api.ts';
import { useTempDataDir } from '../fixtures/env.ts';
import { makeProduct } from '../fixtures/products.ts';

let env: Awaited<ReturnType<typeof useTempDataDir>>;
let full: Store;
let token: string;

beforeAll(async () => {
  env = await useTempDataDir();
  await stockShelves([makeProduct({ _id: 'disk-tote', colors: ['Black'] })]);
  ({ token } = await signUp());
  await closeStore();
  // The same database reopened with no room to grow beyond the pages it has.
  full = openSqliteStore(env.dir, { maxPages: 1 });
  provideStore(full);
});
// The operator's "database is unreachable" mail is sent after the answers: the cleanup waits for
// it before the folder goes (it used to land in a folder already removed, and so made it again).
afterAll(() => env.cleanup());

describe('a full disk', () => {
  it('is an outage: 503 with Retry-After, and the log keeps the original error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const line = { itemId: 'disk-tote', selectedColor: 'Black', imageIndex: 0, quantity: 1 };
    // Fill what is left of the pages, large rows first, then ever smaller ones, until none fits.
    let filled = 0;
    for (const size of [3000, 300, 30, 1]) {
      while (
        await full.carts.set(`f${filled}`, { ['x'.repeat(size)]: { B: { '0': 1 } } }).then(
          () => true,
          () => false,
        )
      )
        filled++;
    }
    expect(filled).toBeLessThan(500);
    const answer = await call(account, '/api/cart/add', { token, body: line });
    const logged = errors.mock.calls.map((c) => c.map(String).join(' ')).join('\n');
    errors.mockRestore();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toEqual({
      success: false,
      message: 'The shop is temporarily unavailable. Please try again shortly.',
      reference: referenceOf(answer.headers.get('x-request-id')!),
    });
    expect(logged).toMatch(/database or disk is full/);
    expect(logged).not.toMatch(/cannot rollback/);
  });
});
