// Gateway events on SQLite: one row per event id, the primary key refusing a second insert.
import type { GatewayEventRecord, GatewayEventRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The gateway events over `db`. */
export function sqliteGatewayEvents({ db, tx }: SqliteContext): GatewayEventRepository {
  const q = {
    insert: db.prepare(
      'INSERT INTO gateway_events (id, received_at, doc) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING',
    ),
    get: db.prepare('SELECT doc FROM gateway_events WHERE id = ?'),
    update: db.prepare('UPDATE gateway_events SET doc = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM gateway_events WHERE id = ?'),
  };
  const read = (id: string) => parse<GatewayEventRecord>(q.get.get(id) as Row | undefined);
  return {
    async insert(event) {
      return Number(q.insert.run(event.id, event.receivedAt, JSON.stringify(event)).changes) === 1;
    },
    async settle(id, outcome) {
      tx(() => {
        const event = read(id);
        if (event) q.update.run(JSON.stringify({ ...event, outcome }), id);
      });
    },
    async release(id) {
      q.remove.run(id);
    },
    async get(id) {
      return read(id);
    },
  };
}
