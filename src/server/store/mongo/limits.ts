// Throttling counters on MongoDB: one document per key, removed by a TTL index once its window
// ended.
import { StoreUnavailableError, type LimitRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

/** The throttling counters over `db`. */
export function mongoLimits({ db, isDuplicate }: MongoContext): LimitRepository {
  const limits = db.collection<{ _id: string; count: number; resetAt: number; resetAtDate: Date }>(
    'limits',
  );
  return {
    async hit(key, windowMs, now = Date.now()) {
      // $inc with upsert on the live window; an expired counter blocks the upsert's insert
      // (same _id), so it is removed conditionally and the hit tried again.
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const doc = await limits.findOneAndUpdate(
            { _id: key, resetAt: { $gt: now } },
            {
              $inc: { count: 1 },
              $setOnInsert: { resetAt: now + windowMs, resetAtDate: new Date(now + windowMs) },
            },
            { upsert: true, returnDocument: 'after' },
          );
          if (doc) return { count: doc.count, resetAt: doc.resetAt };
        } catch (error) {
          if (!isDuplicate(error)) throw error;
          await limits.deleteOne({ _id: key, resetAt: { $lte: now } });
        }
      }
      throw new StoreUnavailableError(`throttle counter ${key} kept conflicting; try again`);
    },
    async release(key, now = Date.now()) {
      await limits.updateOne(
        { _id: key, resetAt: { $gt: now }, count: { $gt: 0 } },
        { $inc: { count: -1 } },
      );
    },
    async reset(key) {
      await limits.deleteOne({ _id: key });
    },
    async purge(now = Date.now()) {
      return (await limits.deleteMany({ resetAt: { $lte: now } })).deletedCount;
    },
  };
}
