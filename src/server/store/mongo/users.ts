// Shopper accounts on MongoDB: each change is one atomic findOneAndUpdate.
import type { UserRecord, UserRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

/** The users repository over `db`. */
export function mongoUsers({ db, isDuplicate }: MongoContext): UserRepository {
  const users = db.collection<Doc<UserRecord>>('users');
  return {
    async findByEmail(email) {
      return fromDoc<UserRecord>(await users.findOne({ email: email.toLowerCase() }));
    },
    async findById(id) {
      return fromDoc<UserRecord>(await users.findOne({ _id: id }));
    },
    async create(user) {
      const record = { ...user, email: user.email.toLowerCase() };
      try {
        await users.insertOne(toDoc(record));
        return record;
      } catch (error) {
        if (isDuplicate(error)) return null;
        throw error;
      }
    },
    async setPassword(id, passwordHash, opts = {}) {
      const set =
        opts.emailVerified === undefined
          ? { passwordHash }
          : { passwordHash, emailVerified: opts.emailVerified };
      return fromDoc<UserRecord>(
        await users.findOneAndUpdate(
          { _id: id },
          { $set: set, $inc: { tokenVersion: 1 } },
          { returnDocument: 'after' },
        ),
      );
    },
    async linkGoogle(id, googleSub, opts = {}) {
      const set = opts.dropPassword
        ? { googleSub, emailVerified: true, passwordHash: null }
        : { googleSub, emailVerified: true };
      return fromDoc<UserRecord>(
        await users.findOneAndUpdate(
          { _id: id },
          { $set: set, $inc: { tokenVersion: 1 } },
          { returnDocument: 'after' },
        ),
      );
    },
    async bumpTokenVersion(id) {
      return fromDoc<UserRecord>(
        await users.findOneAndUpdate(
          { _id: id },
          { $inc: { tokenVersion: 1 } },
          { returnDocument: 'after' },
        ),
      );
    },
  };
}
