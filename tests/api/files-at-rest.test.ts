// Files at rest that hold the shop's data are for their owner only: the SQLite store's folder
// (DATA_DIR) 0700 and its database files 0600, whatever the umask, a folder made earlier with a
// wider mode included. (Backups: tests/api/backup.test.ts; the dev outbox: mail-outbox.test.ts.)
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import { makeProduct } from '../fixtures/products.ts';

let root: string;
let umask: number;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'shop-at-rest-'));
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('the SQLite store at rest', () => {
  it('makes DATA_DIR 0700 and shop.db with its -wal and -shm files 0600', async () => {
    const dataDir = path.join(root, 'fresh', '.data');
    const store = openSqliteStore(dataDir);
    await store.products.upsertMany([makeProduct({ _id: 'city-tote' })]);
    const files = readdirSync(dataDir).sort();
    const modes = files.map((f) => `${f} ${modeOf(path.join(dataDir, f))}`);
    await store.close();
    expect(modeOf(dataDir)).toBe('700');
    expect(files).toContain('shop.db');
    expect(modes).toEqual(files.map((f) => `${f} 600`));
  });

  it('tightens a DATA_DIR and a shop.db left readable by everyone', async () => {
    const dataDir = path.join(root, 'older');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const first = openSqliteStore(dataDir);
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'shop.db'), 0o644);
    const again = openSqliteStore(dataDir);
    await again.products.upsertMany([makeProduct({ _id: 'night-clutch' })]);
    expect((await again.products.get('night-clutch'))?._id).toBe('night-clutch');
    await again.close();
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.join(dataDir, 'shop.db'))).toBe('600');
  });

  it('leaves a shared sticky folder such as /tmp as it is', async () => {
    const shared = path.join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const store = openSqliteStore(shared);
    await store.close();
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(modeOf(path.join(shared, 'shop.db'))).toBe('600');
  });
});
