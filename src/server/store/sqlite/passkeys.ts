// Desk members' passkeys on SQLite: one row per credential, the counter a column so its move is one
// conditional UPDATE.
import type { PasskeyRecord, PasskeyRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The passkey repository over `db`. */
export function sqlitePasskeys({ db }: SqliteContext): PasskeyRepository {
  const q = {
    insert: db.prepare(
      'INSERT INTO passkeys (id, staff_id, created_at, counter, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    byId: db.prepare('SELECT doc FROM passkeys WHERE id = ?'),
    byStaff: db.prepare('SELECT doc FROM passkeys WHERE staff_id = ? ORDER BY created_at, rowid'),
    use: db.prepare(
      `UPDATE passkeys SET counter = ?, doc = json_set(doc, '$.counter', ?, '$.lastUsedAt', ?)
       WHERE id = ? AND counter = ?`,
    ),
    remove: db.prepare('DELETE FROM passkeys WHERE id = ? AND staff_id = ?'),
    removeByStaff: db.prepare('DELETE FROM passkeys WHERE staff_id = ?'),
  };
  return {
    async create(passkey) {
      const { changes } = q.insert.run(
        passkey.id,
        passkey.staffId,
        passkey.createdAt,
        passkey.counter,
        JSON.stringify(passkey),
      );
      return Number(changes) === 1;
    },
    async findById(id) {
      return parse<PasskeyRecord>(q.byId.get(id) as Row | undefined);
    },
    async listByStaff(staffId) {
      return (q.byStaff.all(staffId) as Row[]).map((r) => parse<PasskeyRecord>(r)!);
    },
    async useCounter(id, from, to, at) {
      return Number(q.use.run(to, to, at, id, from).changes) === 1;
    },
    async remove(id, staffId) {
      return Number(q.remove.run(id, staffId).changes) === 1;
    },
    async removeByStaff(staffId) {
      return Number(q.removeByStaff.run(staffId).changes);
    },
  };
}
