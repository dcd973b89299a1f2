// Orders on MongoDB: one document each. A change whose condition reads only the order is one
// conditional findOneAndUpdate; placing an order (the order, its stock and the emptied cart) is one
// transaction.
import type { ClientSession, Collection, Db } from 'mongodb';
import { referenceKey, type LedgerEntry } from '../../../lib/orders/ledger.ts';
import type { OrderRecord, OrderRepository } from '../port.ts';
import { LineUnavailable } from '../product-state.ts';
import { cartDocs } from './carts.ts';
import type { MongoContext } from './context.ts';
import { fromDoc, toDoc, type Doc } from './documents.ts';
import { claimLines, productDocs } from './product-docs.ts';

/** The orders collection of `db`. */
export const orderDocs = (db: Db): Collection<Doc<OrderRecord>> =>
  db.collection<Doc<OrderRecord>>('orders');

/** Every reference a ledger entry claimed, keyed by referenceKey: `_id` makes each claim unique. */
export const ledgerReferenceDocs = (db: Db): Collection<{ _id: string; orderId: string }> =>
  db.collection<{ _id: string; orderId: string }>('ledgerReferences');

/** Thrown inside a ledger transaction to roll it back with the reason it was refused. */
class LedgerRefusal extends Error {
  readonly kind: 'stale' | 'duplicateReference';
  constructor(kind: 'stale' | 'duplicateReference') {
    super(kind);
    this.kind = kind;
  }
}

/** The filter that holds an order's ledger to the count of entries its writer read. */
const ledgerCount = (entriesBefore: number) =>
  entriesBefore === 0
    ? { $or: [{ payments: { $exists: false } }, { payments: { $size: 0 } }] }
    : { payments: { $size: entriesBefore } };

/** Order Placed with nothing on its ledger: what a card may still be opened on or expired from. */
const UNPAID_PLACED = {
  status: 'Order Placed' as const,
  $or: [{ payments: { $exists: false } }, { payments: { $size: 0 } }],
};

/** The orders repository over `db`. */
export function mongoOrders({
  client,
  db,
  isDuplicate,
  inTransaction,
}: MongoContext): OrderRepository {
  const orders = orderDocs(db);
  const references = ledgerReferenceDocs(db);
  /**
   * Runs one conditional order update together with the claim of the entry's reference, in one
   * transaction: a taken reference or a failed condition rolls both back.
   */
  const writeWithClaim = async (
    id: string,
    entry: LedgerEntry,
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
  ): Promise<OrderRecord | 'stale' | 'duplicateReference'> => {
    try {
      return await inTransaction(async (session) => {
        if (entry.reference !== null) {
          const key = referenceKey(entry.kind ?? 'payment', entry.method, entry.reference);
          try {
            await references.insertOne({ _id: key, orderId: id }, { session });
          } catch (error) {
            if (isDuplicate(error)) throw new LedgerRefusal('duplicateReference');
            throw error;
          }
        }
        const saved = fromDoc<OrderRecord>(
          await orders.findOneAndUpdate(filter, update, { returnDocument: 'after', session }),
        );
        if (!saved) throw new LedgerRefusal('stale');
        return saved;
      });
    } catch (error) {
      if (error instanceof LedgerRefusal) return error.kind;
      throw error;
    }
  };
  const carts = cartDocs(db);
  const products = productDocs(db);
  /** The order stored under an idempotency key, as a replay or a conflict with this request. */
  const replayOf = async (order: OrderRecord) => {
    const previous = fromDoc<OrderRecord>(
      await orders.findOne({ idempotencyKey: order.idempotencyKey }),
    );
    return previous &&
      previous.requestHash === order.requestHash &&
      previous.userId === order.userId
      ? ({ kind: 'replayed', order: previous } as const)
      : ({ kind: 'conflict' } as const);
  };

  return {
    async create(order, opts = {}) {
      // A replayed key answers before the stock check, as on SQLite.
      if (opts.requireStock && order.idempotencyKey) {
        if (await orders.findOne({ idempotencyKey: order.idempotencyKey })) return replayOf(order);
      }
      // The order and the emptied cart are one transaction: a crash between them can neither
      // leave an order whose cart is still full nor an emptied cart without its order.
      const session: ClientSession = client.startSession();
      try {
        await session.withTransaction(async () => {
          if (opts.requireStock) await claimLines(products, order, session);
          await orders.insertOne(toDoc(order), { session });
          await carts.updateOne(
            { _id: order.userId },
            { $set: { data: '{}' }, $inc: { version: 1 } },
            { upsert: true, session },
          );
        });
        return { kind: 'created', order };
      } catch (error) {
        if (error instanceof LineUnavailable) return { kind: 'unavailable', line: error.line };
        if (!isDuplicate(error) || !order.idempotencyKey) throw error;
        return replayOf(order);
      } finally {
        await session.endSession();
      }
    },
    async get(id) {
      return fromDoc<OrderRecord>(await orders.findOne({ _id: id }));
    },
    async listByUser(userId) {
      const docs = await orders.find({ userId }, { sort: { date: -1, _id: -1 } }).toArray();
      return docs.map((d) => fromDoc<OrderRecord>(d) as OrderRecord);
    },
    async list(filter = {}) {
      const query = filter.status ? { status: filter.status } : {};
      const docs = await orders.find(query, { sort: { date: -1, _id: -1 } }).toArray();
      return docs.map((d) => fromDoc<OrderRecord>(d) as OrderRecord);
    },
    async listHeads() {
      const docs = await orders
        .find(
          {},
          {
            sort: { date: -1, _id: -1 },
            projection: {
              _id: 1,
              date: 1,
              status: 1,
              total: 1,
              currency: 1,
              payments: 1,
              refundOutcomes: 1,
              paymentMethod: 1,
              address: 1,
              'codConfirmation.state': 1,
              'card.reference': 1,
            },
          },
        )
        .toArray();
      return docs.map((d) => ({
        id: d._id,
        date: d.date,
        status: d.status,
        total: d.total,
        currency: d.currency,
        payments: d.payments ?? [],
        ...(d.refundOutcomes ? { refundOutcomes: d.refundOutcomes } : {}),
        paymentMethod: d.paymentMethod,
        email: d.address?.email ?? '',
        firstName: d.address?.firstName ?? '',
        lastName: d.address?.lastName ?? '',
        mobile: d.address?.mobile ?? '',
        ...(d.codConfirmation ? { codConfirmation: { state: d.codConfirmation.state } } : {}),
        ...(d.card ? { card: true as const } : {}),
      }));
    },
    async getMany(ids) {
      const docs = await orders.find({ _id: { $in: [...ids] } }).toArray();
      const found = new Map(docs.map((d) => [d._id, fromDoc<OrderRecord>(d) as OrderRecord]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },
    async transition(id, from, to, opts = {}) {
      const filter: Record<string, unknown> = { _id: id, status: { $in: [...from] } };
      if (opts.userId !== undefined) filter.userId = opts.userId;
      const set: Record<string, unknown> = { status: to };
      if (opts.cancelReason !== undefined) set.cancelReason = opts.cancelReason;
      if (opts.shipping !== undefined) set.shipping = opts.shipping;
      const update = opts.event ? { $set: set, $push: { history: opts.event } } : { $set: set };
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
      );
    },
    async saveReturn(id, expectedVersion, next, opts) {
      const filter: Record<string, unknown> = {
        _id: id,
        status: 'Delivered',
        ...(expectedVersion === 0
          ? { returnRequest: { $exists: false } }
          : { 'returnRequest.version': expectedVersion }),
      };
      if (opts.userId !== undefined) filter.userId = opts.userId;
      if (!opts.refund)
        return fromDoc<OrderRecord>(
          await orders.findOneAndUpdate(
            filter,
            { $set: { returnRequest: next }, $push: { history: opts.event } },
            { returnDocument: 'after' },
          ),
        );
      const saved = await writeWithClaim(
        id,
        opts.refund.entry,
        { ...filter, ...ledgerCount(opts.refund.entriesBefore) },
        {
          $set: { returnRequest: next },
          $push: { history: opts.event, payments: opts.refund.entry },
        },
      );
      return typeof saved === 'string' ? null : saved;
    },
    // The ledger.
    async appendLedger(id, entry, when) {
      const saved = await writeWithClaim(
        id,
        entry,
        { _id: id, status: { $in: [...when.statuses] }, ...ledgerCount(when.entriesBefore) },
        { $push: { payments: entry } },
      );
      return typeof saved === 'string' ? { kind: saved } : { kind: 'saved', order: saved };
    },
    async settleRefund(id, entryId, outcome) {
      const settled = `refundOutcomes.${entryId}`;
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          {
            _id: id,
            payments: { $elemMatch: { id: entryId, pending: true } },
            [settled]: { $exists: false },
          },
          { $set: { [settled]: outcome } },
          { returnDocument: 'after' },
        ),
      );
    },
    // Cards.
    async setCard(id, card, when = {}) {
      // The charge it replaces joins `earlier`: read, then written only while the order still
      // holds the card read (compare-and-set), so two Pay nows at once cannot lose a reference.
      const filter: Record<string, unknown> = { _id: id, ...UNPAID_PLACED };
      if (when.userId !== undefined) filter.userId = when.userId;
      const current = await orders.findOne(filter);
      if (!current) return null;
      const earlier = current.card
        ? [...(current.card.earlier ?? []), current.card.reference]
        : (card.earlier ?? []);
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          { ...filter, 'card.reference': current.card?.reference ?? { $exists: false } },
          { $set: { card: { ...card, ...(earlier.length ? { earlier } : {}) } } },
          { returnDocument: 'after' },
        ),
      );
    },
    async cancelUnpaid(id, reason, event) {
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          { _id: id, ...UNPAID_PLACED },
          { $set: { status: 'Cancelled', cancelReason: reason }, $push: { history: event } },
          { returnDocument: 'after' },
        ),
      );
    },
    async switchToCod(id, from, userId, event, codConfirmation) {
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          { _id: id, ...UNPAID_PLACED, userId, paymentMethod: from },
          {
            $set: {
              paymentMethod: 'COD',
              switchedFrom: from,
              ...(codConfirmation ? { codConfirmation } : {}),
            },
            $push: { history: event },
          },
          { returnDocument: 'after' },
        ),
      );
    },
    // COD confirmation.
    async writeCodConfirmation(id, next, opts = {}) {
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          { _id: id, status: 'Order Placed', 'codConfirmation.state': 'waiting' },
          {
            $set: {
              codConfirmation: next,
              ...(opts.cancelReason !== undefined
                ? { status: 'Cancelled', cancelReason: opts.cancelReason }
                : {}),
            },
            ...(opts.event ? { $push: { history: opts.event } } : {}),
          },
          { returnDocument: 'after' },
        ),
      );
    },
    // Address changes.
    async changeAddress(id, userId, address, event) {
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          {
            _id: id,
            userId,
            status: 'Order Placed',
            courierBooking: { $exists: false },
            'address.country': address.country,
          },
          { $set: { address }, $push: { history: event } },
          { returnDocument: 'after' },
        ),
      );
    },
    // Courier bookings.
    async writeCourierBooking(id, expectedClaim, next, when) {
      return fromDoc<OrderRecord>(
        await orders.findOneAndUpdate(
          {
            _id: id,
            status: { $in: [...when.statuses] },
            'courierBooking.claim': expectedClaim ?? { $exists: false },
          },
          next ? { $set: { courierBooking: next } } : { $unset: { courierBooking: '' } },
          { returnDocument: 'after' },
        ),
      );
    },
    // Removed orders.
    async hideForOwner(id, userId) {
      const result = await orders.updateOne({ _id: id, userId }, { $set: { hiddenByOwner: true } });
      return result.matchedCount === 1;
    },
  };
}
