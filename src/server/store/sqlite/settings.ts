// The shop's settings on SQLite: one row.
import type { SettingsRepository, StoredSettings } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The shop settings over `db`. */
export function sqliteSettings({ db, tx }: SqliteContext): SettingsRepository {
  const settingsGet = db.prepare('SELECT doc FROM settings WHERE id = 1');
  const readSettings = (): StoredSettings =>
    parse<StoredSettings>(settingsGet.get() as Row | undefined) ?? {};
  const settingsPutQuery = db.prepare(
    'INSERT INTO settings (id, doc) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
  );
  return {
    async get() {
      return readSettings();
    },
    async save(values) {
      return tx(() => {
        const before = readSettings();
        const after = { ...before, ...values };
        settingsPutQuery.run(JSON.stringify(after));
        return { before, after };
      });
    },
  };
}
