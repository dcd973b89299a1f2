// The desk's audit log on MongoDB: documents are only ever inserted.
import type { AuditEntry, AuditRepository } from '../port.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';

/** The audit log over `db`. */
export function mongoAudit({ db }: MongoContext): AuditRepository {
  const audit = db.collection<Doc<AuditEntry>>('audit');
  return {
    async append(entry) {
      await audit.insertOne(toDoc(entry));
    },
    async list(filter = {}) {
      const query: Record<string, unknown> = {};
      if (filter.actorId !== undefined) query['actor.id'] = filter.actorId;
      if (filter.target !== undefined) query.target = filter.target;
      if (filter.action !== undefined) query.action = filter.action;
      const docs = await audit
        .find(query, { sort: { at: -1, _id: -1 }, limit: filter.limit ?? 100 })
        .toArray();
      return docs.map((d) => fromDoc<AuditEntry>(d) as AuditEntry);
    },
  };
}
