// Orders on SQLite: one row each, the order as JSON beside the columns the lists filter and sort
// on. Every change is a read and a write in one transaction, so a condition and its write are one
// step.
import type { LedgerEntry } from '../../../lib/orders/ledger.ts';
import type { CodConfirmation } from '../../../lib/orders/cod-confirmation.ts';
import { referenceKey } from '../../../lib/orders/ledger.ts';
import type { OrderHead, OrderRecord, OrderRepository } from '../port.ts';
import { cartRows } from './carts.ts';
import { parse, type Row, type SqliteContext } from './db.ts';
import { productRows } from './product-rows.ts';

/** The orders repository over `db`. */
export function sqliteOrders({ db, tx }: SqliteContext): OrderRepository {
  const carts = cartRows(db);
  const products = productRows(db);
  const q = {
    orderInsert: db.prepare(
      'INSERT INTO orders (id, user_id, status, date, idempotency_key, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    orderByKey: db.prepare('SELECT doc FROM orders WHERE idempotency_key = ?'),
    orderGet: db.prepare('SELECT doc FROM orders WHERE id = ?'),
    orderByUser: db.prepare(
      'SELECT doc FROM orders WHERE user_id = ? ORDER BY date DESC, rowid DESC',
    ),
    orderAll: db.prepare('SELECT doc FROM orders ORDER BY date DESC, rowid DESC'),
    orderByStatus: db.prepare(
      'SELECT doc FROM orders WHERE status = ? ORDER BY date DESC, rowid DESC',
    ),
    orderUpdate: db.prepare('UPDATE orders SET status = ?, doc = ? WHERE id = ?'),
    orderHeads: db.prepare(
      `SELECT id, date, status, json_extract(doc, '$.total') AS total,
       json_extract(doc, '$.currency') AS currency, json_extract(doc, '$.payments') AS payments,
       json_extract(doc, '$.refundOutcomes') AS refundOutcomes,
       json_extract(doc, '$.paymentMethod') AS paymentMethod,
       json_extract(doc, '$.address.email') AS email, json_extract(doc, '$.address.firstName') AS firstName,
       json_extract(doc, '$.address.lastName') AS lastName, json_extract(doc, '$.address.mobile') AS mobile,
       json_extract(doc, '$.codConfirmation.state') AS codConfirmationState,
       json_type(doc, '$.card') IS NOT NULL AS card
       FROM orders INDEXED BY orders_heads_work ORDER BY date DESC, rowid DESC`,
    ),
    claimReference: db.prepare(
      'INSERT INTO ledger_references (key, order_id) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
    ),
    orderMany: db.prepare('SELECT doc FROM orders WHERE id IN (SELECT value FROM json_each(?))'),
  };
  const getOrder = (id: string) => parse<OrderRecord>(q.orderGet.get(id) as Row | undefined);
  /** Claims the entry's reference for order `id`, inside the caller's transaction; false when taken. */
  const claim = (entry: LedgerEntry, id: string): boolean =>
    entry.reference === null ||
    q.claimReference.run(referenceKey(entry.kind ?? 'payment', entry.method, entry.reference), id)
      .changes === 1;

  return {
    async create(order, opts = {}) {
      return tx(() => {
        if (order.idempotencyKey) {
          const previous = parse<OrderRecord>(
            q.orderByKey.get(order.idempotencyKey) as Row | undefined,
          );
          if (previous) {
            return previous.requestHash === order.requestHash && previous.userId === order.userId
              ? { kind: 'replayed' as const, order: previous }
              : { kind: 'conflict' as const };
          }
        }
        // Every line checked, then counted, before the order is stored.
        const unavailable = opts.requireStock ? products.claimLines(order) : null;
        if (unavailable) return { kind: 'unavailable' as const, line: unavailable };
        q.orderInsert.run(
          order.id,
          order.userId,
          order.status,
          order.date,
          order.idempotencyKey,
          JSON.stringify(order),
        );
        carts.put.run(order.userId, '{}');
        return { kind: 'created' as const, order };
      });
    },
    async get(id) {
      return getOrder(id);
    },
    async listByUser(userId) {
      return (q.orderByUser.all(userId) as Row[]).map((r) => parse<OrderRecord>(r) as OrderRecord);
    },
    async list(filter = {}) {
      const rows = filter.status ? q.orderByStatus.all(filter.status) : q.orderAll.all();
      return (rows as Row[]).map((r) => parse<OrderRecord>(r) as OrderRecord);
    },
    async listHeads() {
      return (q.orderHeads.all() as Row[]).map((r) => ({
        id: String(r.id),
        date: String(r.date),
        status: r.status as OrderHead['status'],
        total: Number(r.total),
        currency: String(r.currency),
        payments: r.payments ? (JSON.parse(String(r.payments)) as LedgerEntry[]) : [],
        ...(r.refundOutcomes
          ? { refundOutcomes: JSON.parse(String(r.refundOutcomes)) as OrderHead['refundOutcomes'] }
          : {}),
        paymentMethod: String(r.paymentMethod),
        email: String(r.email ?? ''),
        firstName: String(r.firstName ?? ''),
        lastName: String(r.lastName ?? ''),
        mobile: String(r.mobile ?? ''),
        ...(r.codConfirmationState
          ? { codConfirmation: { state: r.codConfirmationState as CodConfirmation['state'] } }
          : {}),
        ...(r.card ? { card: true as const } : {}),
      }));
    },
    async getMany(ids) {
      const found = new Map<string, OrderRecord>();
      for (const r of q.orderMany.all(JSON.stringify(ids)) as Row[]) {
        const order = parse<OrderRecord>(r) as OrderRecord;
        found.set(order.id, order);
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },
    async transition(id, from, to, opts = {}) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || !from.includes(order.status)) return null;
        if (opts.userId !== undefined && order.userId !== opts.userId) return null;
        const next: OrderRecord = {
          ...order,
          status: to,
          cancelReason: opts.cancelReason ?? order.cancelReason,
          ...(opts.event ? { history: [...(order.history ?? []), opts.event] } : {}),
          ...(opts.shipping ? { shipping: opts.shipping } : {}),
        };
        q.orderUpdate.run(to, JSON.stringify(next), id);
        return next;
      });
    },
    async saveReturn(id, expectedVersion, next, opts) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || order.status !== 'Delivered') return null;
        if (opts.userId !== undefined && order.userId !== opts.userId) return null;
        if ((order.returnRequest?.version ?? 0) !== expectedVersion) return null;
        const ledger = order.payments ?? [];
        if (opts.refund && ledger.length !== opts.refund.entriesBefore) return null;
        if (opts.refund && !claim(opts.refund.entry, id)) return null;
        const updated: OrderRecord = {
          ...order,
          returnRequest: next,
          history: [...(order.history ?? []), opts.event],
          ...(opts.refund ? { payments: [...ledger, opts.refund.entry] } : {}),
        };
        q.orderUpdate.run(updated.status, JSON.stringify(updated), id);
        return updated;
      });
    },
    async appendLedger(id, entry, when) {
      return tx(() => {
        const order = getOrder(id);
        const ledger = order?.payments ?? [];
        if (!order || !when.statuses.includes(order.status) || ledger.length !== when.entriesBefore)
          return { kind: 'stale' as const };
        if (!claim(entry, id)) return { kind: 'duplicateReference' as const };
        const next: OrderRecord = { ...order, payments: [...ledger, entry] };
        q.orderUpdate.run(order.status, JSON.stringify(next), id);
        return { kind: 'saved' as const, order: next };
      });
    },
    async settleRefund(id, entryId, outcome) {
      return tx(() => {
        const order = getOrder(id);
        const entry = order?.payments?.find((e) => e.id === entryId);
        if (!order || !entry?.pending || order.refundOutcomes?.[entryId] !== undefined) return null;
        const next: OrderRecord = {
          ...order,
          refundOutcomes: { ...order.refundOutcomes, [entryId]: outcome },
        };
        q.orderUpdate.run(order.status, JSON.stringify(next), id);
        return next;
      });
    },
    // Cards.
    async setCard(id, card, when = {}) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || !isUnpaidPlaced(order)) return null;
        if (when.userId !== undefined && order.userId !== when.userId) return null;
        const earlier = order.card
          ? [...(order.card.earlier ?? []), order.card.reference]
          : (card.earlier ?? []);
        const next: OrderRecord = {
          ...order,
          card: { ...card, ...(earlier.length ? { earlier } : {}) },
        };
        q.orderUpdate.run(order.status, JSON.stringify(next), id);
        return next;
      });
    },
    async cancelUnpaid(id, reason, event) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || !isUnpaidPlaced(order)) return null;
        const next: OrderRecord = {
          ...order,
          status: 'Cancelled',
          cancelReason: reason,
          history: [...(order.history ?? []), event],
        };
        q.orderUpdate.run(next.status, JSON.stringify(next), id);
        return next;
      });
    },
    async switchToCod(id, from, userId, event, codConfirmation) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || !isUnpaidPlaced(order)) return null;
        if (order.userId !== userId || order.paymentMethod !== from) return null;
        const next: OrderRecord = {
          ...order,
          paymentMethod: 'COD',
          switchedFrom: from,
          ...(codConfirmation ? { codConfirmation } : {}),
          history: [...(order.history ?? []), event],
        };
        q.orderUpdate.run(next.status, JSON.stringify(next), id);
        return next;
      });
    },
    // Address changes.
    async changeAddress(id, userId, address, event) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || order.userId !== userId || order.status !== 'Order Placed') return null;
        if (order.courierBooking || order.address.country !== address.country) return null;
        const next: OrderRecord = {
          ...order,
          address,
          history: [...(order.history ?? []), event],
        };
        q.orderUpdate.run(next.status, JSON.stringify(next), id);
        return next;
      });
    },
    async writeCodConfirmation(id, next, opts = {}) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || order.status !== 'Order Placed') return null;
        if (order.codConfirmation?.state !== 'waiting') return null;
        const written: OrderRecord = {
          ...order,
          codConfirmation: next,
          ...(opts.cancelReason !== undefined
            ? { status: 'Cancelled' as const, cancelReason: opts.cancelReason }
            : {}),
          ...(opts.event ? { history: [...(order.history ?? []), opts.event] } : {}),
        };
        q.orderUpdate.run(written.status, JSON.stringify(written), id);
        return written;
      });
    },
    // Courier bookings.
    async writeCourierBooking(id, expectedClaim, next, when) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || !when.statuses.includes(order.status)) return null;
        if ((order.courierBooking?.claim ?? null) !== expectedClaim) return null;
        const { courierBooking: _, ...rest } = order;
        const written: OrderRecord = next ? { ...rest, courierBooking: next } : rest;
        q.orderUpdate.run(order.status, JSON.stringify(written), id);
        return written;
      });
    },
    async hideForOwner(id, userId) {
      return tx(() => {
        const order = getOrder(id);
        if (!order || order.userId !== userId) return false;
        if (order.hiddenByOwner !== true)
          q.orderUpdate.run(order.status, JSON.stringify({ ...order, hiddenByOwner: true }), id);
        return true;
      });
    },
  };
}

/** Order Placed with no payment recorded: what a card may still be opened on or expired from. */
const isUnpaidPlaced = (o: OrderRecord) =>
  o.status === 'Order Placed' && (o.payments ?? []).length === 0;
