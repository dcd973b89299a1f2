// Passkey challenges on MongoDB: one document each, removed by a TTL index once expired. Taking
// one is a delete: of two callers only the one whose delete removed it gets it.
import type { ChallengeRecord, ChallengeRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

type ChallengeDoc = Doc<ChallengeRecord> & { expiresAtDate: Date };

/** The passkey-challenge repository over `db`. */
export function mongoPasskeyChallenges({ db }: MongoContext): ChallengeRepository {
  const challenges = db.collection<ChallengeDoc>('passkeyChallenges');
  return {
    async put(challenge) {
      await challenges.insertOne({
        ...toDoc(challenge),
        expiresAtDate: new Date(challenge.expiresAt),
      });
    },
    async take(id) {
      const doc = await challenges.findOne({ _id: id });
      if (!doc) return null;
      if ((await challenges.deleteOne({ _id: id })).deletedCount !== 1) return null;
      const { expiresAtDate: _date, ...record } = doc;
      return fromDoc<ChallengeRecord>(record);
    },
  };
}
