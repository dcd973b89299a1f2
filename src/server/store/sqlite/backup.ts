// Raw rows for backups on SQLite: a collection is the table of the same name, and only a name
// src/server/store/collections.ts backs up ever reaches SQL.
import type { SQLInputValue } from 'node:sqlite';
import { isBackedUp } from '../collections.ts';
import type { BackupRepository } from '../port.ts';
import type { Row, SqliteContext } from './db.ts';

/** A backed-up collection's table name; anything else is refused before it nears SQL. */
function table(collection: string): string {
  if (!isBackedUp(collection)) throw new Error(`${JSON.stringify(collection)} is not backed up`);
  return collection.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The backup access over `db`. */
export function sqliteBackup({ db, tx }: SqliteContext): BackupRepository {
  return {
    async count(collection) {
      const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table(collection)}`).get() as Row;
      return Number(row.n);
    },
    async read(collection) {
      return db.prepare(`SELECT * FROM ${table(collection)} ORDER BY rowid`).all() as Row[];
    },
    async write(collection, records) {
      const name = table(collection);
      const columns = new Set(
        (db.prepare(`PRAGMA table_info(${name})`).all() as Row[]).map((c) => String(c.name)),
      );
      tx(() => {
        for (const record of records) {
          const keys = Object.keys(record);
          const unknown = keys.find((k) => !columns.has(k));
          if (unknown !== undefined)
            throw new Error(`${name} has no column ${JSON.stringify(unknown)}`);
          const values = keys.map((k) => record[k] as SQLInputValue);
          db.prepare(
            `INSERT INTO ${name} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`,
          ).run(...values);
        }
      });
    },
  };
}
