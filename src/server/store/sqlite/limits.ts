// Throttling counters on SQLite: one row per key with its count and when its window resets.
import type { LimitRepository } from '../port.ts';
import type { Row, SqliteContext } from './db.ts';

/** The throttling counters over `db`. */
export function sqliteLimits({ db, tx }: SqliteContext): LimitRepository {
  const q = {
    limitGet: db.prepare('SELECT count, reset_at FROM limits WHERE key = ?'),
    limitPut: db.prepare(
      'INSERT INTO limits (key, count, reset_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at',
    ),
    limitDelete: db.prepare('DELETE FROM limits WHERE key = ?'),
    limitPurge: db.prepare('DELETE FROM limits WHERE reset_at <= ?'),
  };
  return {
    async hit(key, windowMs, now = Date.now()) {
      return tx(() => {
        const row = q.limitGet.get(key) as Row | undefined;
        const live = row && Number(row.reset_at) > now;
        const count = live ? Number(row.count) + 1 : 1;
        const resetAt = live ? Number(row.reset_at) : now + windowMs;
        q.limitPut.run(key, count, resetAt);
        return { count, resetAt };
      });
    },
    async release(key, now = Date.now()) {
      tx(() => {
        const row = q.limitGet.get(key) as Row | undefined;
        if (row && Number(row.reset_at) > now && Number(row.count) > 0)
          q.limitPut.run(key, Number(row.count) - 1, Number(row.reset_at));
      });
    },
    async reset(key) {
      q.limitDelete.run(key);
    },
    async purge(now = Date.now()) {
      return Number(q.limitPurge.run(now).changes);
    },
  };
}
