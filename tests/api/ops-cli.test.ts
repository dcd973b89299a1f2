// The operator CLI's backup and key commands over SQLite stores in temporary folders: `backup
// export` then `backup restore` into a new DATA_DIR, the refusals a person meets, and `staff
// reseal` after a JWT_SECRET rotation. The commands run in this process; one smoke test per
// command starts it as an operator does, in a fresh process.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTotpSecret,
  sealTotpSecret,
  newTotpSecret,
} from '../../src/server/accounts/auth/totp.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/index.ts';
import type { Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { orderRecord } from '../fixtures/store.ts';
import { loadShop, runShop, shopInProcess } from '../fixtures/cli.ts';

const dirs: string[] = [];
const newDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `shop-ops-${label}-`));
  dirs.push(dir);
  return dir;
};

/** The shop's secret: a backup restores only where the secret that signed it is set. */
const SECRET = 's'.repeat(48);
const shop = (dataDir: string, env: Record<string, string>, ...args: string[]) =>
  shopInProcess({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...env }, ...args);
/** The same, in a fresh process. */
const shopProcess = (dataDir: string, ...args: string[]) =>
  runShop({ DATA_DIR: dataDir, JWT_SECRET: SECRET }, ...args);

let source: string;
let store: Store;

// Loading the CLI's modules is seconds of CPU, more on a loaded machine: a minute only catches a hang.
beforeAll(loadShop, 60_000);
beforeAll(async () => {
  source = newDir('source');
  store = openSqliteStore(source);
  await store.products.upsertMany([makeProduct({ _id: 'city-tote' })]);
  await store.orders.create(orderRecord());
  await store.close();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run shop -- backup', () => {
  it('exports, then restores into an empty DATA_DIR, printing the counts', async () => {
    const folder = path.join(newDir('backup'), 'nightly');
    const exported = await shop(source, {}, 'backup', 'export', folder);
    expect(exported.status).toBe(0);
    expect(exported.out).toContain('products     1');
    expect(exported.out).toContain('orders       1');
    expect(exported.out).toContain(
      `Backup of the sqlite store written to ${folder} (manifest.json).`,
    );
    const target = newDir('target');
    const restored = await shop(target, {}, 'backup', 'restore', folder);
    expect(restored.status).toBe(0);
    expect(restored.out).toContain('orders       1');
    expect(restored.out).toContain(`Restored ${folder}.`);
    const again = await shop(target, {}, 'backup', 'restore', folder);
    expect(again.status).toBe(1);
    expect(again.err).toMatch(
      /^The store is not empty \(products 1, .*orders 1.*Nothing was restored\.$/,
    );
  });

  it('refuses a damaged backup with a line per problem and exit code 1', async () => {
    const folder = path.join(newDir('damaged'), 'b');
    expect((await shop(source, {}, 'backup', 'export', folder)).status).toBe(0);
    writeFileSync(path.join(folder, 'products.jsonl'), '{"id":"forged"}\n');
    const restored = await shop(newDir('empty'), {}, 'backup', 'restore', folder);
    expect(restored.status).toBe(1);
    expect(restored.err.split('\n')).toEqual([
      'products.jsonl: checksum does not match the manifest; the file was changed or damaged. Restore from another copy.',
      'Nothing was restored.',
    ]);
  });

  it('refuses a backup where the shop has another secret, saying which to set', async () => {
    const folder = path.join(newDir('moved'), 'b');
    expect((await shop(source, {}, 'backup', 'export', folder)).status).toBe(0);
    const target = newDir('elsewhere');
    const restored = await shop(
      target,
      { JWT_SECRET: 'x'.repeat(48) },
      'backup',
      'restore',
      folder,
    );
    expect(restored.status).toBe(1);
    expect(restored.err.split('\n')).toEqual([
      "manifest.json is signed with another key, not this shop's secret: it was signed again elsewhere, or the shop that made it had another JWT_SECRET. Set JWT_SECRET (and JWT_SECRET_PREVIOUS during a rotation) to the secret of the shop that made the backup (without JWT_SECRET: copy its DATA_DIR/jwt-secret).",
      'Nothing was restored.',
    ]);
    const restoredInto = openSqliteStore(target);
    const orders = await restoredInto.backup.count('orders');
    await restoredInto.close();
    expect(orders).toBe(0);
  });

  it('asks for a folder', async () => {
    const run = await shop(source, {}, 'backup', 'export');
    expect(run.status).toBe(2);
    expect(run.err.split('\n')[0]).toBe('backup export needs a folder');
  });
});

describe('npm run shop -- staff reseal', () => {
  const OLD = 'o'.repeat(48);
  const NEW = 'n'.repeat(48);
  it('re-seals keys sealed under JWT_SECRET_PREVIOUS with JWT_SECRET, and audits each', async () => {
    const dataDir = newDir('reseal');
    const db = openSqliteStore(dataDir);
    const secret = newTotpSecret();
    const id = randomUUID();
    await db.staff.create({
      id,
      email: 'late@bastaa.pk',
      name: 'Late',
      role: 'staff',
      status: 'active',
      passwordHash: 'x',
      totpSecret: sealTotpSecret(secret, new TextEncoder().encode(OLD)),
      totpLastStep: 0,
      sessionVersion: 0,
      inviteHash: null,
      inviteExpiresAt: null,
      invitedBy: null,
      createdAt: new Date().toISOString(),
    });
    await db.close();
    const run = await shop(
      dataDir,
      { JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD },
      'staff',
      'reseal',
    );
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toEqual([
      're-sealed late@bastaa.pk',
      '1 re-sealed, 0 already under JWT_SECRET, 0 opened by neither secret.',
    ]);
    const after = openSqliteStore(dataDir);
    const member = await after.staff.findById(id);
    expect(openTotpSecret(member!.totpSecret!, new TextEncoder().encode(NEW))).not.toBeNull();
    expect((await after.audit.list())[0]).toMatchObject({
      action: 'staff.resealKey',
      target: `staff:${id}`,
      actor: { id: 'cli' },
    });
    await after.close();
    const unknown = await shop(dataDir, { JWT_SECRET: 'z'.repeat(48) }, 'staff', 'reseal');
    expect(unknown.status).toBe(1);
    expect(unknown.err).toBe(
      'Opened by neither JWT_SECRET nor JWT_SECRET_PREVIOUS: late@bastaa.pk. Set JWT_SECRET_PREVIOUS to the secret they were enrolled under, or invite them again.',
    );
  });
});

// Each command once in a fresh process, as an operator starts it: the entry script, its exit code
// and its streams. A process costs a second or two of CPU to start here, and several of them in one
// test took 26 s on a loaded 2-core machine; 60 s only catches a command that hangs.
describe('npm run shop -- backup and staff reseal, in a fresh process', { timeout: 60_000 }, () => {
  it('backup export writes the backup and prints its counts', () => {
    const folder = path.join(newDir('smoke'), 'b');
    const run = shopProcess(source, 'backup', 'export', folder);
    expect([run.status, run.err]).toEqual([0, '']);
    expect(run.out.split('\n').at(-1)).toBe(
      `Backup of the sqlite store written to ${folder} (manifest.json).`,
    );
  });

  it('backup restore loads it into an empty store and prints what it restored', async () => {
    const folder = path.join(newDir('smoke'), 'b');
    expect((await shop(source, {}, 'backup', 'export', folder)).status).toBe(0);
    const run = shopProcess(newDir('smoke-target'), 'backup', 'restore', folder);
    expect([run.status, run.err]).toEqual([0, '']);
    expect(run.out.split('\n').at(-1)).toBe(`Restored ${folder}.`);
  });

  it('staff reseal on a store without members has nothing to re-seal', () => {
    const run = shopProcess(newDir('smoke-reseal'), 'staff', 'reseal');
    expect([run.status, run.err]).toEqual([0, '']);
    expect(run.out).toBe('0 re-sealed, 0 already under JWT_SECRET, 0 opened by neither secret.');
  });
});
