// Desk members' passkeys on MongoDB: one document per credential (its id the _id, so unique for
// everyone); the counter moves by one conditional update.
import type { PasskeyRecord, PasskeyRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

/** The passkey repository over `db`. */
export function mongoPasskeys({ db, isDuplicate }: MongoContext): PasskeyRepository {
  const passkeys = db.collection<Doc<PasskeyRecord>>('passkeys');
  return {
    async create(passkey) {
      try {
        await passkeys.insertOne(toDoc(passkey));
        return true;
      } catch (error) {
        if (isDuplicate(error)) return false;
        throw error;
      }
    },
    async findById(id) {
      return fromDoc<PasskeyRecord>(await passkeys.findOne({ _id: id }));
    },
    async listByStaff(staffId) {
      const docs = await passkeys.find({ staffId }, { sort: { createdAt: 1, _id: 1 } }).toArray();
      return docs.map((d) => fromDoc<PasskeyRecord>(d)!);
    },
    async useCounter(id, from, to, at) {
      const result = await passkeys.updateOne(
        { _id: id, counter: from },
        { $set: { counter: to, lastUsedAt: at } },
      );
      return result.matchedCount === 1;
    },
    async remove(id, staffId) {
      return (await passkeys.deleteOne({ _id: id, staffId })).deletedCount === 1;
    },
    async removeByStaff(staffId) {
      return (await passkeys.deleteMany({ staffId })).deletedCount;
    },
  };
}
