// The exchange-rate cache on MongoDB: one document, 'latest'.
import type { RateRepository, RatesRecord } from '../port.ts';
import type { MongoContext } from './context.ts';

/** The exchange-rate cache over `db`. */
export function mongoRates({ db }: MongoContext): RateRepository {
  const rates = db.collection<RatesRecord & { _id: string }>('rates');
  return {
    async get() {
      const doc = await rates.findOne({ _id: 'latest' });
      if (!doc) return null;
      const { _id, ...record } = doc;
      return record;
    },
    async put(record) {
      await rates.replaceOne({ _id: 'latest' }, record, { upsert: true });
    },
  };
}
