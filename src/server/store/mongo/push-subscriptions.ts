// Desk members' push subscriptions on MongoDB: one document per device (_id the record's id), the
// endpoint unique (push_subscriptions_endpoint), so a save is an insert, or one
// conditional update of the member's own endpoint.
import type { PushSubscriptionRecord, PushSubscriptionRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

type PushDoc = Omit<PushSubscriptionRecord, 'id'> & { _id: string };

const fromDoc = (doc: PushDoc): PushSubscriptionRecord => {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
};

/** The push subscriptions over `db`. */
export function mongoPushSubscriptions({
  db,
  isDuplicate,
}: MongoContext): PushSubscriptionRepository {
  const subscriptions = db.collection<PushDoc>('pushSubscriptions');
  const sorted = { createdAt: 1, _id: 1 } as const;
  return {
    async save(record) {
      const { id, ...rest } = record;
      try {
        await subscriptions.insertOne({ _id: id, ...rest });
        return record;
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
      // The endpoint is held: this member's is updated in place; another member's is not matched.
      const { keys, kinds, label } = record;
      const doc = await subscriptions.findOneAndUpdate(
        { endpoint: record.endpoint, staffId: record.staffId },
        { $set: { keys, kinds, label } },
        { returnDocument: 'after' },
      );
      return doc ? fromDoc(doc) : null;
    },
    async listByStaff(staffId) {
      return (await subscriptions.find({ staffId }, { sort: sorted }).toArray()).map(fromDoc);
    },
    async listForKind(kind) {
      return (await subscriptions.find({ kinds: kind }, { sort: sorted }).toArray()).map(fromDoc);
    },
    async remove(id, staffId) {
      return (await subscriptions.deleteOne({ _id: id, staffId })).deletedCount > 0;
    },
    async removeEndpoint(endpoint) {
      return (await subscriptions.deleteMany({ endpoint })).deletedCount;
    },
    async removeAllOf(staffId) {
      return (await subscriptions.deleteMany({ staffId })).deletedCount;
    },
  };
}
