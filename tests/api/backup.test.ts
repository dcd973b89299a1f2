// Backups: export every backed-up collection, restore into a fresh store, and compare
// every record; on SQLite and on the Mongo adapter over the driver's test double. A restore checks
// the manifest's signature (a key derived from the shop's secret), that every collection is there,
// the checksums, and refuses a non-empty store before writing anything. The attacks on the folder
// (an edited record with its checksum recomputed, a manifest signed again with another key, a
// manifest without its orders and audit) are kept here, and so are the files' modes.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BackupError,
  exportBackup,
  restoreBackup,
  signManifest,
} from '../../src/server/operations/backup.ts';
import { BACKED_UP, COLLECTIONS } from '../../src/server/store/collections.ts';
import type { Store } from '../../src/server/store/port.ts';
import { makeProduct } from '../fixtures/products.ts';
import { orderRecord, tempMongoDoubleStore, tempSqliteStore } from '../fixtures/store.ts';

type Opened = { store: Store; cleanup: () => Promise<void> };

/** The shop's secret (JWT_SECRET) that signs its backups. */
const SECRET = new TextEncoder().encode('the shop’s own secret, thirty-two characters or more');
const KEYS = [SECRET];

/** Puts at least one record into every collection, backed up or not. */
async function populate(store: Store): Promise<void> {
  await store.products.upsertMany([
    makeProduct({ _id: 'city-tote', productName: 'City Tote' }),
    makeProduct({ _id: 'night-clutch', productName: 'Night Clutch', discountPercent: 0 }),
  ]);
  const userId = randomUUID();
  await store.users.create({
    id: userId,
    email: 'sana@example.com',
    name: 'Sana "Quote" Iqbal — ñ',
    passwordHash: 'scrypt$abc',
    googleSub: null,
    tokenVersion: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    emailVerified: true,
  });
  await store.carts.set(userId, { 'city-tote': { Black: { '0': 3 } } });
  const order = orderRecord({ userId });
  await store.orders.create(order);
  await store.orders.create(orderRecord({ userId, status: 'Delivered' }));
  await store.otps.put({
    email: 'sana@example.com',
    codeHash: 'h',
    expiresAt: Date.now() + 600_000,
    attempts: 0,
  });
  await store.limits.hit('login:sana@example.com', 60_000);
  await store.rates.put({
    rates: { PKR: 1, USD: 0.0036 },
    fetchedAt: 1_700_000_000_000,
    suspect: { JPY: 1e306 },
  });
  await store.subscribers.request('news@example.com', 'token-hash', 1_700_000_000_000);
  await store.staff.create({
    id: randomUUID(),
    email: 'owner@bastaa.pk',
    name: 'Owner',
    role: 'owner',
    status: 'active',
    passwordHash: 'scrypt$def',
    totpSecret: 'v1.a.b.c',
    totpLastStep: 123,
    sessionVersion: 1,
    inviteHash: null,
    inviteExpiresAt: null,
    invitedBy: null,
    createdAt: '2026-11-01T09:00:00.000Z',
  });
  await store.passkeys.create({
    id: 'Y3JlZGVudGlhbC0x',
    staffId: 'owner-1',
    name: 'Owner’s phone',
    publicKey: 'pQECAyYgASFYIA',
    counter: 7,
    transports: ['internal'],
    deviceType: 'multiDevice',
    backedUp: true,
    createdAt: '2026-11-01T09:05:00.000Z',
    lastUsedAt: null,
  });
  await store.passkeyChallenges.put({
    id: 'a-live-challenge',
    purpose: 'signin',
    staffId: null,
    expiresAt: Date.now() + 60_000,
  });
  await store.audit.append({
    id: randomUUID(),
    at: '2026-11-02T09:00:00.000Z',
    actor: { id: 'owner-1', email: 'owner@bastaa.pk' },
    action: 'order.move',
    target: `order:${order.id}`,
    before: { status: 'Order Placed' },
    after: { status: 'Packing' },
  });
  await store.settings.save({ ordersEmail: 'orders@bastaa.pk' });
  // A connection as the desk saves it: its secret already sealed (the backup copies it as it is).
  await store.connections.save('courier', {
    DEFAULT_COURIER: 'postex',
    POSTEX_API_TOKEN: 'v1.a.b.c',
  });
  await store.mailFailures.add({
    id: randomUUID(),
    kind: 'order-status',
    orderId: order.id,
    to: 'sana@example.com',
    subject: 'Your Bastaa order is Packing',
    text: 'Dear Sana,',
    error: '421 try later',
    attempts: 1,
    state: 'failed',
    createdAt: '2026-11-02T09:01:00.000Z',
    lastTriedAt: '2026-11-02T09:01:00.000Z',
    nextTryAt: 1_700_000_300_000,
    claimedUntil: null,
    sentAt: null,
    sentBy: null,
  });
  await store.catalogueVersions.publish(
    {
      publishedAt: '2026-11-02T10:00:00.000Z',
      by: { id: 'owner-1', email: 'owner@bastaa.pk' },
      products: await store.products.list(),
      state: 'queued',
    },
    () => 2,
  );
}

function backupContract(name: string, open: () => Promise<Opened>) {
  describe(`backup round trip (${name})`, () => {
    let source: Opened;
    let target: Opened;
    let folder: string;
    const folders: string[] = [];
    const newFolder = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
      folders.push(dir);
      return dir;
    };

    beforeAll(async () => {
      source = await open();
      target = await open();
      await populate(source.store);
      folder = newFolder();
      await exportBackup(source.store, folder, KEYS, new Date('2026-11-24T03:00:00.000Z'));
    });
    afterAll(async () => {
      await Promise.all([source.cleanup(), target.cleanup()]);
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    it('writes one JSON-lines file per backed-up collection and a manifest with counts and checksums', () => {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: BACKUP_FORMAT,
        schemaVersion: 1,
        createdAt: '2026-11-24T03:00:00.000Z',
        store: source.store.kind,
      });
      expect(manifest.collections.map((c: { name: string }) => c.name)).toEqual([...BACKED_UP]);
      const counts = Object.fromEntries(
        manifest.collections.map((c: { name: string; count: number }) => [c.name, c.count]),
      );
      expect(counts).toEqual({
        products: 2,
        users: 1,
        carts: 1,
        orders: 2,
        rates: 1,
        subscribers: 1,
        staff: 1,
        audit: 1,
        settings: 1,
        connections: 1,
        mailFailures: 1,
        catalogueVersions: 1,
        gatewayEvents: 0,
        passkeys: 1,
      });
      expect(readdirSync(folder).sort()).toEqual(
        ['manifest.json', ...BACKED_UP.map((c) => `${c}.jsonl`)].sort(),
      );
      for (const c of manifest.collections) expect(c.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('leaves reset codes and rate-limit counters out', () => {
      expect(readdirSync(folder)).not.toContain('otps.jsonl');
      expect(readdirSync(folder)).not.toContain('limits.jsonl');
    });

    it('restores into a fresh store, every record equal to the original', async () => {
      const restored = await restoreBackup(target.store, folder, KEYS);
      expect(Object.keys(restored)).toEqual([...BACKED_UP]);
      for (const collection of BACKED_UP)
        expect(await target.store.backup.read(collection), collection).toEqual(
          await source.store.backup.read(collection),
        );
    });

    it('restores what the services read: catalogue, accounts, carts, orders, staff, audit, rates', async () => {
      const [a, b] = [source.store, target.store];
      expect(await b.products.list()).toEqual(await a.products.list());
      const user = await a.users.findByEmail('sana@example.com');
      expect(await b.users.findByEmail('SANA@example.com')).toEqual(user);
      expect(await b.carts.get(user!.id)).toEqual(await a.carts.get(user!.id));
      expect(await b.orders.listByUser(user!.id)).toEqual(await a.orders.listByUser(user!.id));
      expect(await b.staff.list()).toEqual(await a.staff.list());
      expect(await b.audit.list()).toEqual(await a.audit.list());
      expect(await b.rates.get()).toEqual(await a.rates.get());
      expect(await b.subscribers.get('news@example.com')).toEqual(
        await a.subscribers.get('news@example.com'),
      );
      // The restored store keeps its rules: the same e-mail cannot be registered twice.
      expect(
        await b.users.create({ ...user!, id: randomUUID(), email: 'Sana@Example.com' }),
      ).toBeNull();
    });

    it('refuses to restore into a store that is not empty, writing nothing', async () => {
      const before = await target.store.backup.count('orders');
      const error = await restoreBackup(target.store, folder, KEYS).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as BackupError).problems).toEqual([
        'The store is not empty (products 2, users 1, carts 1, orders 2, rates 1, subscribers 1, staff 1, audit 1, settings 1, connections 1, mailFailures 1, catalogueVersions 1, passkeys 1): restore only into an empty store (a new MongoDB database, or a new DATA_DIR). Nothing was restored.',
      ]);
      expect(await target.store.backup.count('orders')).toBe(before);
    });

    it('refuses a folder whose file does not match its checksum, writing nothing', async () => {
      const damaged = newFolder();
      await exportBackup(source.store, damaged, KEYS);
      const file = path.join(damaged, 'orders.jsonl');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Delivered', 'Cancelled'));
      const empty = await open();
      try {
        const error = await restoreBackup(empty.store, damaged, KEYS).catch((e: unknown) => e);
        expect((error as BackupError).problems).toEqual([
          'orders.jsonl: checksum does not match the manifest; the file was changed or damaged. Restore from another copy.',
          'Nothing was restored.',
        ]);
        for (const collection of BACKED_UP)
          expect(await empty.store.backup.count(collection)).toBe(0);
      } finally {
        await empty.cleanup();
      }
    });

    it('refuses to export into a folder that already holds files', async () => {
      const error = await exportBackup(source.store, folder, KEYS).catch((e: unknown) => e);
      expect((error as BackupError).problems).toEqual([
        `${folder} is not empty (${BACKED_UP.length + 1} entries): export into a new or empty folder, so no older backup is mixed in.`,
      ]);
    });
  });
}

backupContract('sqlite', async () => tempSqliteStore());
backupContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

describe('the backup list', () => {
  it('names every repository an adapter opens, each backed up or left out for a reason', async () => {
    for (const open of [tempSqliteStore, tempMongoDoubleStore]) {
      const { store, cleanup } = await open();
      const repositories = Object.keys(store).filter(
        (key) =>
          key !== 'backup' &&
          typeof (store as unknown as Record<string, unknown>)[key] === 'object',
      );
      expect(repositories.sort()).toEqual(Object.keys(COLLECTIONS).sort());
      await cleanup();
    }
    for (const policy of Object.values(COLLECTIONS)) expect(policy.why.length).toBeGreaterThan(10);
  });

  it('refuses a collection name it does not back up, before it reaches the database', async () => {
    const { store, cleanup } = tempSqliteStore();
    try {
      await expect(store.backup.read('otps')).rejects.toThrow('"otps" is not backed up');
      await expect(store.backup.read('users; DROP TABLE users')).rejects.toThrow(
        'is not backed up',
      );
      await expect(
        store.backup.write('users', [{ id: 'x', email: 'a@b.c', doc: '{}', evil: 1 }]),
      ).rejects.toThrow('users has no column "evil"');
      expect(await store.backup.count('users')).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it('refuses a folder without a manifest, or with a manifest of another kind of store', async () => {
    const { store, cleanup } = tempSqliteStore();
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
    try {
      let error = await restoreBackup(store, dir, KEYS).catch((e: unknown) => e);
      expect((error as BackupError).problems).toEqual([
        `${dir} has no manifest.json: name the folder \`backup export\` wrote.`,
      ]);
      const mongoManifest: Parameters<typeof signManifest>[0] = {
        format: BACKUP_FORMAT,
        schemaVersion: 1,
        createdAt: '2026-11-24T03:00:00.000Z',
        store: 'mongo',
        collections: BACKED_UP.map((name) => ({
          name,
          file: `${name}.jsonl`,
          count: 0,
          sha256: '0'.repeat(64),
        })),
      };
      writeFileSync(
        path.join(dir, 'manifest.json'),
        JSON.stringify(signManifest(mongoManifest, SECRET)),
      );
      error = await restoreBackup(store, dir, KEYS).catch((e: unknown) => e);
      expect((error as BackupError).problems).toEqual([
        'This backup was made from a mongo store; restore it into a mongo store (this one is sqlite).',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await cleanup();
    }
  });
});

describe('a backup that proves where it came from', () => {
  let source: Opened;
  const folders: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
    folders.push(dir);
    return dir;
  };
  /** A fresh export of the populated store, with one member who is staff, not owner. */
  const exported = async (keys = KEYS) => {
    const folder = newFolder();
    await exportBackup(source.store, folder, keys);
    return folder;
  };
  const readManifest = (folder: string) =>
    JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
  const writeManifest = (folder: string, manifest: unknown) =>
    writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
  /** The attack: Mallory's staff record says owner, and its checksum in the manifest follows. */
  const makeMalloryOwner = (folder: string) => {
    const file = path.join(folder, 'staff.jsonl');
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const row = JSON.parse(line);
        const doc = JSON.parse(row.doc);
        if (doc.email === 'mallory@bastaa.pk') row.doc = JSON.stringify({ ...doc, role: 'owner' });
        return `${JSON.stringify(row)}\n`;
      })
      .join('');
    writeFileSync(file, text);
    const manifest = readManifest(folder);
    const entry = manifest.collections.find((c: { name: string }) => c.name === 'staff');
    entry.sha256 = createHash('sha256').update(text).digest('hex');
    return manifest;
  };
  /** Restores `folder` into a fresh store: the problems, and whether anything was written. */
  async function refusal(folder: string, keys = KEYS) {
    const empty = tempSqliteStore();
    try {
      const error = await restoreBackup(empty.store, folder, keys).catch((e: unknown) => e);
      let written = 0;
      for (const collection of BACKED_UP) written += await empty.store.backup.count(collection);
      return { problems: (error as BackupError).problems, written };
    } finally {
      await empty.cleanup();
    }
  }
  const CHANGED =
    'manifest.json was changed after it was signed: its collections, counts or checksums are not the ones the shop wrote.';
  const OTHER_KEY =
    "manifest.json is signed with another key, not this shop's secret: it was signed again elsewhere, or the shop that made it had another JWT_SECRET. Set JWT_SECRET (and JWT_SECRET_PREVIOUS during a rotation) to the secret of the shop that made the backup (without JWT_SECRET: copy its DATA_DIR/jwt-secret).";

  beforeAll(async () => {
    source = tempSqliteStore();
    await populate(source.store);
    await source.store.staff.create({
      id: randomUUID(),
      email: 'mallory@bastaa.pk',
      name: 'Mallory',
      role: 'staff',
      status: 'active',
      passwordHash: 'scrypt$ghi',
      totpSecret: 'v1.d.e.f',
      totpLastStep: 1,
      sessionVersion: 0,
      inviteExpiresAt: null,
      invitedBy: null,
      inviteHash: null,
      createdAt: '2026-11-01T09:30:00.000Z',
    });
  });
  afterAll(async () => {
    await source.cleanup();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('signs the manifest with a key derived from the shop’s secret', async () => {
    const manifest = readManifest(await exported());
    expect(manifest.signature).toEqual({
      alg: 'HMAC-SHA256',
      keyId: expect.stringMatching(/^[\w-]{11}$/),
      value: expect.stringMatching(/^[\w-]{43}$/),
    });
    // The key is derived, never the secret itself: the secret's HMAC is not the signature.
    const { signature: _s, ...body } = manifest;
    expect(manifest.signature.value).not.toBe(
      createHmac('sha256', SECRET).update(JSON.stringify(body)).digest('base64url'),
    );
  });

  it('refuses a staff record made owner with its checksum recomputed, and restores nothing', async () => {
    const folder = await exported();
    writeManifest(folder, makeMalloryOwner(folder));
    expect(await refusal(folder)).toEqual({
      problems: [CHANGED, 'Nothing was restored.'],
      written: 0,
    });
  });

  it('refuses the same edit signed again with another key, and restores nothing', async () => {
    const folder = await exported();
    const attacker = new TextEncoder().encode('an attacker’s own secret, thirty-two characters');
    writeManifest(folder, signManifest(makeMalloryOwner(folder), attacker));
    expect(await refusal(folder)).toEqual({
      problems: [OTHER_KEY, 'Nothing was restored.'],
      written: 0,
    });
  });

  it('refuses the edit signed again under this shop’s key id but another key', async () => {
    const folder = await exported();
    const attacker = new TextEncoder().encode('an attacker’s own secret, thirty-two characters');
    const forged = signManifest(makeMalloryOwner(folder), attacker);
    forged.signature!.keyId = readManifest(folder).signature.keyId;
    writeManifest(folder, forged);
    expect(await refusal(folder)).toEqual({
      problems: [CHANGED, 'Nothing was restored.'],
      written: 0,
    });
  });

  it('refuses an unsigned manifest, even one whose checksums all match', async () => {
    const folder = await exported();
    const { signature: _s, ...unsigned } = makeMalloryOwner(folder);
    writeManifest(folder, unsigned);
    expect(await refusal(folder)).toEqual({
      problems: [
        'manifest.json is not signed: this shop cannot tell where the backup came from or whether it was changed. Restore a backup `backup export` made, which signs it.',
        'Nothing was restored.',
      ],
      written: 0,
    });
  });

  it('refuses a manifest without orders and audit, signed or not, and restores nothing', async () => {
    const folder = await exported();
    const manifest = readManifest(folder);
    manifest.collections = manifest.collections.filter(
      (c: { name: string }) => c.name !== 'orders' && c.name !== 'audit',
    );
    rmSync(path.join(folder, 'orders.jsonl'));
    rmSync(path.join(folder, 'audit.jsonl'));
    writeManifest(folder, manifest);
    expect(await refusal(folder)).toEqual({
      problems: [CHANGED, 'Nothing was restored.'],
      written: 0,
    });
    // Even signed with the shop's own key (an older export, or someone holding the secret):
    writeManifest(folder, signManifest(manifest, SECRET));
    expect(await refusal(folder)).toEqual({
      problems: [
        'The backup is incomplete: it lacks orders, audit. Restore a whole backup.',
        'Nothing was restored.',
      ],
      written: 0,
    });
  });

  it('refuses a manifest with a field added after it was signed', async () => {
    const folder = await exported();
    writeManifest(folder, { ...readManifest(folder), note: 'restore me' });
    expect(await refusal(folder)).toEqual({
      problems: [CHANGED, 'Nothing was restored.'],
      written: 0,
    });
  });

  it('restores a backup signed under JWT_SECRET_PREVIOUS while a rotation is under way', async () => {
    const folder = await exported();
    const rotated = new TextEncoder().encode('the new secret after rotation, 32 characters+');
    const empty = tempSqliteStore();
    try {
      const restored = await restoreBackup(empty.store, folder, [rotated, SECRET]);
      expect(restored.staff).toBe(2);
      expect(await refusal(folder, [rotated])).toEqual({
        problems: [OTHER_KEY, 'Nothing was restored.'],
        written: 0,
      });
    } finally {
      await empty.cleanup();
    }
  });

  it('writes its folder 0700 and every file 0600, an existing empty folder included', async () => {
    const previous = process.umask(0o022);
    try {
      const fresh = path.join(newFolder(), 'nightly');
      await exportBackup(source.store, fresh, KEYS);
      const existing = path.join(newFolder(), 'given');
      mkdirSync(existing);
      chmodSync(existing, 0o755);
      await exportBackup(source.store, existing, KEYS);
      for (const folder of [fresh, existing]) {
        expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
        const modes = readdirSync(folder).map(
          (f) => `${f} ${(statSync(path.join(folder, f)).mode & 0o777).toString(8)}`,
        );
        expect(modes.sort()).toEqual(
          ['manifest.json', ...BACKED_UP.map((c) => `${c}.jsonl`)].map((f) => `${f} 600`).sort(),
        );
      }
    } finally {
      process.umask(previous);
    }
  });
});
