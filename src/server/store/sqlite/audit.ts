// The desk's audit log on SQLite: rows are only ever inserted.
import type { AuditEntry, AuditRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The audit log over `db`. */
export function sqliteAudit({ db }: SqliteContext): AuditRepository {
  const q = {
    auditInsert: db.prepare(
      'INSERT INTO audit (id, at, actor_id, action, target, doc) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    auditList: db.prepare(
      `SELECT doc FROM audit WHERE (?1 IS NULL OR actor_id = ?1) AND (?2 IS NULL OR target = ?2)
       AND (?3 IS NULL OR action = ?3) ORDER BY at DESC, rowid DESC LIMIT ?4`,
    ),
  };
  return {
    async append(entry) {
      q.auditInsert.run(
        entry.id,
        entry.at,
        entry.actor.id,
        entry.action,
        entry.target,
        JSON.stringify(entry),
      );
    },
    async list(filter = {}) {
      const rows = q.auditList.all(
        filter.actorId ?? null,
        filter.target ?? null,
        filter.action ?? null,
        filter.limit ?? 100,
      ) as Row[];
      return rows.map((r) => parse<AuditEntry>(r) as AuditEntry);
    },
  };
}
