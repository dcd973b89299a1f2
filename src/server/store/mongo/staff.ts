// Desk staff on MongoDB: one document per member. An update is one conditional findOneAndUpdate,
// or a transaction when its condition reads other members (another active owner).
import type { ClientSession } from 'mongodb';
import type { StaffRecord, StaffRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

/** The staff repository over `db`. */
export function mongoStaff({ client, db, isDuplicate }: MongoContext): StaffRepository {
  const staff = db.collection<Doc<StaffRecord>>('staff');
  const locks = db.collection<{ _id: string; version: number }>('locks');
  return {
    async create(member) {
      const record = { ...member, email: member.email.toLowerCase() };
      try {
        await staff.insertOne(toDoc(record));
        return record;
      } catch (error) {
        if (isDuplicate(error)) return null;
        throw error;
      }
    },
    async findById(id) {
      return fromDoc<StaffRecord>(await staff.findOne({ _id: id }));
    },
    async findByEmail(email) {
      return fromDoc<StaffRecord>(await staff.findOne({ email: email.toLowerCase() }));
    },
    async findByInvite(inviteHash) {
      return fromDoc<StaffRecord>(await staff.findOne({ inviteHash }));
    },
    async list() {
      const docs = await staff.find({}, { sort: { createdAt: 1, _id: 1 } }).toArray();
      return docs.map((d) => fromDoc<StaffRecord>(d) as StaffRecord);
    },
    async update(id, change, when = {}) {
      // One conditional findOneAndUpdate: the condition and the change are one atomic step.
      const filter: Record<string, unknown> = { _id: id };
      if (when.status) filter.status = { $in: [...when.status] };
      if (when.inviteHash !== undefined) filter.inviteHash = when.inviteHash;
      if (when.role !== undefined) filter.role = when.role;
      if (when.totpLastStepBelow !== undefined)
        filter.totpLastStep = { $lt: when.totpLastStepBelow };
      const update: Record<string, unknown> = {};
      if (change.set && Object.keys(change.set).length > 0) update.$set = change.set;
      if (change.bumpSession) update.$inc = { sessionVersion: 1 };
      if (Object.keys(update).length === 0) {
        return fromDoc<StaffRecord>(await staff.findOne(filter));
      }
      if (!when.anotherActiveOwner)
        return fromDoc<StaffRecord>(
          await staff.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
        );
      // Whether another owner remains reads other documents than the one written, so it is one
      // transaction; each such transaction first bumps one shared lock document, so two of them
      // at once conflict (one retries and sees the other's write) instead of both passing.
      const session: ClientSession = client.startSession();
      try {
        let result: Doc<StaffRecord> | null = null;
        await session.withTransaction(async () => {
          await locks.updateOne(
            { _id: 'staff-owners' },
            { $inc: { version: 1 } },
            { upsert: true, session },
          );
          const others = await staff.countDocuments(
            { _id: { $ne: id }, role: 'owner', status: 'active' },
            { session },
          );
          result =
            others === 0
              ? null
              : await staff.findOneAndUpdate(filter, update, {
                  returnDocument: 'after',
                  session,
                });
        });
        return fromDoc<StaffRecord>(result);
      } finally {
        await session.endSession();
      }
    },
  };
}
