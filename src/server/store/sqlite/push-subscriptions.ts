// Desk members' push subscriptions on SQLite: one row per endpoint (unique), the member's id beside
// it for their list.
import type { PushSubscriptionRecord, PushSubscriptionRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The push subscriptions over `db`. */
export function sqlitePushSubscriptions({ db, tx }: SqliteContext): PushSubscriptionRepository {
  const q = {
    byEndpoint: db.prepare('SELECT doc FROM push_subscriptions WHERE endpoint = ?'),
    byStaff: db.prepare(
      'SELECT doc FROM push_subscriptions WHERE staff_id = ? ORDER BY created_at, id',
    ),
    all: db.prepare('SELECT doc FROM push_subscriptions ORDER BY created_at, id'),
    put: db.prepare(
      'INSERT INTO push_subscriptions (id, staff_id, endpoint, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT(endpoint) DO UPDATE SET doc = excluded.doc',
    ),
    remove: db.prepare('DELETE FROM push_subscriptions WHERE id = ? AND staff_id = ?'),
    removeEndpoint: db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?'),
    removeAll: db.prepare('DELETE FROM push_subscriptions WHERE staff_id = ?'),
  };
  const docs = (rows: unknown[]) =>
    rows.map((row) => parse<PushSubscriptionRecord>(row as Row) as PushSubscriptionRecord);
  return {
    async save(record) {
      return tx(() => {
        const held = parse<PushSubscriptionRecord>(
          q.byEndpoint.get(record.endpoint) as Row | undefined,
        );
        if (held && held.staffId !== record.staffId) return null;
        const next = held ? { ...record, id: held.id, createdAt: held.createdAt } : record;
        q.put.run(next.id, next.staffId, next.endpoint, next.createdAt, JSON.stringify(next));
        return next;
      });
    },
    async listByStaff(staffId) {
      return docs(q.byStaff.all(staffId));
    },
    async listForKind(kind) {
      // A shop has a handful of members and devices: read them all rather than index the kinds.
      return docs(q.all.all()).filter((s) => s.kinds.includes(kind));
    },
    async remove(id, staffId) {
      return Number(q.remove.run(id, staffId).changes) > 0;
    },
    async removeEndpoint(endpoint) {
      return Number(q.removeEndpoint.run(endpoint).changes);
    },
    async removeAllOf(staffId) {
      return Number(q.removeAll.run(staffId).changes);
    },
  };
}
