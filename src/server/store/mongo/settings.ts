// The shop's settings on MongoDB: one document, 'shop'.
import type { SettingsRepository, StoredSettings } from '../port.ts';
import type { MongoContext } from './context.ts';

/** The shop settings over `db`. */
export function mongoSettings({ db }: MongoContext): SettingsRepository {
  const settings = db.collection<StoredSettings & { _id: string }>('settings');
  return {
    async get() {
      const doc = await settings.findOne({ _id: 'shop' });
      if (!doc) return {};
      const { _id, ...stored } = doc;
      return stored;
    },
    async save(values) {
      // One atomic upsert answering the document before it; after is that plus the new values.
      const doc = await settings.findOneAndUpdate(
        { _id: 'shop' },
        { $set: values },
        { upsert: true, returnDocument: 'before' },
      );
      const { _id, ...before } = doc ?? { _id: 'shop' };
      return { before, after: { ...before, ...values } };
    },
  };
}
