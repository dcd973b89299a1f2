// The shop's connections on MongoDB: one document, 'shop'.
import type { ConnectionRepository, StoredConnections } from '../port.ts';
import type { MongoContext } from './context.ts';

/** The shop's connections over `db`. */
export function mongoConnections({ db }: MongoContext): ConnectionRepository {
  const connections = db.collection<StoredConnections & { _id: string }>('connections');
  return {
    async get() {
      const doc = await connections.findOne({ _id: 'shop' });
      if (!doc) return {};
      const { _id, ...stored } = doc;
      return stored;
    },
    async save(name, connection) {
      // One atomic upsert answering the document before it; after is that with the one change.
      const doc = await connections.findOneAndUpdate(
        { _id: 'shop' },
        connection ? { $set: { [name]: connection } } : { $unset: { [name]: '' } },
        { upsert: true, returnDocument: 'before' },
      );
      const { _id, ...before } = doc ?? { _id: 'shop' };
      const after: StoredConnections = { ...before };
      if (connection) after[name] = connection;
      else delete after[name];
      return { before, after };
    },
  };
}
