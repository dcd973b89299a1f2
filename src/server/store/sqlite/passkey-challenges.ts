// Passkey challenges on SQLite: one row each, taken with DELETE … RETURNING so only one caller gets
// it; expired rows are purged on each new challenge.
import type { ChallengeRecord, ChallengeRepository } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The passkey-challenge repository over `db`. */
export function sqlitePasskeyChallenges({ db }: SqliteContext): ChallengeRepository {
  const q = {
    insert: db.prepare('INSERT INTO passkey_challenges (id, expires_at, doc) VALUES (?, ?, ?)'),
    purge: db.prepare('DELETE FROM passkey_challenges WHERE expires_at < ?'),
    take: db.prepare('DELETE FROM passkey_challenges WHERE id = ? RETURNING doc'),
  };
  return {
    async put(challenge) {
      q.purge.run(Date.now());
      q.insert.run(challenge.id, challenge.expiresAt, JSON.stringify(challenge));
    },
    async take(id) {
      return parse<ChallengeRecord>(q.take.get(id) as Row | undefined);
    },
  };
}
