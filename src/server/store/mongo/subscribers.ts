// Newsletter subscriptions on MongoDB: one document per e-mail (the _id), each change one
// conditional write.
import {
  PENDING_SUBSCRIPTION_MS,
  subscriptionLinkWorks,
  type SubscriberRecord,
  type SubscriberRepository,
} from '../port.ts';
import type { MongoContext } from './context.ts';

type SubscriberDoc = Omit<SubscriberRecord, 'email'> & { _id: string };

/** A filter for a subscription whose current link was mailed at `cutoff` or later. */
const linkMailedSince = (cutoff: number) => ({
  $or: [
    { requestedAt: { $gte: cutoff } },
    { requestedAt: { $exists: false }, createdAt: { $gte: cutoff } },
  ],
});

const fromSubscriber = (doc: SubscriberDoc | null): SubscriberRecord | null => {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return { ...rest, email: _id };
};

/** The newsletter subscribers over `db`. */
export function mongoSubscribers({ db, isDuplicate }: MongoContext): SubscriberRepository {
  const subscribers = db.collection<SubscriberDoc>('subscribers');
  return {
    async request(email, tokenHash, now = Date.now()) {
      const key = email.toLowerCase();
      // One conditional upsert: a confirmed subscriber is never matched, so never reset to pending.
      try {
        const doc = await subscribers.findOneAndUpdate(
          { _id: key, status: { $ne: 'confirmed' } },
          {
            $set: { status: 'pending', tokenHash, requestedAt: now, confirmedAt: null },
            $setOnInsert: { createdAt: now },
          },
          { upsert: true, returnDocument: 'after' },
        );
        if (doc) return fromSubscriber(doc) as SubscriberRecord;
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
      return fromSubscriber(await subscribers.findOne({ _id: key })) as SubscriberRecord;
    },
    async findPending(tokenHash, now = Date.now()) {
      const found = fromSubscriber(await subscribers.findOne({ tokenHash, status: 'pending' }));
      return found && subscriptionLinkWorks(found, now) ? found : null;
    },
    async confirm(tokenHash, now = Date.now()) {
      return fromSubscriber(
        await subscribers.findOneAndUpdate(
          { tokenHash, status: 'pending', ...linkMailedSince(now - PENDING_SUBSCRIPTION_MS) },
          { $set: { status: 'confirmed', tokenHash: null, confirmedAt: now } },
          { returnDocument: 'after' },
        ),
      );
    },
    async purgeExpired(now = Date.now()) {
      const cutoff = now - PENDING_SUBSCRIPTION_MS;
      // Records without requestedAt (written before links expired) count from createdAt.
      const result = await subscribers.deleteMany({
        status: 'pending',
        $or: [
          { requestedAt: { $lt: cutoff } },
          { requestedAt: { $exists: false }, createdAt: { $lt: cutoff } },
        ],
      });
      return result.deletedCount;
    },
    async get(email) {
      return fromSubscriber(await subscribers.findOne({ _id: email.toLowerCase() }));
    },
  };
}
