// Shopper accounts on SQLite: the e-mail column is unique without regard to case.
import type { UserRecord, UserRepository } from '../port.ts';
import { parse, type Row, type SqliteContext, type Statement } from './db.ts';

/** The users repository over `db`. */
export function sqliteUsers({ db, tx }: SqliteContext): UserRepository {
  const q = {
    userByEmail: db.prepare('SELECT doc FROM users WHERE email = ?'),
    userById: db.prepare('SELECT doc FROM users WHERE id = ?'),
    userInsert: db.prepare(
      'INSERT INTO users (id, email, doc) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    userUpdate: db.prepare('UPDATE users SET doc = ? WHERE id = ?'),
  };
  const getUser = (stmt: Statement, key: string) =>
    parse<UserRecord>(stmt.get(key) as Row | undefined);

  return {
    async findByEmail(email) {
      return getUser(q.userByEmail, email.toLowerCase());
    },
    async findById(id) {
      return getUser(q.userById, id);
    },
    async create(user) {
      const record = { ...user, email: user.email.toLowerCase() };
      const { changes } = q.userInsert.run(record.id, record.email, JSON.stringify(record));
      return Number(changes) === 1 ? record : null;
    },
    async setPassword(id, passwordHash, opts = {}) {
      return tx(() => {
        const user = getUser(q.userById, id);
        if (!user) return null;
        const verified =
          opts.emailVerified === undefined ? {} : { emailVerified: opts.emailVerified };
        const next = {
          ...user,
          passwordHash,
          ...verified,
          tokenVersion: user.tokenVersion + 1,
        };
        q.userUpdate.run(JSON.stringify(next), id);
        return next;
      });
    },
    async linkGoogle(id, googleSub, opts = {}) {
      return tx(() => {
        const user = getUser(q.userById, id);
        if (!user) return null;
        const next: UserRecord = {
          ...user,
          googleSub,
          passwordHash: opts.dropPassword ? null : user.passwordHash,
          emailVerified: true,
          tokenVersion: user.tokenVersion + 1,
        };
        q.userUpdate.run(JSON.stringify(next), id);
        return next;
      });
    },
    async bumpTokenVersion(id) {
      return tx(() => {
        const user = getUser(q.userById, id);
        if (!user) return null;
        const next = { ...user, tokenVersion: user.tokenVersion + 1 };
        q.userUpdate.run(JSON.stringify(next), id);
        return next;
      });
    },
  };
}
