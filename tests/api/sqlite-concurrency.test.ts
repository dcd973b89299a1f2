import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tempSqliteStore } from '../fixtures/store.ts';

describe('openSqliteStore', () => {
  it('loses no cart write when four worker threads update the same cart at once', async () => {
    const { store, dir, cleanup } = tempSqliteStore();
    const workerFile = new URL('../fixtures/cart-worker.ts', import.meta.url);
    await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<void>((resolve, reject) => {
            const worker = new Worker(workerFile, { workerData: { dir, times: 25 } });
            worker.once('message', () => resolve());
            worker.once('error', reject);
          }),
      ),
    );
    expect((await store.carts.get('shared')).p?.Black?.['0']).toBe(100);
    await cleanup();
  });
});
