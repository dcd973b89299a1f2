// Catalogue versions on MongoDB, one document each: _id is the number, `items` the products. A
// publish reads the latest version and inserts the next number in one transaction; the number is
// the _id, so two publishes that read the same latest cannot both insert it: the loser retries
// with the next number.
import type { ClientSession } from 'mongodb';
import type { Product } from '../../../lib/product.ts';
import type { CatalogueVersion, CatalogueVersionRepository, DeployState } from '../port.ts';
import { PENDING_STATES, leftBehind, newVersion, wentLive } from '../version-state.ts';
import type { MongoContext } from './context.ts';

type VersionDoc = Omit<CatalogueVersion, 'number'> & { _id: number; items: Product[] };

const WITHOUT_ITEMS = { projection: { items: 0 } } as const;

const fromVersion = (doc: VersionDoc | null): CatalogueVersion | null => {
  if (!doc) return null;
  const { _id, items: _items, ...rest } = doc;
  return { number: _id, ...rest };
};

/** The catalogue versions over `db`. */
export function mongoCatalogueVersions({
  db,
  isDuplicate,
  inTransaction,
}: MongoContext): CatalogueVersionRepository {
  const versions = db.collection<VersionDoc>('catalogueVersions');
  const newestVersion = async (filter: object, session?: ClientSession) =>
    (
      await versions
        .find(filter, { sort: { _id: -1 }, limit: 1, ...WITHOUT_ITEMS, session })
        .toArray()
    )[0] ?? null;
  /** Writes what version `number` leaves behind of the older ones, in `session`. */
  const leaveBehind = async (
    number: number,
    at: string,
    byLive: boolean,
    session: ClientSession,
  ) => {
    const states: DeployState[] = byLive ? [...PENDING_STATES, 'live'] : [...PENDING_STATES];
    const older = await versions
      .find({ _id: { $lt: number }, state: { $in: states } }, { ...WITHOUT_ITEMS, session })
      .toArray();
    for (const doc of older) {
      const next = leftBehind(fromVersion(doc)!, at, byLive);
      if (next)
        await versions.updateOne(
          { _id: doc._id },
          { $set: { state: next.state, stateAt: next.stateAt, message: next.message } },
          { session },
        );
    }
  };

  return {
    async publish(input, changed) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await inTransaction(async (session) => {
            const latest = await versions
              .find({}, { sort: { _id: -1 }, limit: 1, session })
              .toArray();
            const previous = latest[0]?.items ?? null;
            const version = newVersion((latest[0]?._id ?? 0) + 1, input, changed(previous));
            const { number, ...rest } = version;
            await versions.insertOne(
              { _id: number, ...rest, items: [...input.products] },
              { session },
            );
            await leaveBehind(number, input.publishedAt, false, session);
            return version;
          });
        } catch (error) {
          if (!isDuplicate(error) || attempt >= 20) throw error;
        }
      }
    },
    async latest() {
      return fromVersion(await newestVersion({}));
    },
    async live() {
      return fromVersion(await newestVersion({ state: 'live' }));
    },
    async get(number) {
      return fromVersion(await versions.findOne({ _id: number }, WITHOUT_ITEMS));
    },
    async recent(limit) {
      const docs = await versions
        .find({}, { sort: { _id: -1 }, limit, ...WITHOUT_ITEMS })
        .toArray();
      return docs.map((d) => fromVersion(d)!);
    },
    async products(number) {
      const doc = await versions.findOne({ _id: number }, { projection: { items: 1 } });
      return doc ? doc.items : null;
    },
    async holds(productId) {
      return (
        (await versions.findOne({ 'items._id': productId }, { projection: { _id: 1 } })) !== null
      );
    },
    async setState(number, next, from) {
      const doc = await versions.findOneAndUpdate(
        { _id: number, state: { $in: [...from] } },
        { $set: { state: next.state, stateAt: next.at, message: next.message } },
        { returnDocument: 'after', ...WITHOUT_ITEMS },
      );
      return fromVersion(doc);
    },
    async markLive(number, at) {
      return inTransaction(async (session) => {
        const current = fromVersion(
          await versions.findOne({ _id: number }, { ...WITHOUT_ITEMS, session }),
        );
        if (!current) return null;
        if (current.state === 'live') return current;
        const live = await newestVersion({ state: 'live' }, session);
        if (live && live._id > number) return null;
        const updated = wentLive(current, at);
        await versions.updateOne(
          { _id: number },
          {
            $set: {
              state: updated.state,
              stateAt: updated.stateAt,
              liveAt: updated.liveAt,
              message: null,
            },
          },
          { session },
        );
        await leaveBehind(number, at, true, session);
        return updated;
      });
    },
  };
}
