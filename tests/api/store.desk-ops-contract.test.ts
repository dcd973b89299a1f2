// The store contract of the desk's operations part, run on every adapter: SQLite, the Mongo adapter
// over the driver's TEST DOUBLE, and a real MongoDB server wherever MONGODB_URI is set. Failed
// shopper mails (store.mailFailures: the claim is the part that matters, of two senders exactly one
// may send a mail), and the order heads and page reads the desk's order list runs on.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailFailureRecord, Store } from '../../src/server/store/port.ts';
import {
  orderRecord,
  paidLedger,
  tempMongoDoubleStore,
  tempRealMongoStore,
  tempSqliteStore,
} from '../fixtures/store.ts';

const NOW = Date.parse('2030-03-01T10:00:00.000Z');
const LEASE = 60_000;
const staff = { id: 'staff-1', email: 'sana@bastaa.pk' };

function failure(overrides: Partial<MailFailureRecord> = {}): MailFailureRecord {
  return {
    id: randomUUID(),
    kind: 'order-status',
    orderId: randomUUID(),
    to: 'ayesha@example.com',
    subject: 'Your Bastaa order #ABCDEF12 is Packing',
    text: 'Dear Ayesha,',
    error: 'connect ECONNREFUSED',
    attempts: 1,
    state: 'failed',
    createdAt: new Date(NOW).toISOString(),
    lastTriedAt: new Date(NOW).toISOString(),
    nextTryAt: NOW + 5 * 60_000,
    claimedUntil: null,
    sentAt: null,
    sentBy: null,
    ...overrides,
  };
}

function mailContract(
  name: string,
  open: () => Promise<{ store: Store; cleanup: () => Promise<void> }>,
) {
  describe(`mail failure store contract (${name})`, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup());

    it('stores a failure and reads it back unchanged; an unknown id is null', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      expect(await store.mailFailures.get(f.id)).toEqual(f);
      expect(await store.mailFailures.get('no-such-id')).toBeNull();
    });

    it('lists newest first, of the states asked for, at most the limit', async () => {
      const older = failure({ createdAt: '2031-01-01T00:00:00.000Z' });
      const newer = failure({ createdAt: '2031-01-02T00:00:00.000Z', state: 'given-up' });
      await store.mailFailures.add(older);
      await store.mailFailures.add(newer);
      const all = await store.mailFailures.list({ limit: 2 });
      expect(all.map((f) => f.id)).toEqual([newer.id, older.id]);
      const givenUp = await store.mailFailures.list({ states: ['given-up'] });
      expect(givenUp.map((f) => f.id)).toContain(newer.id);
      expect(givenUp.every((f) => f.state === 'given-up')).toBe(true);
      expect(givenUp.map((f) => f.id)).not.toContain(older.id);
    });

    it('names the failed mails whose retry is due, oldest due first, and no other', async () => {
      const far = NOW + 10 * 365 * 24 * 3600_000;
      const second = failure({ nextTryAt: far - 1000 });
      const first = failure({ nextTryAt: far - 2000 });
      const later = failure({ nextTryAt: far + 1000 });
      const givenUp = failure({ state: 'given-up', nextTryAt: far - 3000 });
      for (const f of [second, first, later, givenUp]) await store.mailFailures.add(f);
      const due = await store.mailFailures.due(far, 1000);
      expect(due.indexOf(first.id)).toBeLessThan(due.indexOf(second.id));
      expect(due).toContain(first.id);
      expect(due).not.toContain(later.id);
      expect(due).not.toContain(givenUp.id);
      expect(await store.mailFailures.due(far, 1)).toHaveLength(1);
    });

    it('claims a failed mail once: the claim marks it sending and counts the attempt', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      const claimed = await store.mailFailures.claim(f.id, NOW, LEASE, false);
      expect(claimed).toEqual({ ...f, state: 'sending', claimedUntil: NOW + LEASE, attempts: 2 });
      expect(await store.mailFailures.claim(f.id, NOW + 1000, LEASE, true)).toBeNull();
      expect(await store.mailFailures.get(f.id)).toEqual(claimed);
    });

    it('lets exactly one of ten racing claims win', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.mailFailures.claim(f.id, NOW, LEASE, true)),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect((await store.mailFailures.get(f.id))?.attempts).toBe(2);
    });

    it('frees a claim whose lease lapsed (a sender that died)', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      await store.mailFailures.claim(f.id, NOW, LEASE, false);
      expect(await store.mailFailures.claim(f.id, NOW + LEASE - 1, LEASE, false)).toBeNull();
      const again = await store.mailFailures.claim(f.id, NOW + LEASE, LEASE, false);
      expect(again?.attempts).toBe(3);
    });

    it('lets only a staff resend claim a mail that automatic retries gave up', async () => {
      const f = failure({ state: 'given-up', nextTryAt: null });
      await store.mailFailures.add(f);
      expect(await store.mailFailures.claim(f.id, NOW, LEASE, false)).toBeNull();
      expect((await store.mailFailures.claim(f.id, NOW, LEASE, true))?.state).toBe('sending');
    });

    it('never claims a sent mail or an unknown id', async () => {
      const f = failure({ state: 'sent', nextTryAt: null });
      await store.mailFailures.add(f);
      expect(await store.mailFailures.claim(f.id, NOW, LEASE, true)).toBeNull();
      expect(await store.mailFailures.claim('no-such-id', NOW, LEASE, true)).toBeNull();
      expect(await store.mailFailures.get(f.id)).toEqual(f);
    });

    it('settles a claimed send as sent, with who sent it, and it is due no more', async () => {
      const f = failure({ nextTryAt: NOW - 1 });
      await store.mailFailures.add(f);
      await store.mailFailures.claim(f.id, NOW, LEASE, true);
      const at = new Date(NOW + 500).toISOString();
      const sent = await store.mailFailures.settle(f.id, { sent: true, at, by: staff });
      expect(sent).toEqual({
        ...f,
        attempts: 2,
        state: 'sent',
        nextTryAt: null,
        claimedUntil: null,
        lastTriedAt: at,
        sentAt: at,
        sentBy: staff,
      });
      expect(await store.mailFailures.due(NOW + 10 ** 12, 10_000)).not.toContain(f.id);
      expect(await store.mailFailures.get(f.id)).toEqual(sent);
    });

    it('settles a failed send with its error and next try, or as given up without one', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      await store.mailFailures.claim(f.id, NOW, LEASE, false);
      const at = new Date(NOW).toISOString();
      const again = await store.mailFailures.settle(f.id, {
        sent: false,
        at,
        error: 'greeting never came',
        nextTryAt: NOW + 3600_000,
      });
      expect(again).toMatchObject({
        state: 'failed',
        error: 'greeting never came',
        nextTryAt: NOW + 3600_000,
        claimedUntil: null,
        sentAt: null,
      });
      await store.mailFailures.claim(f.id, NOW, LEASE, false);
      const done = await store.mailFailures.settle(f.id, {
        sent: false,
        at,
        error: 'still down',
        nextTryAt: null,
      });
      expect(done).toMatchObject({ state: 'given-up', nextTryAt: null, attempts: 3 });
    });

    describe('order heads and pages', () => {
      it('gives every order head newest first, with payment, e-mail, names and phone', async () => {
        const older = orderRecord({ date: '2032-01-01T00:00:00.000Z', payments: paidLedger(1250) });
        const newer = orderRecord({
          date: '2032-01-02T00:00:00.000Z',
          status: 'Packing',
          address: { ...orderRecord().address, firstName: 'Zara', email: 'Zara@Example.com' },
        });
        await store.orders.create(older);
        await store.orders.create(newer);
        const heads = await store.orders.listHeads();
        const ids = heads.map((h) => h.id);
        expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
        expect(ids.indexOf(newer.id)).toBe(0);
        expect(heads.find((h) => h.id === older.id)).toEqual({
          id: older.id,
          date: older.date,
          status: 'Order Placed',
          total: 1250,
          currency: 'PKR',
          payments: older.payments,
          paymentMethod: older.paymentMethod,
          email: 'a@b.pk',
          firstName: 'A',
          lastName: 'B',
          mobile: '03001234567',
        });
        expect(heads.find((h) => h.id === newer.id)).toMatchObject({
          status: 'Packing',
          payments: [],
          email: 'Zara@Example.com',
          firstName: 'Zara',
        });
      });

      it('gives a head its COD confirmation’s state and whether it is paid online, and neither to a plain order', async () => {
        const waiting = orderRecord({
          paymentMethod: 'COD',
          codConfirmation: {
            state: 'waiting',
            since: '2032-01-03T00:00:00.000Z',
            deadline: '2032-01-05T00:00:00.000Z',
            channel: 'whatsapp',
            sentAt: '2032-01-03T00:00:01.000Z',
          },
        });
        const online = orderRecord({
          paymentMethod: 'JazzCash',
          card: { reference: 'T20320103', chargeCurrency: 'PKR', chargeMinor: 125_000 },
        });
        const plain = orderRecord({ paymentMethod: 'COD' });
        for (const o of [waiting, online, plain]) await store.orders.create(o);
        const heads = await store.orders.listHeads();
        expect(heads.find((h) => h.id === waiting.id)!.codConfirmation).toEqual({
          state: 'waiting',
        });
        expect(heads.find((h) => h.id === waiting.id)).not.toHaveProperty('card');
        expect(heads.find((h) => h.id === online.id)!.card).toBe(true);
        expect(heads.find((h) => h.id === plain.id)).not.toHaveProperty('codConfirmation');
        expect(heads.find((h) => h.id === plain.id)).not.toHaveProperty('card');
      });

      it('gives a head its pending refunds’ outcomes, as settled', async () => {
        const pending = {
          ...paidLedger(1250)[0]!,
          id: 'r-1',
          kind: 'refund' as const,
          pending: true as const,
        };
        const o = orderRecord({ payments: [...paidLedger(1250), pending] });
        await store.orders.create(o);
        expect((await store.orders.listHeads()).find((h) => h.id === o.id)!.refundOutcomes).toBe(
          undefined,
        );
        expect(await store.orders.settleRefund(o.id, 'r-1', 'sent')).toMatchObject({
          refundOutcomes: { 'r-1': 'sent' },
        });
        expect((await store.orders.listHeads()).find((h) => h.id === o.id)).toMatchObject({
          refundOutcomes: { 'r-1': 'sent' },
        });
        // Settled once: a second outcome, or one for an entry that is not pending, is refused.
        expect(await store.orders.settleRefund(o.id, 'r-1', 'released')).toBeNull();
        expect(await store.orders.settleRefund(o.id, o.payments![0]!.id, 'sent')).toBeNull();
        expect(await store.orders.settleRefund('no-such-order', 'r-1', 'sent')).toBeNull();
      });

      it('lets one of two racing settlements of a pending refund win', async () => {
        const pending = {
          ...paidLedger(1250)[0]!,
          id: 'r-2',
          kind: 'refund' as const,
          pending: true as const,
        };
        const o = orderRecord({ payments: [...paidLedger(1250), pending] });
        await store.orders.create(o);
        const both = await Promise.all([
          store.orders.settleRefund(o.id, 'r-2', 'sent'),
          store.orders.settleRefund(o.id, 'r-2', 'released'),
        ]);
        expect(both.filter((x) => x !== null)).toHaveLength(1);
      });

      it('shows a move in the heads at once', async () => {
        const o = orderRecord();
        await store.orders.create(o);
        await store.orders.transition(o.id, ['Order Placed'], 'Packing');
        expect((await store.orders.listHeads()).find((h) => h.id === o.id)?.status).toBe('Packing');
      });

      it('reads whole orders by id in the order asked, leaving out unknown ids', async () => {
        const a = orderRecord();
        const b = orderRecord();
        await store.orders.create(a);
        await store.orders.create(b);
        expect(await store.orders.getMany([b.id, 'no-such-order', a.id])).toEqual([b, a]);
        expect(await store.orders.getMany([])).toEqual([]);
      });
    });

    it('refuses to settle a mail that is not being sent', async () => {
      const f = failure();
      await store.mailFailures.add(f);
      const at = new Date(NOW).toISOString();
      expect(await store.mailFailures.settle(f.id, { sent: true, at, by: null })).toBeNull();
      expect(
        await store.mailFailures.settle('no-such-id', { sent: true, at, by: null }),
      ).toBeNull();
      expect(await store.mailFailures.get(f.id)).toEqual(f);
    });
  });
}

mailContract('sqlite', async () => tempSqliteStore());
mailContract('mongo adapter over the driver double', () => tempMongoDoubleStore());

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  mailContract('mongodb', () => tempRealMongoStore(mongoUri, 'shop_mail_contract'));
}
