// The store contract of desk members' passkeys and their ceremonies' challenges, run on every
// adapter: SQLite, the Mongo adapter over the driver's test double, and a real MongoDB server
// wherever MONGODB_URI is set.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord, PasskeyRecord, Store } from '../../src/server/store/port.ts';
import { tempMongoDoubleStore, tempRealMongoStore, tempSqliteStore } from '../fixtures/store.ts';

function passkey(overrides: Partial<PasskeyRecord> = {}): PasskeyRecord {
  return {
    id: randomUUID().replace(/-/g, ''),
    staffId: 'staff-1',
    name: 'Pixel 8',
    publicKey: 'pQECAyYgASFYIA',
    counter: 0,
    transports: ['internal', 'hybrid'],
    deviceType: 'multiDevice',
    backedUp: true,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    ...overrides,
  };
}

function challenge(overrides: Partial<ChallengeRecord> = {}): ChallengeRecord {
  return {
    id: randomUUID(),
    purpose: 'signin',
    staffId: null,
    expiresAt: Date.now() + 60_000,
    ...overrides,
  };
}

function passkeyContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`passkey store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    describe('passkeys', () => {
      it('adds a passkey and finds it by id, with every field as stored', async () => {
        const record = passkey();
        expect(await store.passkeys.create(record)).toBe(true);
        expect(await store.passkeys.findById(record.id)).toEqual(record);
        expect(await store.passkeys.findById('nobody')).toBeNull();
      });

      it('refuses a second passkey with the same credential id, for any member, and keeps the first', async () => {
        const record = passkey({ staffId: 'staff-a' });
        expect(await store.passkeys.create(record)).toBe(true);
        expect(await store.passkeys.create({ ...record, staffId: 'staff-b', name: 'Copy' })).toBe(
          false,
        );
        expect(await store.passkeys.findById(record.id)).toMatchObject({ staffId: 'staff-a' });
      });

      it("lists a member's passkeys oldest first, and no one else's", async () => {
        const staffId = randomUUID();
        const older = passkey({ staffId, createdAt: '2026-01-01T00:00:00.000Z', name: 'Older' });
        const newer = passkey({ staffId, createdAt: '2026-02-01T00:00:00.000Z', name: 'Newer' });
        await store.passkeys.create(newer);
        await store.passkeys.create(older);
        await store.passkeys.create(passkey({ staffId: randomUUID() }));
        expect((await store.passkeys.listByStaff(staffId)).map((p) => p.name)).toEqual([
          'Older',
          'Newer',
        ]);
      });

      it('moves the counter only from the value given, once, and records the use', async () => {
        const record = passkey({ counter: 4 });
        await store.passkeys.create(record);
        const at = '2026-03-01T10:00:00.000Z';
        expect(await store.passkeys.useCounter(record.id, 3, 9, at)).toBe(false);
        expect(await store.passkeys.findById(record.id)).toMatchObject({
          counter: 4,
          lastUsedAt: null,
        });
        expect(await store.passkeys.useCounter(record.id, 4, 5, at)).toBe(true);
        expect(await store.passkeys.findById(record.id)).toMatchObject({
          counter: 5,
          lastUsedAt: at,
        });
      });

      it('lets one of 8 racing uses of the same counter win', async () => {
        const record = passkey({ counter: 10 });
        await store.passkeys.create(record);
        const wins = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.passkeys.useCounter(record.id, 10, 11 + i, new Date().toISOString()),
          ),
        );
        expect(wins.filter(Boolean)).toHaveLength(1);
      });

      it("removes a member's own passkey only, and all of a member's at once", async () => {
        const staffId = randomUUID();
        const mine = passkey({ staffId });
        const second = passkey({ staffId });
        const theirs = passkey({ staffId: randomUUID() });
        for (const p of [mine, second, theirs]) await store.passkeys.create(p);
        expect(await store.passkeys.remove(theirs.id, staffId)).toBe(false);
        expect(await store.passkeys.findById(theirs.id)).not.toBeNull();
        expect(await store.passkeys.remove(mine.id, staffId)).toBe(true);
        expect(await store.passkeys.remove(mine.id, staffId)).toBe(false);
        expect(await store.passkeys.removeByStaff(staffId)).toBe(1);
        expect(await store.passkeys.listByStaff(staffId)).toEqual([]);
        expect(await store.passkeys.findById(theirs.id)).not.toBeNull();
      });
    });

    describe('passkey challenges', () => {
      it('answers a challenge once, as stored, then never again', async () => {
        const record = challenge({ purpose: 'register', staffId: 'staff-1' });
        await store.passkeyChallenges.put(record);
        expect(await store.passkeyChallenges.take(record.id)).toEqual(record);
        expect(await store.passkeyChallenges.take(record.id)).toBeNull();
        expect(await store.passkeyChallenges.take('never-issued')).toBeNull();
      });

      it('gives a challenge to one of 10 racing takers', async () => {
        const record = challenge();
        await store.passkeyChallenges.put(record);
        const taken = await Promise.all(
          Array.from({ length: 10 }, () => store.passkeyChallenges.take(record.id)),
        );
        expect(taken.filter((t) => t !== null)).toHaveLength(1);
      });

      it('answers an expired challenge that is still stored (the caller refuses it)', async () => {
        const record = challenge({ expiresAt: Date.now() - 1000 });
        await store.passkeyChallenges.put(record);
        expect(await store.passkeyChallenges.take(record.id)).toEqual(record);
      });
    });
  });
}

passkeyContract('sqlite', async () => tempSqliteStore());
passkeyContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  passkeyContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_passkey_contract'));
}
