// Password-reset codes on MongoDB: one document per e-mail, removed by a TTL index once expired.
import type { OtpRecord, OtpRepository } from '../port.ts';
import type { MongoContext } from './context.ts';

type OtpDoc = Omit<OtpRecord, 'email'> & { _id: string; expiresAtDate: Date };

const fromOtp = (doc: OtpDoc | null): OtpRecord | null => {
  if (!doc) return null;
  const { _id, expiresAtDate: _date, ...rest } = doc;
  return { ...rest, email: _id };
};

/** The one-time-password repository over `db`. */
export function mongoOtps({ db }: MongoContext): OtpRepository {
  const otps = db.collection<OtpDoc>('otps');
  return {
    async put(otp) {
      const { email, ...rest } = otp;
      await otps.replaceOne(
        { _id: email },
        { ...rest, expiresAtDate: new Date(otp.expiresAt) },
        { upsert: true },
      );
    },
    async get(email) {
      return fromOtp(await otps.findOne({ _id: email }));
    },
    async spendAttempt(email, max, now = Date.now()) {
      return fromOtp(
        await otps.findOneAndUpdate(
          { _id: email, expiresAt: { $gt: now }, attempts: { $lt: max } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        ),
      );
    },
    async delete(email) {
      return (await otps.deleteOne({ _id: email })).deletedCount === 1;
    },
  };
}
