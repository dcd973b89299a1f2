// Failed shopper mails on MongoDB: one document each; a claim and a settle are each one
// conditional write.
import { settled, type MailFailureRecord, type MailFailureRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

/** The failed mails over `db`. */
export function mongoMailFailures({ db }: MongoContext): MailFailureRepository {
  const mailFailures = db.collection<Doc<MailFailureRecord>>('mailFailures');
  return {
    async add(f) {
      await mailFailures.insertOne(toDoc(f));
    },
    async get(id) {
      return fromDoc<MailFailureRecord>(await mailFailures.findOne({ _id: id }));
    },
    async list(filter = {}) {
      const query = filter.states ? { state: { $in: [...filter.states] } } : {};
      const docs = await mailFailures
        .find(query, { sort: { createdAt: -1, _id: -1 }, limit: filter.limit ?? 100 })
        .toArray();
      return docs.map((d) => fromDoc<MailFailureRecord>(d) as MailFailureRecord);
    },
    async due(now, limit) {
      const docs = await mailFailures
        .find(
          { state: 'failed', nextTryAt: { $lte: now } },
          { sort: { nextTryAt: 1, _id: 1 }, limit, projection: { _id: 1 } },
        )
        .toArray();
      return docs.map((d) => d._id);
    },
    async claim(id, now, leaseMs, manual) {
      // The same condition as `claimable`, as one conditional update.
      const states: Record<string, unknown>[] = [
        { state: 'failed' },
        { state: 'sending', claimedUntil: { $lte: now } },
      ];
      if (manual) states.push({ state: 'given-up' });
      return fromDoc<MailFailureRecord>(
        await mailFailures.findOneAndUpdate(
          { _id: id, $or: states },
          { $set: { state: 'sending', claimedUntil: now + leaseMs }, $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        ),
      );
    },
    async settle(id, outcome) {
      const current = fromDoc<MailFailureRecord>(
        await mailFailures.findOne({ _id: id, state: 'sending' }),
      );
      if (!current) return null;
      const { id: _id, ...next } = settled(current, outcome);
      // Conditional on the claim still standing, so a lapsed claim's late answer changes nothing.
      return fromDoc<MailFailureRecord>(
        await mailFailures.findOneAndUpdate(
          { _id: id, state: 'sending', claimedUntil: current.claimedUntil },
          { $set: next },
          { returnDocument: 'after' },
        ),
      );
    },
  };
}
