// Desk staff on SQLite: one row per member; e-mail and invitation hash are unique columns.
import type { StaffRecord, StaffRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The staff repository over `db`. */
export function sqliteStaff({ db, tx }: SqliteContext): StaffRepository {
  const q = {
    staffInsert: db.prepare(
      'INSERT INTO staff (id, email, invite_hash, created_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    staffById: db.prepare('SELECT doc FROM staff WHERE id = ?'),
    staffByEmail: db.prepare('SELECT doc FROM staff WHERE email = ?'),
    staffByInvite: db.prepare('SELECT doc FROM staff WHERE invite_hash = ?'),
    staffAll: db.prepare('SELECT doc FROM staff ORDER BY created_at, rowid'),
    staffUpdate: db.prepare('UPDATE staff SET invite_hash = ?, doc = ? WHERE id = ?'),
  };
  return {
    async create(staff) {
      const record = { ...staff, email: staff.email.toLowerCase() };
      const { changes } = q.staffInsert.run(
        record.id,
        record.email,
        record.inviteHash,
        record.createdAt,
        JSON.stringify(record),
      );
      return Number(changes) === 1 ? record : null;
    },
    async findById(id) {
      return parse<StaffRecord>(q.staffById.get(id) as Row | undefined);
    },
    async findByEmail(email) {
      return parse<StaffRecord>(q.staffByEmail.get(email.toLowerCase()) as Row | undefined);
    },
    async findByInvite(inviteHash) {
      return parse<StaffRecord>(q.staffByInvite.get(inviteHash) as Row | undefined);
    },
    async list() {
      return (q.staffAll.all() as Row[]).map((r) => parse<StaffRecord>(r) as StaffRecord);
    },
    async update(id, change, when = {}) {
      return tx(() => {
        const current = parse<StaffRecord>(q.staffById.get(id) as Row | undefined);
        if (!current) return null;
        if (when.status && !when.status.includes(current.status)) return null;
        if (when.inviteHash !== undefined && current.inviteHash !== when.inviteHash) return null;
        if (when.role !== undefined && current.role !== when.role) return null;
        if (
          when.totpLastStepBelow !== undefined &&
          !(current.totpLastStep < when.totpLastStepBelow)
        )
          return null;
        if (
          when.anotherActiveOwner &&
          !(q.staffAll.all() as Row[])
            .map((r) => parse<StaffRecord>(r) as StaffRecord)
            .some((s) => s.id !== id && s.role === 'owner' && s.status === 'active')
        )
          return null;
        const next: StaffRecord = {
          ...current,
          ...change.set,
          sessionVersion: current.sessionVersion + (change.bumpSession ? 1 : 0),
        };
        q.staffUpdate.run(next.inviteHash, JSON.stringify(next), id);
        return next;
      });
    },
  };
}
