// Gateway events on MongoDB: one document per event, the event id as _id, so the collection's own
// unique _id refuses a second insert.
import type { GatewayEventRecord, GatewayEventRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

type GatewayEventDoc = Omit<GatewayEventRecord, 'id'> & { _id: string };

const fromEvent = (doc: GatewayEventDoc | null): GatewayEventRecord | null => {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return { ...rest, id: _id };
};

/** The gateway events over `db`. */
export function mongoGatewayEvents({ db, isDuplicate }: MongoContext): GatewayEventRepository {
  const events = db.collection<GatewayEventDoc>('gatewayEvents');
  return {
    async insert(event) {
      const { id, ...rest } = event;
      try {
        await events.insertOne({ _id: id, ...rest });
        return true;
      } catch (error) {
        if (isDuplicate(error)) return false;
        throw error;
      }
    },
    async settle(id, outcome) {
      await events.updateOne({ _id: id }, { $set: { outcome } });
    },
    async release(id) {
      await events.deleteOne({ _id: id });
    },
    async get(id) {
      return fromEvent(await events.findOne({ _id: id }));
    },
  };
}
