// Raw documents for backups on MongoDB: a collection of the same name, and only a name
// src/server/store/collections.ts backs up is accepted.
import type { Document } from 'mongodb';
import { isBackedUp } from '../collections.ts';
import type { BackupRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

/** A backed-up collection's name; anything else is refused. */
function backedUp(collection: string): string {
  if (!isBackedUp(collection)) throw new Error(`${JSON.stringify(collection)} is not backed up`);
  return collection;
}

/** The backup access over `db`. */
export function mongoBackup({ db }: MongoContext): BackupRepository {
  return {
    async count(collection) {
      return db.collection(backedUp(collection)).countDocuments({});
    },
    async read(collection) {
      const docs = await db
        .collection(backedUp(collection))
        .find({}, { sort: { _id: 1 } })
        .toArray();
      return docs as Record<string, unknown>[];
    },
    async write(collection, records) {
      const target = db.collection(backedUp(collection));
      // Ordered batches: a failure stops at the document that failed, and says which.
      for (let start = 0; start < records.length; start += 1000)
        await target.insertMany(records.slice(start, start + 1000) as Document[], {
          ordered: true,
        });
    },
  };
}
