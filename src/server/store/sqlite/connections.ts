// The shop's connections on SQLite: one row.
import type { ConnectionRepository, StoredConnections } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The shop's connections over `db`. */
export function sqliteConnections({ db, tx }: SqliteContext): ConnectionRepository {
  const getQuery = db.prepare('SELECT doc FROM connections WHERE id = 1');
  const read = (): StoredConnections =>
    parse<StoredConnections>(getQuery.get() as Row | undefined) ?? {};
  const putQuery = db.prepare(
    'INSERT INTO connections (id, doc) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
  );
  return {
    async get() {
      return read();
    },
    async save(name, connection) {
      return tx(() => {
        const before = read();
        const after: StoredConnections = { ...before };
        if (connection) after[name] = connection;
        else delete after[name];
        putQuery.run(JSON.stringify(after));
        return { before, after };
      });
    },
  };
}
