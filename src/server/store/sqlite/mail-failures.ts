// Failed shopper mails on SQLite: one row each, with the state and next try the retry sweep
// selects on.
import { claimable, settled, type MailFailureRecord, type MailFailureRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The failed mails over `db`. */
export function sqliteMailFailures({ db, tx }: SqliteContext): MailFailureRepository {
  const q = {
    mailFailureInsert: db.prepare(
      'INSERT INTO mail_failures (id, state, created_at, next_try_at, doc) VALUES (?, ?, ?, ?, ?)',
    ),
    mailFailureGet: db.prepare('SELECT doc FROM mail_failures WHERE id = ?'),
    mailFailureList: db.prepare(
      'SELECT doc FROM mail_failures WHERE (?1 IS NULL OR state IN (SELECT value FROM json_each(?1))) ORDER BY created_at DESC, rowid DESC LIMIT ?2',
    ),
    mailFailureDue: db.prepare(
      "SELECT id FROM mail_failures WHERE state = 'failed' AND next_try_at <= ? ORDER BY next_try_at, rowid LIMIT ?",
    ),
    mailFailureUpdate: db.prepare(
      'UPDATE mail_failures SET state = ?, next_try_at = ?, doc = ? WHERE id = ?',
    ),
  };
  const getMailFailure = (id: string) =>
    parse<MailFailureRecord>(q.mailFailureGet.get(id) as Row | undefined);
  const putMailFailure = (f: MailFailureRecord) =>
    q.mailFailureUpdate.run(f.state, f.nextTryAt, JSON.stringify(f), f.id);

  return {
    async add(f) {
      q.mailFailureInsert.run(f.id, f.state, f.createdAt, f.nextTryAt, JSON.stringify(f));
    },
    async get(id) {
      return getMailFailure(id);
    },
    async list(filter = {}) {
      const states = filter.states ? JSON.stringify(filter.states) : null;
      return (q.mailFailureList.all(states, filter.limit ?? 100) as Row[]).map(
        (r) => parse<MailFailureRecord>(r) as MailFailureRecord,
      );
    },
    async due(now, limit) {
      return (q.mailFailureDue.all(now, limit) as Row[]).map((r) => String(r.id));
    },
    async claim(id, now, leaseMs, manual) {
      return tx(() => {
        const f = getMailFailure(id);
        if (!f || !claimable(f, now, manual)) return null;
        const next: MailFailureRecord = {
          ...f,
          state: 'sending',
          claimedUntil: now + leaseMs,
          attempts: f.attempts + 1,
        };
        putMailFailure(next);
        return next;
      });
    },
    async settle(id, outcome) {
      return tx(() => {
        const f = getMailFailure(id);
        if (!f || f.state !== 'sending') return null;
        const next = settled(f, outcome);
        putMailFailure(next);
        return next;
      });
    },
  };
}
