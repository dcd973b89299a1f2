// The store contract of the staff desk's repositories (staff, audit, and the order history kept by
// orders.transition), run on every adapter: SQLite, the Mongo adapter over the driver's test double,
// and a real MongoDB server wherever MONGODB_URI is set. Kept beside store.contract.test.ts in its
// own file so the desk's methods and the shop's can change independently.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditEntry,
  LedgerWrite,
  OrderPayment,
  StaffRecord,
  Store,
} from '../../src/server/store/port.ts';
import {
  orderRecord as order,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

function member(overrides: Partial<StaffRecord> = {}): StaffRecord {
  return {
    id: randomUUID(),
    email: `staff-${randomUUID()}@bastaa.pk`,
    name: 'Sana',
    role: 'staff',
    status: 'invited',
    passwordHash: null,
    totpSecret: null,
    totpLastStep: 0,
    sessionVersion: 0,
    inviteHash: randomUUID(),
    inviteExpiresAt: Date.now() + 60_000,
    invitedBy: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    actor: { id: 'owner-1', email: 'owner@bastaa.pk' },
    action: 'order.move',
    target: 'order:x',
    before: { status: 'Order Placed' },
    after: { status: 'Packing' },
    ...overrides,
  };
}

function deskContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`desk store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    describe('staff', () => {
      it('creates a member and finds it by id, by e-mail in any case and by invitation hash', async () => {
        const m = member({ email: 'Sana.Iqbal@Bastaa.pk' });
        expect(await store.staff.create(m)).toEqual({ ...m, email: 'sana.iqbal@bastaa.pk' });
        expect(await store.staff.findById(m.id)).toEqual({ ...m, email: 'sana.iqbal@bastaa.pk' });
        expect((await store.staff.findByEmail('SANA.IQBAL@bastaa.PK'))?.id).toBe(m.id);
        expect((await store.staff.findByInvite(m.inviteHash!))?.id).toBe(m.id);
        expect(await store.staff.findByInvite('no-such-hash')).toBeNull();
        expect(await store.staff.findById('nobody')).toBeNull();
      });

      it('refuses a second member with the same e-mail ignoring case', async () => {
        const m = member({ email: 'twice@bastaa.pk' });
        expect(await store.staff.create(m)).not.toBeNull();
        expect(await store.staff.create(member({ email: 'TWICE@bastaa.pk' }))).toBeNull();
      });

      it('lists every member oldest first', async () => {
        const before = (await store.staff.list()).length;
        const first = member({ createdAt: '2030-01-01T00:00:00.000Z' });
        const second = member({ createdAt: '2030-01-02T00:00:00.000Z' });
        await store.staff.create(second);
        await store.staff.create(first);
        const ids = (await store.staff.list()).map((s) => s.id);
        expect(ids).toHaveLength(before + 2);
        expect(ids.slice(-2)).toEqual([first.id, second.id]);
      });

      it('updates only when the condition holds, and bumps the session version on request', async () => {
        const m = member();
        await store.staff.create(m);
        expect(
          await store.staff.update(m.id, { set: { role: 'owner' } }, { status: ['active'] }),
        ).toBeNull();
        expect(
          await store.staff.update(m.id, { set: { status: 'active' } }, { inviteHash: 'wrong' }),
        ).toBeNull();
        const accepted = await store.staff.update(
          m.id,
          { set: { status: 'active', inviteHash: null, inviteExpiresAt: null } },
          { inviteHash: m.inviteHash!, status: ['invited'] },
        );
        expect(accepted).toMatchObject({ status: 'active', inviteHash: null, sessionVersion: 0 });
        expect(await store.staff.findByInvite(m.inviteHash!)).toBeNull();
        const promoted = await store.staff.update(
          m.id,
          { set: { role: 'owner' }, bumpSession: true },
          { role: 'staff' },
        );
        expect(promoted).toMatchObject({ role: 'owner', sessionVersion: 1 });
        expect(await store.staff.update(m.id, {}, { role: 'staff' })).toBeNull();
        expect(await store.staff.update('nobody', { bumpSession: true })).toBeNull();
        expect((await store.staff.update(m.id, { bumpSession: true }))?.sessionVersion).toBe(2);
      });

      it('claims each TOTP step once, even when 10 claims of one step race', async () => {
        const m = member({ status: 'active', inviteHash: null, totpLastStep: 100 });
        await store.staff.create(m);
        expect(
          await store.staff.update(
            m.id,
            { set: { totpLastStep: 100 } },
            { totpLastStepBelow: 100 },
          ),
        ).toBeNull();
        const claims = await Promise.all(
          Array.from({ length: 10 }, () =>
            store.staff.update(m.id, { set: { totpLastStep: 101 } }, { totpLastStepBelow: 101 }),
          ),
        );
        expect(claims.filter((c) => c !== null)).toHaveLength(1);
        expect((await store.staff.findById(m.id))?.totpLastStep).toBe(101);
      });

      it('lets one of 8 racing role changes from staff win', async () => {
        const m = member({ status: 'active', inviteHash: null });
        await store.staff.create(m);
        const results = await Promise.all(
          Array.from({ length: 8 }, () =>
            store.staff.update(
              m.id,
              { set: { role: 'owner' }, bumpSession: true },
              { role: 'staff' },
            ),
          ),
        );
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        expect((await store.staff.findById(m.id))?.sessionVersion).toBe(1);
      });

      it("keeps the owner's grant of customers' personal data, absent (not granted) on a member made without it", async () => {
        const m = member({ status: 'active', inviteHash: null });
        await store.staff.create(m);
        expect((await store.staff.findById(m.id))?.personalData).toBeUndefined();
        const granted = await store.staff.update(
          m.id,
          { set: { personalData: true } },
          { role: 'staff', status: ['invited', 'active'] },
        );
        expect(granted).toMatchObject({ personalData: true, sessionVersion: 0, role: 'staff' });
        expect((await store.staff.findById(m.id))?.personalData).toBe(true);
        expect((await store.staff.findByEmail(m.email))?.personalData).toBe(true);
        expect((await store.staff.list()).find((s) => s.id === m.id)?.personalData).toBe(true);
        await store.staff.update(m.id, { set: { personalData: false } }, { role: 'staff' });
        expect((await store.staff.findById(m.id))?.personalData).toBe(false);
      });

      it('grants personal data only to a member who is still staff at the moment of the write', async () => {
        const m = member({ status: 'active', inviteHash: null, role: 'owner' });
        await store.staff.create(m);
        expect(
          await store.staff.update(m.id, { set: { personalData: true } }, { role: 'staff' }),
        ).toBeNull();
        const removed = member({ status: 'removed', inviteHash: null });
        await store.staff.create(removed);
        expect(
          await store.staff.update(
            removed.id,
            { set: { personalData: true } },
            { role: 'staff', status: ['invited', 'active'] },
          ),
        ).toBeNull();
        expect((await store.staff.findById(m.id))?.personalData).toBeUndefined();
        expect((await store.staff.findById(removed.id))?.personalData).toBeUndefined();
      });

      it('never leaves the shop without an active owner when two owners remove each other at once', async () => {
        for (const s of await store.staff.list())
          if (s.role === 'owner' && s.status === 'active')
            await store.staff.update(s.id, { set: { status: 'removed' } });
        const a = member({ role: 'owner', status: 'active', inviteHash: null });
        const b = member({ role: 'owner', status: 'active', inviteHash: null });
        await store.staff.create(a);
        await store.staff.create(b);
        const removals = await Promise.all(
          [a, b].map((m) =>
            store.staff.update(
              m.id,
              { set: { status: 'removed' }, bumpSession: true },
              { status: ['active'], anotherActiveOwner: true },
            ),
          ),
        );
        expect(removals.filter((r) => r !== null)).toHaveLength(1);
        const owners = (await store.staff.list()).filter(
          (s) => s.role === 'owner' && s.status === 'active',
        );
        expect(owners).toHaveLength(1);
        expect(
          await store.staff.update(
            owners[0]!.id,
            { set: { role: 'staff' } },
            { anotherActiveOwner: true },
          ),
        ).toBeNull();
      });
    });

    describe('audit', () => {
      it('appends entries and lists them newest first, filtered by actor, target or action', async () => {
        const a = entry({ at: '2031-05-01T10:00:00.000Z', target: 'order:a' });
        const b = entry({
          at: '2031-05-01T11:00:00.000Z',
          actor: { id: 'staff-2', email: 's@bastaa.pk' },
          action: 'staff.role',
          target: 'staff:x',
        });
        const c = entry({ at: '2031-05-01T12:00:00.000Z', target: 'order:a' });
        for (const e of [b, a, c]) await store.audit.append(e);
        expect((await store.audit.list()).slice(0, 3).map((e) => e.id)).toEqual([c.id, b.id, a.id]);
        expect((await store.audit.list({ target: 'order:a' })).map((e) => e.id)).toEqual([
          c.id,
          a.id,
        ]);
        expect((await store.audit.list({ actorId: 'staff-2' })).map((e) => e.id)).toEqual([b.id]);
        expect((await store.audit.list({ action: 'staff.role' })).map((e) => e.id)).toEqual([b.id]);
        expect(await store.audit.list({ limit: 1 })).toEqual([c]);
      });
    });

    describe('order history', () => {
      it('appends the event and sets the shipping details in the same write as the move', async () => {
        const o = order();
        await store.orders.create(o);
        const by = { id: 'staff-1', email: 'staff@bastaa.pk' };
        const packing = {
          at: '2031-01-01T00:00:00.000Z',
          from: 'Order Placed' as const,
          to: 'Packing' as const,
          by,
        };
        await store.orders.transition(o.id, ['Order Placed'], 'Packing', { event: packing });
        const out = {
          at: '2031-01-01T01:00:00.000Z',
          from: 'Packing' as const,
          to: 'Out for Delivery' as const,
          by,
          note: 'TCS 123',
        };
        const shipping = { courier: 'TCS', trackingNumber: '123' };
        const moved = await store.orders.transition(o.id, ['Packing'], 'Out for Delivery', {
          event: out,
          shipping,
        });
        expect(moved).toMatchObject({
          status: 'Out for Delivery',
          history: [packing, out],
          shipping,
        });
        expect(await store.orders.get(o.id)).toMatchObject({ history: [packing, out], shipping });
      });

      it('keeps one event when two moves of the same order race', async () => {
        const o = order();
        await store.orders.create(o);
        const event = (n: number) => ({
          at: new Date().toISOString(),
          from: 'Order Placed' as const,
          to: 'Packing' as const,
          by: { id: `staff-${n}`, email: `s${n}@bastaa.pk` },
        });
        const results = await Promise.all(
          [1, 2].map((n) =>
            store.orders.transition(o.id, ['Order Placed'], 'Packing', { event: event(n) }),
          ),
        );
        expect(results.filter((r) => r !== null)).toHaveLength(1);
        expect((await store.orders.get(o.id))?.history).toHaveLength(1);
      });
    });

    // The ledger.
    describe('order ledger', () => {
      const payment = (n: number, overrides: Partial<OrderPayment> = {}): OrderPayment => ({
        id: randomUUID(),
        kind: 'payment',
        at: new Date().toISOString(),
        method: 'Bank Transfer',
        amount: n,
        reference: `REF-${randomUUID()}`,
        by: { id: 'staff-1', email: 'staff@bastaa.pk' },
        status: 'Order Placed',
        ...overrides,
      });
      const open = ['Order Placed', 'Packing', 'Out for Delivery', 'Delivered'] as const;
      const saved = (w: LedgerWrite) => (w.kind === 'saved' ? w.order : null);

      it('appends payments and refunds in order, and stores no state beside them', async () => {
        const o = order();
        await store.orders.create(o);
        const first = saved(
          await store.orders.appendLedger(o.id, payment(1000), {
            statuses: open,
            entriesBefore: 0,
          }),
        );
        expect(first?.payments?.map((p) => p.amount)).toEqual([1000]);
        const refund = payment(250, { kind: 'refund' });
        const second = saved(
          await store.orders.appendLedger(o.id, refund, { statuses: open, entriesBefore: 1 }),
        );
        expect(second?.payments?.map((p) => [p.kind, p.amount])).toEqual([
          ['payment', 1000],
          ['refund', 250],
        ]);
        expect(await store.orders.get(o.id)).toEqual(second);
        expect(second).not.toHaveProperty('payment');
      });

      it('changes nothing when the status or the count of entries is not the one given', async () => {
        const o = order({ status: 'Cancelled' });
        await store.orders.create(o);
        const stale = { kind: 'stale' };
        expect(
          await store.orders.appendLedger(o.id, payment(1), { statuses: open, entriesBefore: 0 }),
        ).toEqual(stale);
        const p = order();
        await store.orders.create(p);
        expect(
          await store.orders.appendLedger(p.id, payment(1), { statuses: open, entriesBefore: 1 }),
        ).toEqual(stale);
        expect(
          await store.orders.appendLedger(p.id, payment(1), {
            statuses: ['Delivered'],
            entriesBefore: 0,
          }),
        ).toEqual(stale);
        expect(
          await store.orders.appendLedger('no-such-order', payment(1), {
            statuses: open,
            entriesBefore: 0,
          }),
        ).toEqual(stale);
        expect(await store.orders.get(p.id)).toEqual(p);
      });

      it('lets exactly one of many entries written on the same count win', async () => {
        const o = order();
        await store.orders.create(o);
        const results = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            store.orders.appendLedger(o.id, payment(100 + i), { statuses: open, entriesBefore: 0 }),
          ),
        );
        expect(results.filter((r) => r.kind === 'saved')).toHaveLength(1);
        expect((await store.orders.get(o.id))?.payments).toHaveLength(1);
      });

      it('refuses a reference already claimed on another order, compared without case, spaces or hyphens', async () => {
        const a = order();
        const b = order();
        await store.orders.create(a);
        await store.orders.create(b);
        const tid = `TID-${randomUUID().slice(0, 8)}`;
        const jazz = (reference: string) => payment(100, { method: 'JazzCash', reference });
        expect(
          (await store.orders.appendLedger(a.id, jazz(tid), { statuses: open, entriesBefore: 0 }))
            .kind,
        ).toBe('saved');
        for (const again of [tid, tid.toLowerCase(), tid.replace('-', ' '), tid.replace('-', '')])
          expect(
            await store.orders.appendLedger(b.id, jazz(again), {
              statuses: open,
              entriesBefore: 0,
            }),
          ).toEqual({ kind: 'duplicateReference' });
        expect((await store.orders.get(b.id))?.payments ?? []).toEqual([]);
        // The same text under another method, or as a refund, is another reference.
        const other = payment(100, { method: 'EasyPaisa', reference: tid });
        expect(
          (await store.orders.appendLedger(b.id, other, { statuses: open, entriesBefore: 0 })).kind,
        ).toBe('saved');
      });

      it('lets one of two orders racing to claim one reference win', async () => {
        const a = order();
        const b = order();
        await store.orders.create(a);
        await store.orders.create(b);
        const reference = `FT-${randomUUID()}`;
        const results = await Promise.all(
          [a, b].map((o) =>
            store.orders.appendLedger(o.id, payment(100, { reference }), {
              statuses: open,
              entriesBefore: 0,
            }),
          ),
        );
        expect(results.map((r) => r.kind).sort()).toEqual(['duplicateReference', 'saved']);
        const held = [await store.orders.get(a.id), await store.orders.get(b.id)].flatMap(
          (o) => o?.payments ?? [],
        );
        expect(held).toHaveLength(1);
      });

      it('keeps no claim when the ledger write is refused', async () => {
        const o = order();
        await store.orders.create(o);
        const reference = `FT-${randomUUID()}`;
        expect(
          await store.orders.appendLedger(o.id, payment(1, { reference }), {
            statuses: open,
            entriesBefore: 3,
          }),
        ).toEqual({ kind: 'stale' });
        expect(
          (
            await store.orders.appendLedger(o.id, payment(1, { reference }), {
              statuses: open,
              entriesBefore: 0,
            })
          ).kind,
        ).toBe('saved');
      });
    });

    // Shop settings.
    describe('settings', () => {
      it('answers no settings before any is saved', async () => {
        expect(await store.settings.get()).toEqual({});
      });

      it('saves keys one write at a time, keeps the others, and answers before and after', async () => {
        const first = await store.settings.save({ ordersEmail: 'orders@bastaa.pk' });
        expect(first).toEqual({ before: {}, after: { ordersEmail: 'orders@bastaa.pk' } });
        const bank = { accountTitle: 'Bastaa', bank: 'Meezan', iban: 'PK36SCBL0000001123456702' };
        const second = await store.settings.save({ bankDetails: bank, ordersEmail: 'o@bastaa.pk' });
        expect(second).toEqual({
          before: { ordersEmail: 'orders@bastaa.pk' },
          after: { ordersEmail: 'o@bastaa.pk', bankDetails: bank },
        });
        expect(await store.settings.get()).toEqual({
          ordersEmail: 'o@bastaa.pk',
          bankDetails: bank,
        });
      });

      it('loses no key when many saves of different keys run at once', async () => {
        const hours = { open: 'Daily', closed: 'Never' };
        await Promise.all([
          store.settings.save({ supportEmail: 'help@bastaa.pk' }),
          store.settings.save({ whatsappNumber: '923217654321' }),
          store.settings.save({ supportHours: hours }),
        ]);
        expect(await store.settings.get()).toMatchObject({
          supportEmail: 'help@bastaa.pk',
          whatsappNumber: '923217654321',
          supportHours: hours,
        });
      });
    });
  });
}

deskContract('sqlite', async () => tempSqliteStore());
deskContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  deskContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_desk_contract'));
}
