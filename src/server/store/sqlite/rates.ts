// The exchange-rate cache on SQLite: a single row.
import type { RateRepository, RatesRecord } from '../port.ts';
import { parse, type Row, type SqliteContext } from './db.ts';

/** The exchange-rate cache over `db`. */
export function sqliteRates({ db }: SqliteContext): RateRepository {
  const q = {
    ratesGet: db.prepare('SELECT doc FROM rates WHERE id = 1'),
    ratesPut: db.prepare(
      'INSERT INTO rates (id, doc) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc',
    ),
  };
  return {
    async get() {
      return parse<RatesRecord>(q.ratesGet.get() as Row | undefined);
    },
    async put(record) {
      q.ratesPut.run(JSON.stringify(record));
    },
  };
}
