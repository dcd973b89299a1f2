// The store contract of desk members' push subscriptions, run on every adapter: SQLite, the Mongo
// adapter over the driver's TEST DOUBLE, and a real MongoDB server wherever MONGODB_URI is set. An
// endpoint is one device: it belongs to one member, and no other member's save takes it over.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptionRecord, Store } from '../../src/server/store/port.ts';
import { tempMongoDoubleStore, tempRealMongoStore, tempSqliteStore } from '../fixtures/store.ts';

let minute = 0;
function device(overrides: Partial<PushSubscriptionRecord> = {}): PushSubscriptionRecord {
  return {
    id: randomUUID(),
    staffId: 'owner-1',
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    kinds: ['new-order', 'cancelled'],
    label: 'Chrome on Android',
    createdAt: new Date(Date.UTC(2030, 2, 1, 10, minute++)).toISOString(),
    ...overrides,
  };
}

function pushContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`push subscription store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    it("saves a device and lists it among its member's, oldest first", async () => {
      const staffId = randomUUID();
      const first = device({ staffId });
      const second = device({ staffId });
      expect(await store.pushSubscriptions.save(second)).toEqual(second);
      expect(await store.pushSubscriptions.save(first)).toEqual(first);
      expect(await store.pushSubscriptions.listByStaff(staffId)).toEqual([first, second]);
      expect(await store.pushSubscriptions.listByStaff('nobody')).toEqual([]);
    });

    it('replaces the same endpoint of the same member, keeping its id and first date', async () => {
      const staffId = randomUUID();
      const saved = device({ staffId });
      await store.pushSubscriptions.save(saved);
      const again = device({
        staffId,
        endpoint: saved.endpoint,
        kinds: ['mail-failed'],
        label: 'Phone',
        keys: { p256dh: 'C'.repeat(87), auth: 'b'.repeat(22) },
      });
      const expected = { ...again, id: saved.id, createdAt: saved.createdAt };
      expect(await store.pushSubscriptions.save(again)).toEqual(expected);
      expect(await store.pushSubscriptions.listByStaff(staffId)).toEqual([expected]);
    });

    it("refuses another member's endpoint and changes nothing", async () => {
      const owner = device({ staffId: randomUUID() });
      await store.pushSubscriptions.save(owner);
      const thief = randomUUID();
      const taken = device({ staffId: thief, endpoint: owner.endpoint, kinds: ['new-order'] });
      expect(await store.pushSubscriptions.save(taken)).toBeNull();
      expect(await store.pushSubscriptions.listByStaff(owner.staffId)).toEqual([owner]);
      expect(await store.pushSubscriptions.listByStaff(thief)).toEqual([]);
    });

    it('lists the devices of every member that chose a kind', async () => {
      const kind = device({ staffId: randomUUID(), kinds: ['return-requested', 'mail-failed'] });
      const other = device({ staffId: randomUUID(), kinds: ['new-order'] });
      await store.pushSubscriptions.save(kind);
      await store.pushSubscriptions.save(other);
      const returns = await store.pushSubscriptions.listForKind('return-requested');
      expect(returns).toContainEqual(kind);
      expect(returns.map((s) => s.id)).not.toContain(other.id);
    });

    it("removes a device only for its own member; someone else's id changes nothing", async () => {
      const mine = device({ staffId: randomUUID() });
      await store.pushSubscriptions.save(mine);
      expect(await store.pushSubscriptions.remove(mine.id, 'someone-else')).toBe(false);
      expect(await store.pushSubscriptions.listByStaff(mine.staffId)).toEqual([mine]);
      expect(await store.pushSubscriptions.remove(mine.id, mine.staffId)).toBe(true);
      expect(await store.pushSubscriptions.remove(mine.id, mine.staffId)).toBe(false);
      expect(await store.pushSubscriptions.listByStaff(mine.staffId)).toEqual([]);
    });

    it('removes a gone endpoint, and every device of one member at once', async () => {
      const staffId = randomUUID();
      const gone = device({ staffId });
      const kept = device({ staffId });
      const others = device({ staffId: randomUUID() });
      for (const d of [gone, kept, others]) await store.pushSubscriptions.save(d);
      expect(await store.pushSubscriptions.removeEndpoint(gone.endpoint)).toBe(1);
      expect(await store.pushSubscriptions.removeEndpoint(gone.endpoint)).toBe(0);
      expect(await store.pushSubscriptions.listByStaff(staffId)).toEqual([kept]);
      expect(await store.pushSubscriptions.removeAllOf(staffId)).toBe(1);
      expect(await store.pushSubscriptions.listByStaff(staffId)).toEqual([]);
      expect(await store.pushSubscriptions.listByStaff(others.staffId)).toEqual([others]);
    });
  });
}

pushContract('sqlite', async () => tempSqliteStore());
pushContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  pushContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_push_contract'));
}
